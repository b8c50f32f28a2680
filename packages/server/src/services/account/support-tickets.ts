import { NO_PROJECT, SUPPORT_MESSAGES } from '@basin/core';
import type { Profile, SupportTicket, SupportTicketBody } from '@basin/core/schemas';
import { badRequest, notFound } from '../../kernel/errors.ts';
import * as tickets from '../../store/support-tickets.ts';
import { requireOrganization, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { mailSupportTicket } from './support-mail.ts';

function toTicket(row: tickets.SupportTicketRow): SupportTicket {
  return {
    id: row.id,
    category: row.category,
    subject: row.subject,
    message: row.message,
    projectRef: row.project_ref,
    organizationSlug: row.organization_slug,
    created_at: row.created_at.toISOString(),
    emailed: row.emailed,
  };
}

/**
 * What the ticket is about, as far as the author may see it (404 otherwise): the project (and so
 * its organization), an organization alone, or neither.
 */
async function ticketScope(ctx: PlatformContext, userId: string, body: SupportTicketBody) {
  if (body.projectRef !== NO_PROJECT) {
    const project = await requireProject(ctx.db, body.projectRef, userId);
    if (body.organizationSlug && body.organizationSlug !== project.organization_slug) {
      throw badRequest(SUPPORT_MESSAGES.projectNotInOrganization);
    }
    return { organization_slug: project.organization_slug, project_ref: project.ref };
  }
  if (body.organizationSlug) await requireOrganization(ctx.db, body.organizationSlug, userId);
  return { organization_slug: body.organizationSlug ?? null, project_ref: null };
}

/** Stores the ticket first, then mails it when SMTP is configured; a mail failure loses nothing. */
export async function createTicket(ctx: PlatformContext, author: Profile, body: SupportTicketBody): Promise<SupportTicket> {
  const row = await tickets.insertTicket(ctx.db, {
    user_id: author.id,
    ...(await ticketScope(ctx, author.id, body)),
    category: body.category,
    subject: body.subject,
    message: body.message,
  });
  const emailed = await mailSupportTicket(ctx, row, author);
  if (emailed) await tickets.markEmailed(ctx.db, row.id);
  return toTicket({ ...row, emailed });
}

export async function listTickets(ctx: PlatformContext, userId: string): Promise<SupportTicket[]> {
  return (await tickets.listTicketsOfUser(ctx.db, userId)).map(toTicket);
}

/** Only its author sees a ticket; anyone else gets 404, as if it did not exist. */
export async function getTicket(ctx: PlatformContext, id: number, userId: string): Promise<SupportTicket> {
  const row = await tickets.findTicketOfUser(ctx.db, id, userId);
  if (!row) throw notFound('Support ticket');
  return toTicket(row);
}

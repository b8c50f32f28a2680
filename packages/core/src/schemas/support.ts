import { z } from 'zod';
import { NO_PROJECT, SUPPORT_CATEGORY_VALUES, SUPPORT_MESSAGES } from '../catalogues/support-categories.ts';
import { OrgSlug, ProjectRef } from './common.ts';

export const SupportCategory = z.enum(SUPPORT_CATEGORY_VALUES, SUPPORT_MESSAGES.unknownCategory);

/** POST /platform/support/tickets: the /support/new form. projectRef 'no-project' means none. */
export const SupportTicketBody = z
  .object({
    organizationSlug: OrgSlug.optional(),
    projectRef: z.union([ProjectRef, z.literal(NO_PROJECT)], 'Project ref must be 20 lower-case letters or no-project'),
    category: SupportCategory,
    subject: z.string().trim().min(1, SUPPORT_MESSAGES.subjectRequired).max(200, 'Subject must be at most 200 characters'),
    message: z.string().trim().min(1, SUPPORT_MESSAGES.messageRequired).max(10_000, 'Message must be at most 10000 characters'),
  })
  .meta({ id: 'SupportTicketBody' });
export type SupportTicketBody = z.infer<typeof SupportTicketBody>;

export const SupportTicket = z
  .object({
    id: z.number().int(),
    category: SupportCategory,
    subject: z.string(),
    message: z.string(),
    /** null when the ticket is about no project. */
    projectRef: ProjectRef.nullable(),
    organizationSlug: OrgSlug.nullable(),
    created_at: z.string(),
    /** Whether the ticket was also sent to the support mailbox (BASIN_SMTP_URL). */
    emailed: z.boolean(),
  })
  .meta({ id: 'SupportTicket' });
export type SupportTicket = z.infer<typeof SupportTicket>;

export const SupportTicketId = z.coerce.number().int().positive();

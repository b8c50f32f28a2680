/**
 * The dashboard's Mailbox (`/platform/auth/{ref}/mailbox`): the auth emails a project without an
 * SMTP server kept instead of sending (gotrue/mail.ts). Their links sign users in, so only the
 * members who manage users (auth.users:write) read or empty it.
 */
import { AUTH_MAILBOX_MESSAGES } from '@basin/core';
import type { AuthMailboxResponse } from '@basin/core/schemas';
import { mailConfigured } from '../../gotrue/email-flows.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import * as mailbox from '../../store/auth-mailbox.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import { cachedAuthSettings } from './auth-settings-cache.ts';

async function requireMailboxReader(ctx: PlatformContext, ref: string, userId: string): Promise<void> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'auth.users:write', AUTH_MAILBOX_MESSAGES.noPermission);
}

export async function readMailbox(ctx: PlatformContext, ref: string, userId: string): Promise<AuthMailboxResponse> {
  await requireMailboxReader(ctx, ref, userId);
  const [settings, rows] = await Promise.all([cachedAuthSettings(ctx, ref), mailbox.list(ctx.db, ref)]);
  return {
    smtp: mailConfigured(ctx, settings),
    messages: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      to: row.to_address,
      subject: row.subject,
      html: row.html,
      link: row.link,
      code: row.code,
      created_at: row.created_at.toISOString(),
    })),
  };
}

export async function emptyMailbox(ctx: PlatformContext, ref: string, userId: string): Promise<void> {
  await requireMailboxReader(ctx, ref, userId);
  await mailbox.empty(ctx.db, ref);
}

import { supportCategoryLabel } from '@basin/core';
import type { Profile } from '@basin/core/schemas';
import nodemailer from 'nodemailer';
import type { SupportTicketRow } from '../../store/support-tickets.ts';
import type { PlatformContext } from '../../kernel/context.ts';

/** Short timeouts: the author waits for the answer, and the ticket is stored either way. */
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/**
 * Sends the ticket to the support mailbox (BASIN_SUPPORT_EMAIL) through BASIN_SMTP_URL, with the
 * author as Reply-To. False when mail is not configured or the server refused it.
 */
export async function mailSupportTicket(ctx: PlatformContext, ticket: SupportTicketRow, author: Profile): Promise<boolean> {
  const { smtpUrl, supportEmail } = ctx.config;
  if (!smtpUrl || !supportEmail) return false;
  const transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  try {
    await transport.sendMail({
      from: `Basin support form <${supportEmail}>`,
      to: supportEmail,
      replyTo: author.email,
      subject: `[${supportCategoryLabel(ticket.category)}] ${ticket.subject}`,
      text: [
        `Ticket #${ticket.id} from ${author.email}`,
        `Category: ${supportCategoryLabel(ticket.category)} (${ticket.category})`,
        `Organization: ${ticket.organization_slug ?? 'none'}`,
        `Project: ${ticket.project_ref ?? 'none'}`,
        '',
        ticket.message,
      ].join('\n'),
    });
    return true;
  } catch (error) {
    ctx.logger.warn({ ticket: ticket.id, reason: error instanceof Error ? error.message : String(error) }, 'support ticket not mailed');
    return false;
  } finally {
    transport.close();
  }
}

import { z } from 'zod';

/**
 * The Mailbox of a project without an SMTP server (`/platform/auth/{ref}/mailbox`): the auth
 * emails it would have sent, kept for a day (the newest 100), each with its link and code.
 */
export const AuthMailboxMessage = z
  .object({
    id: z.uuid(),
    /** confirmation, magic_link, recovery, email_change, invite or reauthentication. */
    kind: z.string(),
    to: z.string(),
    subject: z.string(),
    /** The email as the project's template made it. */
    html: z.string(),
    /** Empty for a reauthentication email, which has a code only. */
    link: z.string(),
    code: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'AuthMailboxMessage' });
export type AuthMailboxMessage = z.infer<typeof AuthMailboxMessage>;

export const AuthMailboxResponse = z
  .object({
    /** Mail goes out through an SMTP server (the project's or the platform's): nothing new is kept. */
    smtp: z.boolean(),
    messages: z.array(AuthMailboxMessage),
  })
  .meta({ id: 'AuthMailboxResponse' });
export type AuthMailboxResponse = z.infer<typeof AuthMailboxResponse>;

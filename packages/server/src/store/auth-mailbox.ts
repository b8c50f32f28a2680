import type { Queryable } from './db.ts';

/** A project keeps this many kept emails, for this long: past that the links inside have expired anyway. */
export const MAILBOX_MAX_MESSAGES = 100;
export const MAILBOX_MAX_AGE_SECONDS = 24 * 3600;

export interface MailboxMessageInput {
  kind: string;
  to: string;
  subject: string;
  html: string;
  /** The email's link (its ConfirmationURL) and code, shown beside it. */
  link: string;
  code: string;
}

export interface MailboxMessageRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  link: string;
  code: string;
  created_at: Date;
}

/** Keeps an email the project could not send, and drops what is past the cap or the age. */
export async function keep(db: Queryable, ref: string, message: MailboxMessageInput): Promise<void> {
  await db.query(
    `with kept as (
       insert into auth_mailbox (project_ref, kind, to_address, subject, html, link, code) values ($1, $2, $3, $4, $5, $6, $7)
     )
     delete from auth_mailbox where project_ref = $1 and (
       id in (select id from auth_mailbox where project_ref = $1 order by created_at desc offset $8 - 1)
       or created_at < now() - make_interval(secs => $9)
     )`,
    [
      ref,
      message.kind,
      message.to,
      message.subject,
      message.html,
      message.link,
      message.code,
      MAILBOX_MAX_MESSAGES,
      MAILBOX_MAX_AGE_SECONDS,
    ],
  );
}

/** The project's kept emails, newest first. */
export async function list(db: Queryable, ref: string): Promise<MailboxMessageRow[]> {
  const { rows } = await db.query<MailboxMessageRow>(
    `select id, kind, to_address, subject, html, link, code, created_at from auth_mailbox
      where project_ref = $1 and created_at >= now() - make_interval(secs => $2)
      order by created_at desc limit $3`,
    [ref, MAILBOX_MAX_AGE_SECONDS, MAILBOX_MAX_MESSAGES],
  );
  return rows;
}

export async function empty(db: Queryable, ref: string): Promise<void> {
  await db.query('delete from auth_mailbox where project_ref = $1', [ref]);
}

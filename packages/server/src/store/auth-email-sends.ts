import type { Queryable } from './db.ts';

/**
 * Auth emails a project sent (gotrue/mail.ts records each message the SMTP server accepted),
 * counted against its hourly rate limit (RATE_LIMIT_EMAIL_SENT) and for its resource warning.
 */
export async function record(db: Queryable, ref: string): Promise<void> {
  await db.query('insert into auth_email_sends (project_ref) values ($1)', [ref]);
}

export async function countSince(db: Queryable, ref: string, seconds: number): Promise<number> {
  const { rows } = await db.query<{ sent: number }>(
    'select count(*)::int as sent from auth_email_sends where project_ref = $1 and sent_at > now() - make_interval(secs => $2)',
    [ref, seconds],
  );
  return rows[0]?.sent ?? 0;
}

/** Sends older than the rate limit's window count for nothing any more. */
export async function forgetOlderThan(db: Queryable, seconds: number): Promise<void> {
  await db.query('delete from auth_email_sends where sent_at <= now() - make_interval(secs => $1)', [seconds]);
}

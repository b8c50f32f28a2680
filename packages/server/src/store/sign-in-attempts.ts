import type { Queryable } from './db.ts';

/**
 * Counts one sign-in attempt on this email and answers how many its current window holds; a
 * window lasts `windowSeconds` from its first attempt. Other emails' past windows go on the way.
 */
export async function countAttempt(db: Queryable, email: string, windowSeconds: number): Promise<number> {
  const { rows } = await db.query<{ attempts: number }>(
    `with forgotten as (
       delete from sign_in_attempts where window_started_at <= now() - make_interval(secs => $2) and email <> $1
     )
     insert into sign_in_attempts as a (email, window_started_at, attempts) values ($1, now(), 1)
     on conflict (email) do update set
       attempts = case when a.window_started_at > now() - make_interval(secs => $2) then a.attempts + 1 else 1 end,
       window_started_at = case when a.window_started_at > now() - make_interval(secs => $2) then a.window_started_at else now() end
     returning attempts`,
    [email, windowSeconds],
  );
  return rows[0]!.attempts;
}

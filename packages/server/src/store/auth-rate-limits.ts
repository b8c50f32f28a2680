import type { Queryable } from './db.ts';

/** Rows of past windows removed when a new window starts: more than start at once, so they never pile up. */
const FORGET_AT_ONCE = 100;

/**
 * Counts one hit of `action` by `subject` on project `ref` and answers how many its current window
 * holds; a window lasts `windowSeconds` from its first hit. The count and the clean-up are two
 * statements so that neither holds one row's lock while waiting on another's: concurrent requests
 * (on any replica) wait on each other at most, never deadlock.
 */
export async function countHit(db: Queryable, ref: string, action: string, subject: string, windowSeconds: number): Promise<number> {
  const { rows } = await db.query<{ hits: number }>(
    `insert into auth_rate_limits as l (project_ref, action, subject, window_ends_at, hits)
     values ($1, $2, $3, now() + make_interval(secs => $4), 1)
     on conflict (project_ref, action, subject) do update set
       hits = case when l.window_ends_at > now() then l.hits + 1 else 1 end,
       window_ends_at = case when l.window_ends_at > now() then l.window_ends_at else excluded.window_ends_at end
     returning hits`,
    [ref, action, subject, windowSeconds],
  );
  const hits = rows[0]!.hits;
  if (hits === 1) await forgetPastWindows(db);
  return hits;
}

/** Removes some rows whose window has ended; rows another request holds are left for next time. */
async function forgetPastWindows(db: Queryable): Promise<void> {
  await db.query(
    `delete from auth_rate_limits where ctid = any(array(
       select ctid from auth_rate_limits where window_ends_at <= now() limit $1 for update skip locked))`,
    [FORGET_AT_ONCE],
  );
}

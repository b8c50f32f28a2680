import type { Queryable } from './db.ts';
import { forgetSnapshot } from './projects.ts';

/** ACTIVE_HEALTHY → PAUSING in one statement, so that two requests cannot both start a pause. */
export async function startPausing(db: Queryable, ref: string): Promise<boolean> {
  const { rowCount } = await db.query(
    "update projects set status = 'PAUSING', status_message = null, updated_at = now() where ref = $1 and status = 'ACTIVE_HEALTHY'",
    [ref],
  );
  forgetSnapshot(ref);
  return rowCount === 1;
}

/** INACTIVE from now: the restore countdown starts. */
export async function markPaused(db: Queryable, ref: string): Promise<void> {
  await db.query("update projects set status = 'INACTIVE', status_message = null, paused_at = now(), updated_at = now() where ref = $1", [
    ref,
  ]);
  forgetSnapshot(ref);
}

export async function pausedAt(db: Queryable, ref: string): Promise<Date | null> {
  const { rows } = await db.query<{ paused_at: Date | null }>('select paused_at from projects where ref = $1', [ref]);
  return rows[0]?.paused_at ?? null;
}

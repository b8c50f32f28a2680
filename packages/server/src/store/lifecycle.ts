/** Project-row changes of restart, resize, restore and upgrade; each one statement, so concurrent requests cannot both win. */
import type { ComputeSizeId, ProjectStatus } from '@basin/core';
import type { Queryable } from './db.ts';
import { forgetSnapshot } from './projects.ts';

/** Moves the project from one of `from` to `to`; false when it was in another status. */
export async function transition(db: Queryable, ref: string, from: readonly ProjectStatus[], to: ProjectStatus): Promise<boolean> {
  const { rowCount } = await db.query(
    'update projects set status = $3, status_message = null, updated_at = now() where ref = $1 and status = any($2)',
    [ref, from, to],
  );
  forgetSnapshot(ref);
  return rowCount === 1;
}

/** A healthy project goes RESIZING with its new size; answers the size it had, or undefined when it was not healthy. */
export async function startResize(db: Queryable, ref: string, size: ComputeSizeId): Promise<ComputeSizeId | undefined> {
  const { rows } = await db.query<{ previous: ComputeSizeId }>(
    `with before as (select ref, compute_size from projects where ref = $1 and status = 'ACTIVE_HEALTHY' for update)
     update projects p set status = 'RESIZING', status_message = null, compute_size = $2, updated_at = now()
       from before where p.ref = before.ref
     returning before.compute_size as previous`,
    [ref, size],
  );
  forgetSnapshot(ref);
  return rows[0]?.previous;
}

export async function setComputeSize(db: Queryable, ref: string, size: ComputeSizeId): Promise<void> {
  await db.query('update projects set compute_size = $2, updated_at = now() where ref = $1', [ref, size]);
  forgetSnapshot(ref);
}

/** Serving again after an operation; a restored project is no longer paused. */
export async function markHealthy(db: Queryable, ref: string, message: string | null = null): Promise<void> {
  await db.query(
    `update projects set status = 'ACTIVE_HEALTHY', status_message = $2, paused_at = null, updated_at = now() where ref = $1`,
    [ref, message],
  );
  forgetSnapshot(ref);
}

export async function setPostgresVersion(db: Queryable, ref: string, major: string, serverVersion: string): Promise<void> {
  await db.query('update projects set postgres_major = $2, server_version = $3, updated_at = now() where ref = $1', [
    ref,
    major,
    serverVersion,
  ]);
  forgetSnapshot(ref);
}

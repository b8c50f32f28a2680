import type { ProjectStatus } from '@basin/core';
import type { Queryable } from './db.ts';
import { forgetSnapshot } from './projects.ts';

export interface TreeMember {
  ref: string;
  status: ProjectStatus;
}

/** A branch of a branch is still a branch; the depth limit only guards against a cycle in bad data. */
const TREE = `with recursive tree (ref, depth) as (
    select ref, 0 from projects where ref = $1
    union all
    select p.ref, t.depth + 1 from projects p join tree t on p.parent_project_ref = t.ref where t.depth < 16
  )`;

/**
 * The project and its branches, deepest first: a branch is removed before its parent, whose
 * removal would otherwise cut the branch loose (parent_project_ref is set null). With `lock`, the
 * rows stay locked until the transaction ends.
 */
export async function projectTree(db: Queryable, ref: string, lock = false): Promise<TreeMember[]> {
  const { rows } = await db.query<TreeMember>(
    `${TREE} select p.ref, p.status from projects p join tree t on t.ref = p.ref
     order by t.depth desc ${lock ? 'for update of p' : ''}`,
    [ref],
  );
  return rows;
}

export async function markGoingDown(db: Queryable, refs: string[]): Promise<void> {
  await db.query("update projects set status = 'GOING_DOWN', status_message = null, updated_at = now() where ref = any($1)", [refs]);
  for (const ref of refs) forgetSnapshot(ref);
}

export async function deleteProjectRow(db: Queryable, ref: string): Promise<void> {
  await db.query('delete from projects where ref = $1', [ref]);
  forgetSnapshot(ref);
}

import type { ProjectStatus } from '@basin/core';
import type { Db, Queryable } from './db.ts';
import { transaction } from './db.ts';
import * as projects from './projects.ts';

export interface BranchRow {
  ref: string;
  parent_project_ref: string;
  branch_name: string;
  git_branch: string | null;
  is_default: boolean;
  with_data: boolean;
  /** The parent's second the branch starts from (its PITR window); null: the parent as it is. */
  recovery_time_target: Date | null;
}

export type NewBranch = Omit<BranchRow, 'ref'>;

/** The branch's project (with parent_project_ref) and its branch row, together or not at all. */
export async function insert(db: Db, project: projects.NewProject, branch: NewBranch): Promise<void> {
  await transaction(db, async (client) => {
    await projects.insert(client, project);
    await client.query('update projects set parent_project_ref = $2 where ref = $1', [project.ref, branch.parent_project_ref]);
    await client.query(
      `insert into project_branches (ref, parent_project_ref, branch_name, git_branch, is_default, with_data, recovery_time_target)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        project.ref,
        branch.parent_project_ref,
        branch.branch_name,
        branch.git_branch,
        branch.is_default,
        branch.with_data,
        branch.recovery_time_target,
      ],
    );
  });
}

export async function findByRef(db: Queryable, ref: string): Promise<BranchRow | undefined> {
  const { rows } = await db.query<BranchRow>('select * from project_branches where ref = $1', [ref]);
  return rows[0];
}

export async function listForParent(db: Queryable, parentRef: string): Promise<(BranchRow & { status: ProjectStatus })[]> {
  const { rows } = await db.query<BranchRow & { status: ProjectStatus }>(
    `select b.*, p.status from project_branches b join projects p on p.ref = b.ref
     where b.parent_project_ref = $1 order by p.created_at, p.id`,
    [parentRef],
  );
  return rows;
}

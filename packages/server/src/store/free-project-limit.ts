import { FREE_PROJECT_LIMIT_ROLES, NOT_COUNTED_STATUSES } from '@basin/core';
import type { Queryable } from './db.ts';

export interface MemberAtLimit {
  username: string;
  primary_email: string;
}

/**
 * Owners and Administrators of the organization who already have `limit` active top-level
 * projects across the free organizations they own or administer (core rules/free-project-limit.ts).
 */
export async function membersAtFreeProjectLimit(db: Queryable, organizationId: number, limit: number): Promise<MemberAtLimit[]> {
  const { rows } = await db.query<MemberAtLimit>(
    `with active as (
       select m.user_id, count(*) as projects
         from members m
         join organizations o on o.id = m.organization_id and o.plan_id = 'free'
         join projects p on p.organization_id = o.id and p.parent_project_ref is null and p.status <> all($2)
        where m.role = any($3)
        group by m.user_id
     )
     select u.name as username, u.email as primary_email
       from members m
       join "user" u on u.id = m.user_id
       join active a on a.user_id = m.user_id
      where m.organization_id = $1 and m.role = any($3) and a.projects >= $4
      order by u.email`,
    [organizationId, NOT_COUNTED_STATUSES, FREE_PROJECT_LIMIT_ROLES, limit],
  );
  return rows;
}

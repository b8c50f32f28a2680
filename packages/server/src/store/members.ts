import type { Role } from '@basin/core';
import type { Queryable } from './db.ts';

export interface MemberRow {
  user_id: string;
  email: string;
  username: string;
  role: Role;
  joined_at: Date;
}

export async function list(db: Queryable, organizationId: number): Promise<MemberRow[]> {
  const { rows } = await db.query<MemberRow>(
    `select m.user_id, u.email, u.name as username, m.role, m.created_at as joined_at
     from members m join "user" u on u.id = m.user_id where m.organization_id = $1 order by m.created_at, u.email`,
    [organizationId],
  );
  return rows;
}

export async function find(db: Queryable, organizationId: number, userId: string): Promise<MemberRow | undefined> {
  const { rows } = await db.query<MemberRow>(
    `select m.user_id, u.email, u.name as username, m.role, m.created_at as joined_at
     from members m join "user" u on u.id = m.user_id where m.organization_id = $1 and m.user_id = $2`,
    [organizationId, userId],
  );
  return rows[0];
}

export async function hasMemberWithEmail(db: Queryable, organizationId: number, email: string): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from members m join "user" u on u.id = m.user_id where m.organization_id = $1 and lower(u.email) = lower($2)',
    [organizationId, email],
  );
  return rows.length > 0;
}

export async function insert(db: Queryable, organizationId: number, userId: string, role: Role): Promise<boolean> {
  const { rowCount } = await db.query('insert into members (organization_id, user_id, role) values ($1, $2, $3) on conflict do nothing', [
    organizationId,
    userId,
    role,
  ]);
  return rowCount === 1;
}

export async function setRole(db: Queryable, organizationId: number, userId: string, role: Role): Promise<void> {
  await db.query('update members set role = $3 where organization_id = $1 and user_id = $2', [organizationId, userId, role]);
}

export async function remove(db: Queryable, organizationId: number, userId: string): Promise<void> {
  await db.query('delete from members where organization_id = $1 and user_id = $2', [organizationId, userId]);
}

/** Counted under a row lock on the organization so two concurrent changes cannot both drop the last Owner. */
export async function lockAndCountOwners(db: Queryable, organizationId: number): Promise<number> {
  await db.query('select id from organizations where id = $1 for update', [organizationId]);
  const { rows } = await db.query<{ count: string }>("select count(*) from members where organization_id = $1 and role = 'Owner'", [
    organizationId,
  ]);
  return Number(rows[0]!.count);
}

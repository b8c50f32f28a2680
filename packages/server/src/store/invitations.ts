import type { Role } from '@basin/core';
import type { Queryable } from './db.ts';

export interface InvitationRow {
  id: string;
  email: string;
  role: Role;
  /** The inviter's email; null once their account is gone. */
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
}

export interface ProfileInvitationRow extends Omit<InvitationRow, 'email'> {
  organization_slug: string;
  organization_name: string;
}

const PENDING = 'i.expires_at > now()';
const COLUMNS = 'i.id, i.email, i.role, inviter.email as invited_by, i.created_at, i.expires_at';
const INVITER = 'left join "user" inviter on inviter.id = i.invited_by';

/** Creates the pending invitation of `email`, or renews it (role, inviter and expiry) when there is one. */
export async function upsert(
  db: Queryable,
  organizationId: number,
  email: string,
  role: Role,
  invitedBy: string,
  validDays: number,
): Promise<InvitationRow> {
  const { rows } = await db.query<InvitationRow>(
    `with i as (
       insert into invitations (organization_id, email, role, invited_by, expires_at)
       values ($1, lower($2), $3, $4, now() + make_interval(days => $5))
       on conflict (organization_id, email) do update
         set role = excluded.role, invited_by = excluded.invited_by, created_at = now(), expires_at = excluded.expires_at
       returning *
     )
     select ${COLUMNS} from i ${INVITER}`,
    [organizationId, email, role, invitedBy, validDays],
  );
  return rows[0]!;
}

const SELECT_PENDING = `select ${COLUMNS} from invitations i ${INVITER} where i.organization_id = $1 and ${PENDING}`;

export async function listPending(db: Queryable, organizationId: number): Promise<InvitationRow[]> {
  const { rows } = await db.query<InvitationRow>(`${SELECT_PENDING} order by i.created_at, i.email`, [organizationId]);
  return rows;
}

export async function findPending(db: Queryable, organizationId: number, id: string): Promise<InvitationRow | undefined> {
  const { rows } = await db.query<InvitationRow>(`${SELECT_PENDING} and i.id = $2`, [organizationId, id]);
  return rows[0];
}

export async function findPendingForEmail(db: Queryable, organizationId: number, email: string): Promise<InvitationRow | undefined> {
  const { rows } = await db.query<InvitationRow>(`${SELECT_PENDING} and i.email = lower($2)`, [organizationId, email]);
  return rows[0];
}

export async function remove(db: Queryable, id: string): Promise<void> {
  await db.query('delete from invitations where id = $1', [id]);
}

/** Pending invitations addressed to `email`, with the organization they lead to. */
export async function listPendingForEmail(db: Queryable, email: string): Promise<ProfileInvitationRow[]> {
  const { rows } = await db.query<ProfileInvitationRow>(
    `select i.id, o.slug as organization_slug, o.name as organization_name, i.role, inviter.email as invited_by,
            i.created_at, i.expires_at
       from invitations i join organizations o on o.id = i.organization_id ${INVITER}
      where i.email = lower($1) and ${PENDING}
      order by i.created_at, o.name`,
    [email],
  );
  return rows;
}

/**
 * Deletes the pending invitation `id` if it is addressed to `email`, answering what it offered;
 * undefined when there is no such invitation, it is someone else's or it has expired.
 */
export async function takePendingForEmail(
  db: Queryable,
  id: string,
  email: string,
): Promise<{ organization_id: number; organization_slug: string; role: Role } | undefined> {
  const { rows } = await db.query<{ organization_id: number; organization_slug: string; role: Role }>(
    `with i as (delete from invitations i where i.id = $1 and i.email = lower($2) and ${PENDING} returning organization_id, role)
     select i.organization_id, o.slug as organization_slug, i.role
       from i join organizations o on o.id = i.organization_id`,
    [id, email],
  );
  return rows[0];
}

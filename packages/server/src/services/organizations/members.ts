import { canManageRole, MESSAGES, type Role } from '@basin/core';
import type { Member } from '@basin/core/schemas';
import { badRequest, forbidden, notFound } from '../../kernel/errors.ts';
import { transaction, type Db } from '../../store/db.ts';
import * as store from '../../store/members.ts';
import { requireOrganization, requirePermission } from './access.ts';

const toMember = (row: store.MemberRow): Member => ({ ...row, joined_at: row.joined_at.toISOString() });

export async function listMembers(db: Db, slug: string, userId: string): Promise<Member[]> {
  const org = await requireOrganization(db, slug, userId);
  requirePermission(org.role, 'members:read');
  return (await store.list(db, org.id)).map(toMember);
}

export async function changeMemberRole(db: Db, slug: string, actorId: string, userId: string, role: Role): Promise<Member> {
  const org = await requireOrganization(db, slug, actorId);
  requirePermission(org.role, 'members:update');
  return transaction(db, async (client) => {
    const owners = await store.lockAndCountOwners(client, org.id);
    const member = await store.find(client, org.id, userId);
    if (!member) throw notFound('Member');
    if (!canManageRole(org.role, member.role, role)) throw forbidden(MESSAGES.roleNotAllowed);
    if (member.role === 'Owner' && role !== 'Owner' && owners <= 1) throw badRequest(MESSAGES.lastOwner);
    await store.setRole(client, org.id, userId, role);
    return toMember({ ...member, role });
  });
}

/** Removes a member; anyone may leave, and the last Owner never goes. */
export async function removeMember(db: Db, slug: string, actorId: string, userId: string): Promise<void> {
  const org = await requireOrganization(db, slug, actorId);
  const leaving = actorId === userId;
  if (!leaving) requirePermission(org.role, 'members:remove');
  await transaction(db, async (client) => {
    const owners = await store.lockAndCountOwners(client, org.id);
    const member = await store.find(client, org.id, userId);
    if (!member) throw notFound('Member');
    if (!leaving && !canManageRole(org.role, member.role, undefined)) throw forbidden(MESSAGES.roleNotAllowed);
    if (member.role === 'Owner' && owners <= 1) throw badRequest(MESSAGES.lastOwner);
    await store.remove(client, org.id, userId);
  });
}

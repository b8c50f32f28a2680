import { can, canManageRole, ROLES, type Role } from '@basin/core';
import type { Member } from '@basin/core/schemas';

export const NO_MEMBER_PERMISSION = 'You need additional permissions to manage members';
export const NO_INVITE_PERMISSION = 'You need additional permissions to invite members';

export function isLastOwner(member: Pick<Member, 'role'>, members: readonly Pick<Member, 'role'>[]): boolean {
  return member.role === 'Owner' && members.filter((other) => other.role === 'Owner').length === 1;
}

/** The roles `actor` may give to a new member (`from` undefined) or to a member who has `from`. */
export function assignableRoles(actor: Role | undefined, from: Role | undefined): Role[] {
  if (!actor) return [];
  return ROLES.filter((role) => canManageRole(actor, from, role));
}

export function canInvite(actor: Role | undefined): boolean {
  return can(actor, 'members:invite') && assignableRoles(actor, undefined).length > 0;
}

/** Revoking follows the invite rules: only Owners withdraw an Owner invitation. */
export function canRevokeInvitation(actor: Role | undefined, invited: Role): boolean {
  return actor !== undefined && can(actor, 'members:invite') && canManageRole(actor, invited, undefined);
}

/** What the signed-in user may do to one membership, and why not when they may not. */
export function memberControls(actor: Role | undefined, member: Member, members: readonly Member[]) {
  const lastOwner = isLastOwner(member, members);
  const roles = assignableRoles(actor, member.role);
  const mayManage = actor ? canManageRole(actor, member.role, undefined) : false;
  return {
    /** The last Owner is never offered for removal. */
    showRemove: !lastOwner,
    canRemove: !lastOwner && mayManage,
    canChangeRole: !lastOwner && roles.some((role) => role !== member.role),
    roles,
    reason: lastOwner ? 'An organization must keep at least one Owner' : mayManage ? undefined : NO_MEMBER_PERMISSION,
  };
}

/**
 * Joining an organization takes the invitee's consent: an Owner or Administrator invites an email,
 * and only a user signed in with that email can accept. Inviting answers the same whether or not
 * the email has an account, so the route cannot be used to find out who has signed up.
 */
import { canManageRole, INVITATION_VALID_DAYS, MESSAGES, type Role } from '@basin/core';
import type { Invitation, Organization, Profile, ProfileInvitation } from '@basin/core/schemas';
import { conflict, forbidden, notFound } from '../../kernel/errors.ts';
import { transaction, type Db } from '../../store/db.ts';
import * as store from '../../store/invitations.ts';
import * as members from '../../store/members.ts';
import * as organizations from '../../store/organizations.ts';
import { requireOrganization, requirePermission } from './access.ts';
import { toOrganization } from './organizations.ts';

/** Both invitation shapes answer their timestamps as ISO strings. */
function withIsoDates<T extends { created_at: Date; expires_at: Date }>(row: T) {
  return { ...row, created_at: row.created_at.toISOString(), expires_at: row.expires_at.toISOString() };
}

/** Creates (or renews) the pending invitation of `email`. Only Owners may invite Owners. */
export async function inviteMember(db: Db, slug: string, actorId: string, email: string, role: Role): Promise<Invitation> {
  const org = await requireOrganization(db, slug, actorId);
  requirePermission(org.role, 'members:invite');
  if (!canManageRole(org.role, undefined, role)) throw forbidden(MESSAGES.roleNotAllowed);
  // Tells only what the inviter may read already: the member list.
  if (await members.hasMemberWithEmail(db, org.id, email)) throw conflict(MESSAGES.alreadyMember);
  // Renewing changes the pending role, so it follows the rule of changing a member's role.
  const pending = await store.findPendingForEmail(db, org.id, email);
  if (pending && !canManageRole(org.role, pending.role, role)) throw forbidden(MESSAGES.roleNotAllowed);
  return withIsoDates(await store.upsert(db, org.id, email, role, actorId, INVITATION_VALID_DAYS));
}

export async function listInvitations(db: Db, slug: string, userId: string): Promise<Invitation[]> {
  const org = await requireOrganization(db, slug, userId);
  requirePermission(org.role, 'members:read');
  return (await store.listPending(db, org.id)).map(withIsoDates);
}

/** Withdraws a pending invitation; like removing a member, only Owners touch an Owner invitation. */
export async function revokeInvitation(db: Db, slug: string, actorId: string, id: string): Promise<void> {
  const org = await requireOrganization(db, slug, actorId);
  requirePermission(org.role, 'members:invite');
  const invitation = await store.findPending(db, org.id, id);
  if (!invitation) throw notFound('Invitation');
  if (!canManageRole(org.role, invitation.role, undefined)) throw forbidden(MESSAGES.roleNotAllowed);
  await store.remove(db, id);
}

export async function listProfileInvitations(db: Db, profile: Profile): Promise<ProfileInvitation[]> {
  return (await store.listPendingForEmail(db, profile.email)).map(withIsoDates);
}

/** Joins the organization with the invited role; 404 unless the invitation is pending and addressed to this user. */
export async function acceptInvitation(db: Db, profile: Profile, id: string): Promise<Organization> {
  return transaction(db, async (client) => {
    const invitation = await store.takePendingForEmail(client, id, profile.email);
    if (!invitation) throw notFound('Invitation');
    // Someone already a member keeps the role they have.
    await members.insert(client, invitation.organization_id, profile.id, invitation.role);
    return toOrganization((await organizations.findForUser(client, invitation.organization_slug, profile.id))!);
  });
}

export async function declineInvitation(db: Db, profile: Profile, id: string): Promise<void> {
  if (!(await store.takePendingForEmail(db, id, profile.email))) throw notFound('Invitation');
}

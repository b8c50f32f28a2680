import { z } from 'zod';
import { OrgSlug } from './common.ts';
import { Role } from './organization.ts';

/** Invitation ids are random UUIDs, so that one invitation says nothing about how many others exist. */
export const InvitationId = z.uuid('Invitation id must be a UUID');

/**
 * A pending invitation as its organization sees it: the answer to an invite, identical whether
 * or not the email belongs to an account. `invited_by` is the inviter's email (null once that
 * account is gone).
 */
export const Invitation = z
  .object({
    id: InvitationId,
    email: z.string(),
    role: Role,
    invited_by: z.string().nullable(),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof Invitation>;

/** A pending invitation addressed to the signed-in user's email. */
export const ProfileInvitation = z
  .object({
    id: InvitationId,
    organization_slug: OrgSlug,
    organization_name: z.string(),
    role: Role,
    invited_by: z.string().nullable(),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'ProfileInvitation' });
export type ProfileInvitation = z.infer<typeof ProfileInvitation>;

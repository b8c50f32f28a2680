import { createRoute, z } from '@hono/zod-openapi';
import { Invitation, InvitationId, Organization, OrgSlug, ProfileInvitation } from '@basin/core/schemas';
import * as invitations from '../services/organizations/invitations.ts';
import type { Db } from '../store/db.ts';
import { createRouter, ERRORS, json } from './openapi.ts';

const slugParams = z.object({ slug: OrgSlug });
const orgInvitationParams = z.object({ slug: OrgSlug, id: InvitationId });
const idParams = z.object({ id: InvitationId });
const tags = ['Invitations'];
const INVITEE_ERRORS = { 400: ERRORS[400], 401: ERRORS[401], 404: ERRORS[404] };

/** Pending invitations: the organization's side (list, revoke) and the invitee's (list, accept, decline). */
export function invitationRoutes(db: Db) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/organizations/{slug}/invitations',
        tags,
        request: { params: slugParams },
        responses: { 200: json(z.array(Invitation), 'Pending invitations of the organization'), ...ERRORS },
      }),
      async (c) => c.json(await invitations.listInvitations(db, c.req.valid('param').slug, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/organizations/{slug}/invitations/{id}',
        tags,
        request: { params: orgInvitationParams },
        responses: { 204: { description: 'Revoked' }, ...ERRORS },
      }),
      async (c) => {
        const { slug, id } = c.req.valid('param');
        await invitations.revokeInvitation(db, slug, c.var.userId, id);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/profile/invitations',
        tags,
        responses: { 200: json(z.array(ProfileInvitation), "Pending invitations to the signed-in user's email"), 401: ERRORS[401] },
      }),
      async (c) => c.json(await invitations.listProfileInvitations(db, c.var.profile), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/profile/invitations/{id}/accept',
        tags,
        request: { params: idParams },
        responses: { 200: json(Organization, 'The organization joined, with the role of the invitation'), ...INVITEE_ERRORS },
      }),
      async (c) => c.json(await invitations.acceptInvitation(db, c.var.profile, c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/profile/invitations/{id}/decline',
        tags,
        request: { params: idParams },
        responses: { 204: { description: 'Declined' }, ...INVITEE_ERRORS },
      }),
      async (c) => {
        await invitations.declineInvitation(db, c.var.profile, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}

import { createRoute, z } from '@hono/zod-openapi';
import { ErrorResponse, Invitation, InviteMemberBody, Member, OrgSlug, UpdateMemberBody } from '@basin/core/schemas';
import * as invitations from '../services/organizations/invitations.ts';
import * as members from '../services/organizations/members.ts';
import type { Db } from '../store/db.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const slugParams = z.object({ slug: OrgSlug });
const memberParams = z.object({ slug: OrgSlug, user_id: z.string().min(1) });
const tags = ['Members'];

export function memberRoutes(db: Db) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/organizations/{slug}/members',
        tags,
        request: { params: slugParams },
        responses: { 200: json(z.array(Member), 'Members and their roles'), ...ERRORS },
      }),
      async (c) => c.json(await members.listMembers(db, c.req.valid('param').slug, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/organizations/{slug}/members',
        tags,
        request: { params: slugParams, ...jsonBody(InviteMemberBody) },
        responses: {
          201: json(Invitation, 'The pending invitation, the same answer whether or not the email has an account'),
          409: json(ErrorResponse, 'Already a member'),
          ...ERRORS,
        },
      }),
      async (c) => {
        const { email, role } = c.req.valid('json');
        return c.json(await invitations.inviteMember(db, c.req.valid('param').slug, c.var.userId, email, role), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/organizations/{slug}/members/{user_id}',
        tags,
        request: { params: memberParams, ...jsonBody(UpdateMemberBody) },
        responses: { 200: json(Member, 'The member with the new role'), ...ERRORS },
      }),
      async (c) => {
        const { slug, user_id } = c.req.valid('param');
        return c.json(await members.changeMemberRole(db, slug, c.var.userId, user_id, c.req.valid('json').role), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/organizations/{slug}/members/{user_id}',
        tags,
        request: { params: memberParams },
        responses: { 204: { description: 'Removed' }, ...ERRORS },
      }),
      async (c) => {
        const { slug, user_id } = c.req.valid('param');
        await members.removeMember(db, slug, c.var.userId, user_id);
        return c.body(null, 204);
      },
    );
}

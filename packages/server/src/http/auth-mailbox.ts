import { createRoute, z } from '@hono/zod-openapi';
import { AuthMailboxResponse, ProjectRef } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { emptyMailbox, readMailbox } from '../services/auth/auth-mailbox.ts';
import { createRouter, ERRORS, json } from './openapi.ts';

const tags = ['Auth users'];
const params = z.object({ ref: ProjectRef });

/** `/platform/auth/{ref}/mailbox`: the auth emails kept for a project without SMTP (services/auth/auth-mailbox.ts). */
export function authMailboxRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/auth/{ref}/mailbox',
        tags,
        description: "Newest first; kept a day, the newest 100. Members who manage users only: the emails' links sign users in.",
        request: { params },
        responses: { 200: json(AuthMailboxResponse, 'The kept emails, and whether mail now goes out through SMTP'), ...ERRORS },
      }),
      async (c) => c.json(await readMailbox(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/auth/{ref}/mailbox',
        tags,
        request: { params },
        responses: { 204: { description: 'The mailbox is empty' }, ...ERRORS },
      }),
      async (c) => {
        await emptyMailbox(ctx, c.req.valid('param').ref, c.var.userId);
        return c.body(null, 204);
      },
    );
}

import { createRoute, z } from '@hono/zod-openapi';
import { SupportTicket, SupportTicketBody, SupportTicketId } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import * as support from '../services/account/support-tickets.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const tags = ['Support'];

export function supportRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/support/tickets',
        tags,
        request: jsonBody(SupportTicketBody),
        responses: { 201: json(SupportTicket, 'The stored ticket; emailed tells whether it also went to the support mailbox'), ...ERRORS },
      }),
      async (c) => c.json(await support.createTicket(ctx, c.var.profile, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/support/tickets',
        tags,
        responses: { 200: json(z.array(SupportTicket), "The signed-in user's tickets, newest first"), ...ERRORS },
      }),
      async (c) => c.json(await support.listTickets(ctx, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/support/tickets/{id}',
        tags,
        request: { params: z.object({ id: SupportTicketId }) },
        responses: { 200: json(SupportTicket, 'One of your tickets'), ...ERRORS },
      }),
      async (c) => c.json(await support.getTicket(ctx, c.req.valid('param').id, c.var.userId), 200),
    );
}

import { createRoute } from '@hono/zod-openapi';
import { Profile } from '@basin/core/schemas';
import { createRouter, ERRORS, json } from './openapi.ts';

export function profileRoutes() {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/profile',
      tags: ['Profile'],
      responses: { 200: json(Profile, 'The signed-in user'), 401: ERRORS[401] },
    }),
    (c) => c.json(c.var.profile, 200),
  );
}

import { createRoute, z } from '@hono/zod-openapi';
import { CreateSigningKeyBody, ProjectRef, SigningKey, SigningKeyList, UpdateSigningKeyBody } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { createSigningKey, deleteSigningKey, listSigningKeys, updateSigningKey } from '../services/api/signing-keys.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const tags = ['Signing keys'];
const PATH = '/projects/{ref}/config/auth/signing-keys';
const refParams = z.object({ ref: ProjectRef });
const keyParams = z.object({ ref: ProjectRef, id: z.string().max(100) });

/** A project's JWT signing keys, under /api/platform and /api/v1 (the management API's paths). */
export function signingKeyRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: PATH,
        tags,
        request: { params: refParams },
        responses: { 200: json(SigningKeyList, 'The legacy shared secret first, then the asymmetric keys, oldest first'), ...ERRORS },
      }),
      async (c) => c.json(await listSigningKeys(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: PATH,
        tags,
        description: 'Makes a key pair: standby unless `status` is in_use (a rotation). Owners and Administrators.',
        request: { params: refParams, ...jsonBody(CreateSigningKeyBody) },
        responses: { 201: json(SigningKey, 'The new key'), ...ERRORS },
      }),
      async (c) => c.json(await createSigningKey(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: `${PATH}/{id}`,
        tags,
        description:
          'Changes a key’s status: in_use rotates to it (the key in use before becomes previously_used); revoked ends every token it signed. Owners and Administrators.',
        request: { params: keyParams, ...jsonBody(UpdateSigningKeyBody) },
        responses: { 200: json(SigningKey, 'The key after the change'), ...ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await updateSigningKey(ctx, ref, c.var.userId, id, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: `${PATH}/{id}`,
        tags,
        description: 'Removes a revoked key. Owners and Administrators.',
        request: { params: keyParams },
        responses: { 200: json(SigningKey, 'The key removed'), ...ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await deleteSigningKey(ctx, ref, c.var.userId, id), 200);
      },
    );
}

import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateVaultSecretBody,
  DecryptedVaultSecret,
  ErrorResponse,
  ProjectRef,
  UpdateVaultSecretBody,
  VaultSecret,
  VaultSecretId,
} from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import * as vault from '../services/database/vault.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const tags = ['Vault'];
const refParams = z.object({ ref: ProjectRef });
const secretParams = z.object({ ref: ProjectRef, id: VaultSecretId });
const INSTANCE_ERRORS = {
  409: json(ErrorResponse, 'The database is not running, or the name is taken'),
  503: json(ErrorResponse, "The vault's key is not available to the database"),
};

/**
 * The project's Vault (mounted under /api/platform): its secrets as `postgres` reads them, values
 * only one at a time through /decrypted. Members with database.credentials:read only.
 */
export function vaultRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/vault/secrets',
        tags,
        request: { params: refParams },
        responses: {
          200: json(z.array(VaultSecret), 'Every secret of vault.secrets, newest first, without values'),
          ...ERRORS,
          ...INSTANCE_ERRORS,
        },
      }),
      async (c) => c.json(await vault.listSecrets(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/vault/secrets',
        tags,
        request: { params: refParams, ...jsonBody(CreateVaultSecretBody) },
        responses: { 201: json(VaultSecret, 'The secret, made with vault.create_secret'), ...ERRORS, ...INSTANCE_ERRORS },
      }),
      async (c) => c.json(await vault.createSecret(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/projects/{ref}/vault/secrets/{id}',
        tags,
        request: { params: secretParams, ...jsonBody(UpdateVaultSecretBody) },
        responses: { 200: json(VaultSecret, 'The secret, changed with vault.update_secret'), ...ERRORS, ...INSTANCE_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await vault.updateSecret(ctx, ref, c.var.userId, id, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/projects/{ref}/vault/secrets/{id}',
        tags,
        request: { params: secretParams },
        responses: { 200: json(VaultSecret, 'The deleted secret, as it was'), ...ERRORS, ...INSTANCE_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await vault.deleteSecret(ctx, ref, c.var.userId, id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/vault/secrets/{id}/decrypted',
        tags,
        request: { params: secretParams },
        responses: { 200: json(DecryptedVaultSecret, 'The value, read from vault.decrypted_secrets'), ...ERRORS, ...INSTANCE_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await vault.revealSecret(ctx, ref, c.var.userId, id), 200);
      },
    );
}

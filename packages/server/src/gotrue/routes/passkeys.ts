/**
 * Passkeys as auth-js's `auth.passkey` and GoTrueAdminApi's `passkey` call them: registration and
 * the list, rename and removal for the signed-in user, the sign-in ceremony for anyone with the
 * project's key, and the service_role key's list and removal of a user's. With passkeys off every
 * route answers GoTrue's 404 passkey_disabled. The work is in passkeys.ts and passkey-management.ts.
 */
import { Hono } from 'hono';
import { requireAdmin } from '../admin-guard.ts';
import { SERVICE_ROLE_ACTOR } from '../admin-users.ts';
import type { AuthEnv } from '../auth-env.ts';
import { currentUser } from '../current-user.ts';
import { notFound } from '../errors.ts';
import { adminDeletePasskey, adminListPasskeys, deletePasskey, listPasskeys, renamePasskey } from '../passkey-management.ts';
import {
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration,
} from '../passkeys.ts';
import { takeRateLimit } from '../rate-limits.ts';
import { readBody } from '../request.ts';
import { jsonAnswer } from '../../kernel/json-answer.ts';

export const passkeyRoutes = new Hono<AuthEnv>();

const noContent = () => new Response(null, { status: 204 });

for (const path of ['/passkeys', '/passkeys/*', '/admin/users/:id/passkeys', '/admin/users/:id/passkeys/*'])
  passkeyRoutes.use(path, async (c, next) => {
    if (!c.var.auth.settings.passkey_enabled) throw notFound('Passkeys are disabled', 'passkey_disabled');
    await next();
  });

passkeyRoutes.post('/passkeys/registration/options', async (c) => {
  const signedIn = await currentUser(c.var.auth, c.req.raw.headers);
  return jsonAnswer(await passkeyRegistrationOptions(c.var.auth, signedIn));
});

passkeyRoutes.post('/passkeys/registration/verify', async (c) => {
  const signedIn = await currentUser(c.var.auth, c.req.raw.headers);
  return jsonAnswer(await verifyPasskeyRegistration(c.var.auth, signedIn, await readBody(c.req.raw)));
});

// Anyone with the project's key may start the sign-in ceremony: GoTrue limits it per address (registration is not).
passkeyRoutes.post('/passkeys/authentication/options', async (c) => {
  await takeRateLimit(c.var.auth, 'passkey_authentication');
  return jsonAnswer(await passkeyAuthenticationOptions(c.var.auth));
});

passkeyRoutes.post('/passkeys/authentication/verify', async (c) =>
  jsonAnswer(await verifyPasskeyAuthentication(c.var.auth, await readBody(c.req.raw))),
);

passkeyRoutes.get('/passkeys', async (c) => jsonAnswer(await listPasskeys(c.var.auth, await currentUser(c.var.auth, c.req.raw.headers))));

passkeyRoutes.patch('/passkeys/:id', async (c) => {
  const signedIn = await currentUser(c.var.auth, c.req.raw.headers);
  return jsonAnswer(await renamePasskey(c.var.auth, signedIn, c.req.param('id'), await readBody(c.req.raw)));
});

passkeyRoutes.delete('/passkeys/:id', async (c) => {
  await deletePasskey(c.var.auth, await currentUser(c.var.auth, c.req.raw.headers), c.req.param('id'));
  return noContent();
});

passkeyRoutes.get('/admin/users/:id/passkeys', async (c) => {
  requireAdmin(c.var.auth, c.req.raw.headers);
  return jsonAnswer(await adminListPasskeys(c.var.auth, c.req.param('id')));
});

passkeyRoutes.delete('/admin/users/:id/passkeys/:passkeyId', async (c) => {
  requireAdmin(c.var.auth, c.req.raw.headers);
  await adminDeletePasskey(c.var.auth, c.req.param('id'), c.req.param('passkeyId'), SERVICE_ROLE_ACTOR);
  return noContent();
});

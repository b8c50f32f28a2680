/**
 * MFA factors as auth-js's GoTrueMFAApi and GoTrueAdminMFAApi call them: `POST /factors`,
 * `POST /factors/{id}/challenge`, `POST /factors/{id}/verify`, `DELETE /factors/{id}` for the
 * signed-in user, and `GET /admin/users/{id}/factors`, `DELETE /admin/users/{id}/factors/{factorId}`
 * for the service_role key. The work is in mfa.ts.
 */
import { Hono } from 'hono';
import { requireAdmin } from '../admin-guard.ts';
import { SERVICE_ROLE_ACTOR } from '../admin-users.ts';
import type { AuthEnv } from '../auth-env.ts';
import { currentUser } from '../current-user.ts';
import { challengeFactor, deleteFactor, enrollFactor, listFactors, unenrollFactor, verifyFactor } from '../mfa.ts';
import { readBody } from '../request.ts';
import { jsonAnswer } from '../../kernel/json-answer.ts';

export const factorRoutes = new Hono<AuthEnv>();

factorRoutes.post('/factors', async (c) => {
  const signedIn = await currentUser(c.var.auth, c.req.raw.headers);
  return jsonAnswer(await enrollFactor(c.var.auth, signedIn, await readBody(c.req.raw)));
});

factorRoutes.post('/factors/:id/challenge', async (c) => {
  const signedIn = await currentUser(c.var.auth, c.req.raw.headers);
  return jsonAnswer(await challengeFactor(c.var.auth, signedIn, c.req.param('id')));
});

factorRoutes.post('/factors/:id/verify', async (c) => {
  const signedIn = await currentUser(c.var.auth, c.req.raw.headers);
  return jsonAnswer(await verifyFactor(c.var.auth, signedIn, c.req.param('id'), await readBody(c.req.raw)));
});

factorRoutes.delete('/factors/:id', async (c) => {
  const signedIn = await currentUser(c.var.auth, c.req.raw.headers);
  return jsonAnswer(await unenrollFactor(c.var.auth, signedIn, c.req.param('id')));
});

factorRoutes.get('/admin/users/:id/factors', async (c) => {
  await requireAdmin(c.var.auth, c.req.raw.headers);
  return jsonAnswer(await listFactors(c.var.auth, c.req.param('id')));
});

factorRoutes.delete('/admin/users/:id/factors/:factorId', async (c) => {
  await requireAdmin(c.var.auth, c.req.raw.headers);
  return jsonAnswer(await deleteFactor(c.var.auth, c.req.param('id'), c.req.param('factorId'), SERVICE_ROLE_ACTOR));
});

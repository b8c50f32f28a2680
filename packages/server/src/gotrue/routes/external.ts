/**
 * Signing in with OAuth and OpenID Connect providers: `GET /authorize` (signInWithOAuth),
 * `GET|POST /callback` (the provider's redirect back; Apple posts it), and the identity linking of
 * a signed-in user, `GET /user/identities/authorize` (linkIdentity) and
 * `DELETE /user/identities/{id}` (unlinkIdentity), both behind SECURITY_MANUAL_LINKING_ENABLED.
 */
import { type Context, Hono } from 'hono';
import type { AuthEnv } from '../auth-env.ts';
import { currentUser } from '../current-user.ts';
import { authorizationUrl } from '../oauth/authorize.ts';
import { completeCallback } from '../oauth/callback.ts';
import { requireManualLinking } from '../oauth/external-accounts.ts';
import { unlinkIdentity } from '../oauth/unlink.ts';
import { jsonAnswer } from '../../kernel/json-answer.ts';

export const externalRoutes = new Hono<AuthEnv>();

externalRoutes.get('/authorize', async (c) => c.redirect(await authorizationUrl(c.var.auth, c.req.query()), 302));

async function callback(c: Context<AuthEnv>) {
  // Apple answers with a form post (response_mode=form_post); the others redirect with a query.
  const params =
    c.req.method === 'POST'
      ? Object.fromEntries(Object.entries(await c.req.parseBody()).filter(([, v]) => typeof v === 'string'))
      : c.req.query();
  const answer = await completeCallback(c.var.auth, params as Record<string, string>);
  if (answer.refusal) c.set('refusal', answer.refusal);
  else c.set('event', 'Login');
  return c.redirect(answer.location, answer.status);
}
externalRoutes.get('/callback', callback);
externalRoutes.post('/callback', callback);

externalRoutes.get('/user/identities/authorize', async (c) => {
  const auth = c.var.auth;
  requireManualLinking(auth);
  const { user } = await currentUser(auth, c.req.raw.headers);
  const url = await authorizationUrl(auth, c.req.query(), user.id);
  return c.req.query('skip_http_redirect') === 'true' ? jsonAnswer({ url }) : c.redirect(url, 302);
});

externalRoutes.delete('/user/identities/:id', async (c) => {
  const auth = c.var.auth;
  requireManualLinking(auth);
  const { user } = await currentUser(auth, c.req.raw.headers);
  await unlinkIdentity(auth, user, c.req.param('id'));
  return jsonAnswer({});
});

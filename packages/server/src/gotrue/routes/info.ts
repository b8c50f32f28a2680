/** What the auth API says about itself: `GET /health`, the public `GET /settings`, and the JWKS its tokens verify with. */
import { OAUTH_PROVIDERS } from '@basin/core';
import { Hono } from 'hono';
import type { AuthEnv } from '../auth-env.ts';
import { jsonAnswer } from '../../kernel/json-answer.ts';

export const infoRoutes = new Hono<AuthEnv>();

infoRoutes.get('/health', () =>
  jsonAnswer({ version: 'basin', name: 'GoTrue', description: 'Basin Auth: the Supabase Auth API on the project’s own database' }),
);

infoRoutes.get('/settings', (c) => {
  const { settings } = c.var.auth;
  return jsonAnswer({
    external: {
      anonymous_users: settings.external_anonymous_users_enabled,
      email: settings.external_email_enabled,
      phone: false,
      // Each OAuth provider by the name apps pass to signInWithOAuth.
      ...Object.fromEntries(OAUTH_PROVIDERS.map(({ key, name }) => [name, settings[`external_${key}_enabled`]])),
    },
    disable_signup: settings.disable_signup,
    mailer_autoconfirm: settings.mailer_autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
});

/**
 * The public halves of the project's signing keys in use, in standby and previously used, for
 * verifiers such as auth-js's getClaims; tokens signed with the shared secret verify on the
 * server only. Cached by clients: a key is published in standby before it signs anything.
 */
infoRoutes.get('/.well-known/jwks.json', (c) =>
  jsonAnswer({ keys: c.var.auth.keys.jwks }, { headers: { 'cache-control': 'public, max-age=600' } }),
);

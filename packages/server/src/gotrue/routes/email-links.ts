/**
 * The emailed links and codes: `POST /recover`, `POST /otp` (magic link and code), `POST /resend`,
 * `POST`/`GET /verify`, and for the service_role key `POST /invite` and
 * `POST /admin/generate_link`. The work is in email-flows.ts and verification.ts.
 */
import { Hono } from 'hono';
import { requireAdmin } from '../admin-guard.ts';
import type { AuthEnv } from '../auth-env.ts';
import { generateLink, inviteUserByEmail, resendEmail, sendMagicLink, sendRecoveryEmail } from '../email-flows.ts';
import { AuthApiError, badRequest, unprocessable } from '../errors.ts';
import { takeRateLimit } from '../rate-limits.ts';
import { type Body, objectField, readBody, redirectTarget, stringField } from '../request.ts';
import { PKCE_PREFIX, pkceChallenge } from '../pkce.ts';
import { sessionParams } from '../sessions.ts';
import { verify, type VerifyParams, verifyType } from '../verification.ts';
import { jsonAnswer } from '../../kernel/json-answer.ts';

export const emailLinkRoutes = new Hono<AuthEnv>();

const phoneRefused = () => unprocessable('Phone logins are not available in Basin: use an email address');

function booleanField(body: Body, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`${name} must be a boolean`);
  return value;
}

emailLinkRoutes.post('/recover', async (c) => {
  const body = await readBody(c.req.raw);
  const email = stringField(body, 'email');
  if (!email)
    throw badRequest(
      stringField(body, 'phone') ? 'Password recovery by phone is not available in Basin' : 'Password recovery requires an email',
    );
  await sendRecoveryEmail(c.var.auth, email, c.req.query('redirect_to'), pkceChallenge(body));
  return jsonAnswer({});
});

emailLinkRoutes.post('/otp', async (c) => {
  const auth = c.var.auth;
  const body = await readBody(c.req.raw);
  const email = stringField(body, 'email');
  if (!email) throw stringField(body, 'phone') ? phoneRefused() : unprocessable('An email address is required');
  await takeRateLimit(auth, 'otp');
  if (!auth.settings.external_email_enabled) throw unprocessable('Email logins are disabled', 'email_provider_disabled');
  const pkce = pkceChallenge(body);
  await sendMagicLink(auth, email, {
    pkce,
    createUser: booleanField(body, 'create_user') ?? true,
    data: objectField(body, 'data'),
    redirectTo: c.req.query('redirect_to'),
  });
  return jsonAnswer({});
});

emailLinkRoutes.post('/resend', async (c) => {
  const body = await readBody(c.req.raw);
  const type = stringField(body, 'type');
  const email = stringField(body, 'email');
  if (type === 'sms' || type === 'phone_change' || (!email && stringField(body, 'phone'))) throw phoneRefused();
  if (type !== 'signup' && type !== 'email_change') throw badRequest('Missing one of these types: signup, email_change');
  if (!email) throw badRequest('An email address is required');
  await resendEmail(c.var.auth, email, type, c.req.query('redirect_to'));
  return jsonAnswer({});
});

/** POST /verify: the code with its address, or the hash from the link; answers the session. */
emailLinkRoutes.post('/verify', async (c) => {
  const auth = c.var.auth;
  await takeRateLimit(auth, 'verify');
  const body = await readBody(c.req.raw);
  const type = verifyType(stringField(body, 'type'));
  const hash = stringField(body, 'token_hash');
  const token = stringField(body, 'token');
  const email = stringField(body, 'email');
  let params: VerifyParams;
  if (hash) params = { type, tokenHash: hash };
  else if (!token) throw badRequest('Verify requires either a token or a token hash');
  else if (!email)
    throw badRequest(
      stringField(body, 'phone')
        ? 'Phone verification is not available in Basin: use an email address'
        : 'Verify requires an email with the token',
    );
  else params = { type, email, token };
  const outcome = await verify(auth, params);
  if ('accepted' in outcome) return jsonAnswer({ msg: outcome.accepted, code: 200 });
  return jsonAnswer(outcome.session);
});

/**
 * GET /verify: the link of an email. Answers 303 to `redirect_to` (when allowed, else the site
 * URL) with the session in the fragment, as GoTrue's implicit flow does, or the error there. The
 * link of a PKCE flow (its token prefixed `pkce_`) answers `?code=` to exchange instead, and its
 * message or error in the query as well.
 */
emailLinkRoutes.get('/verify', async (c) => {
  const auth = c.var.auth;
  await takeRateLimit(auth, 'verify');
  const token = c.req.query('token');
  if (!token) throw badRequest('Verify requires a token or a token hash');
  const type = verifyType(c.req.query('type'));
  const target = new URL(redirectTarget(auth.settings, c.req.query('redirect_to')));
  const pkce = token.startsWith(PKCE_PREFIX);
  const answer = (said: Record<string, string>, inQuery = pkce) => {
    if (inQuery) for (const [name, value] of Object.entries(said)) target.searchParams.set(name, value);
    if (!('code' in said)) target.hash = new URLSearchParams(said).toString();
    return c.redirect(target.toString(), 303);
  };
  try {
    const outcome = await verify(auth, { type, tokenHash: pkce ? token.slice(PKCE_PREFIX.length) : token }, { pkce });
    if ('accepted' in outcome) return answer({ message: outcome.accepted });
    if ('code' in outcome) return answer({ code: outcome.code });
    return answer({ ...sessionParams(outcome.session), type: outcome.type });
  } catch (error) {
    if (!(error instanceof AuthApiError) || error.status >= 500) throw error;
    c.set('refusal', error);
    return answer({
      error: error.status === 403 ? 'access_denied' : 'invalid_request',
      error_code: error.code,
      error_description: error.message,
    });
  }
});

emailLinkRoutes.post('/invite', async (c) => {
  const auth = c.var.auth;
  requireAdmin(auth, c.req.raw.headers);
  const body = await readBody(c.req.raw);
  const email = stringField(body, 'email');
  if (!email) throw unprocessable('An email address is required');
  return jsonAnswer(await inviteUserByEmail(auth, email, objectField(body, 'data'), c.req.query('redirect_to')));
});

emailLinkRoutes.post('/admin/generate_link', async (c) => {
  const auth = c.var.auth;
  requireAdmin(auth, c.req.raw.headers);
  const body = await readBody(c.req.raw);
  const type = stringField(body, 'type');
  const email = stringField(body, 'email');
  if (!type) throw badRequest('Invalid email action link type requested: a type is required');
  if (!email) throw unprocessable('An email address is required');
  return jsonAnswer(
    await generateLink(auth, {
      type,
      email,
      password: stringField(body, 'password'),
      newEmail: stringField(body, 'new_email'),
      data: objectField(body, 'data'),
      redirectTo: stringField(body, 'redirect_to') ?? stringField(body, 'redirectTo') ?? c.req.query('redirect_to'),
    }),
  );
});

/**
 * Signing up, in and out, and the signed-in user's own account: `POST /signup` (email and
 * password, or anonymous), `POST /token` (password, refresh_token and pkce grants), `GET`/`PUT /user`,
 * `GET /reauthenticate` (the code a password change may need), `POST /logout`.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type pg from 'pg';
import { audit } from '../audit.ts';
import type { AuthEnv } from '../auth-env.ts';
import type { AuthContext } from '../context.ts';
import { currentUser } from '../current-user.ts';
import { withAuthTransaction } from '../db.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { sendAuthEmail } from '../mail.ts';
import { checkPassword, hashPassword, passwordMatches } from '../passwords.ts';
import { attemptDecision } from '../hooks.ts';
import { idTokenGrant } from '../oauth/id-token.ts';
import { exchangeAuthCode, pkceChallenge, type PkceChallenge } from '../pkce.ts';
import { takeRateLimit } from '../rate-limits.ts';
import { checkSensitiveUpdate, sendReauthentication } from '../reauthentication.ts';
import { objectField, readBody, redirectTarget, stringField, validEmail } from '../request.ts';
import { endSessions, type LogoutScope, refreshSession, startSession } from '../sessions.ts';
import { AUDIENCE, findUserByEmail, findUserById, insertUser, isBanned, type UserRow, userJson } from '../users.ts';
import { jsonAnswer } from '../../kernel/json-answer.ts';

/** A hash compared against when the email is unknown, so that a wrong address costs what a wrong password costs. */
const NO_USER_HASH = '$2a$10$7EqJtq98hPqEX7fNZaFWoOhi5BWX4Z6cqvEXq3yDsvoSmVDs7lIYu';

const invalidCredentials = () => badRequest('Invalid login credentials', 'invalid_credentials');

export const accountRoutes = new Hono<AuthEnv>();

accountRoutes.post('/signup', async (c) => {
  const auth = c.var.auth;
  const body = await readBody(c.req.raw);
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const data = objectField(body, 'data') ?? {};
  if (auth.settings.disable_signup) throw unprocessable('Signups not allowed for this instance', 'signup_disabled');
  if (!email && !phone) return jsonAnswer(await signInAnonymously(auth, data));
  if (!email) throw unprocessable('Phone signups are not available in Basin: sign up with an email address', 'validation_failed');
  if (!auth.settings.external_email_enabled) throw unprocessable('Email signups are disabled', 'email_provider_disabled');
  const address = validEmail(email);
  const password = stringField(body, 'password');
  if (!password) throw unprocessable('Signup requires a valid password');
  checkPassword(password, auth.settings);
  const pkce = pkceChallenge(body);
  await takeRateLimit(auth, 'sign_up');
  const redirectTo = redirectTarget(auth.settings, c.req.query('redirect_to'));
  const encryptedPassword = await hashPassword(password);
  const answer = await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const existing = await findUserByEmail(client, address);
    if (existing?.email_confirmed_at) {
      if (auth.settings.mailer_autoconfirm) throw unprocessable('User already registered', 'user_already_exists');
      await audit(client, { action: 'user_repeated_signup', actorId: existing.id, actorUsername: address, ip: auth.ip });
      return { user: obfuscatedUser(address, data) };
    }
    const user = existing
      ? await resignUp(client, existing.id, encryptedPassword, data)
      : await insertUser(
          client,
          { email: address, encryptedPassword, userMetadata: data, confirmed: auth.settings.mailer_autoconfirm },
          auth,
        );
    if (auth.settings.mailer_autoconfirm) {
      await audit(client, {
        action: 'user_signedup',
        actorId: user.id,
        actorUsername: address,
        ip: auth.ip,
        traits: { provider: 'email' },
      });
      return { session: await startSession(client, auth, user.id, 'password') };
    }
    await sendAuthEmail(client, auth, { kind: 'confirmation', user, redirectTo, pkce });
    await audit(client, {
      action: 'user_confirmation_requested',
      actorId: user.id,
      actorUsername: address,
      ip: auth.ip,
      traits: { provider: 'email' },
    });
    return { user: userJson((await findUserById(client, user.id))!) };
  });
  return jsonAnswer('session' in answer ? answer.session : answer.user);
});

/** An unconfirmed address signing up again: GoTrue takes the new password and metadata and mails another confirmation. */
async function resignUp(client: pg.ClientBase, id: string, encryptedPassword: string, data: Record<string, unknown>): Promise<UserRow> {
  await client.query(
    `update auth.users set encrypted_password = $2, raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $3, updated_at = now() where id = $1`,
    [id, encryptedPassword, data],
  );
  return (await findUserById(client, id))!;
}

/**
 * With confirmations on, a sign-up for a confirmed address answers as a new one would (GoTrue's
 * protection against learning who has an account), with no identities: nothing was created.
 */
function obfuscatedUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: AUDIENCE,
    role: AUDIENCE,
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

async function signInAnonymously(auth: AuthContext, data: Record<string, unknown>) {
  if (!auth.settings.external_anonymous_users_enabled)
    throw unprocessable('Anonymous sign-ins are disabled', 'anonymous_provider_disabled');
  await takeRateLimit(auth, 'anonymous');
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const user = await insertUser(
      client,
      { email: null, encryptedPassword: null, userMetadata: data, confirmed: false, anonymous: true },
      auth,
    );
    await audit(client, { action: 'user_signedup', actorId: user.id, actorUsername: null, ip: auth.ip, traits: { provider: 'anonymous' } });
    return startSession(client, auth, user.id, 'anonymous');
  });
}

accountRoutes.post('/token', async (c) => {
  const auth = c.var.auth;
  const grantType = c.req.query('grant_type');
  const body = await readBody(c.req.raw);
  if (grantType === 'password') {
    const session = await passwordGrant(auth, body);
    c.set('event', 'Login'); // the reports count sign-ins from the auth logs
    return jsonAnswer(session);
  }
  if (grantType === 'pkce') return jsonAnswer(await exchangeAuthCode(auth, body));
  if (grantType === 'id_token') {
    const session = await idTokenGrant(auth, body, c.req.raw.headers);
    c.set('event', 'Login');
    return jsonAnswer(session);
  }
  if (grantType === 'refresh_token') {
    await takeRateLimit(auth, 'token_refresh');
    const token = stringField(body, 'refresh_token');
    if (!token) throw badRequest('refresh_token required');
    return jsonAnswer(await refreshSession(auth, token));
  }
  throw badRequest(`unsupported_grant_type: ${grantType ?? 'none'} (Basin supports password, refresh_token, pkce and id_token)`);
});

async function passwordGrant(auth: AuthContext, body: Record<string, unknown>) {
  const email = stringField(body, 'email');
  const password = stringField(body, 'password') ?? '';
  if (!email) throw badRequest(stringField(body, 'phone') ? 'Phone logins are not available in Basin' : 'missing email or phone');
  if (!auth.settings.external_email_enabled) throw badRequest('Email logins are disabled', 'email_provider_disabled');
  const address = email.trim().toLowerCase();
  // Per address and per account: guessing one account's password from many addresses is held back too.
  await takeRateLimit(auth, 'sign_in', address);
  const outcome = await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const user = await findUserByEmail(client, address);
    const valid = (await passwordMatches(password, user?.encrypted_password ?? NO_USER_HASH)) && user !== undefined;
    if (user) {
      const decision = await attemptDecision(auth, 'passwordVerificationAttempt', { user_id: user.id, valid }, client);
      if (decision.reject) {
        // Committed with the refusal: the hook asked for it.
        if (decision.logOut) await client.query('delete from auth.sessions where user_id = $1', [user.id]);
        return { refused: badRequest(decision.message, 'invalid_credentials') };
      }
    }
    if (!valid || !user) {
      await audit(client, {
        action: 'login_failed',
        actorId: user?.id ?? null,
        actorUsername: address,
        ip: auth.ip,
        traits: { provider: 'email' },
      });
      return { refused: invalidCredentials() };
    }
    if (isBanned(user)) return { refused: badRequest('User is banned', 'user_banned') };
    if (!user.email_confirmed_at) return { refused: badRequest('Email not confirmed', 'email_not_confirmed') };
    await audit(client, { action: 'login', actorId: user.id, actorUsername: address, ip: auth.ip, traits: { provider: 'email' } });
    return { session: await startSession(client, auth, user.id, 'password') };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.session;
}

accountRoutes.get('/user', async (c) => jsonAnswer(userJson((await currentUser(c.var.auth, c.req.raw.headers)).user)));

accountRoutes.put('/user', async (c) => {
  const auth = c.var.auth;
  const { user, claims } = await currentUser(auth, c.req.raw.headers);
  const body = await readBody(c.req.raw);
  const email = stringField(body, 'email');
  const password = stringField(body, 'password');
  const data = objectField(body, 'data');
  if (password !== undefined) {
    if (user.is_anonymous && !user.email)
      throw unprocessable('Updating password of an anonymous user without an email or phone is not allowed');
    checkPassword(password, auth.settings);
    if (await passwordMatches(password, user.encrypted_password))
      throw unprocessable('New password should be different from the old password.', 'same_password');
  }
  const newEmail = email === undefined ? undefined : validEmail(email);
  const pkce = pkceChallenge(body);
  const encryptedPassword = password === undefined ? undefined : await hashPassword(password);
  const updated = await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const change = {
      password: password !== undefined,
      email: newEmail !== undefined && newEmail !== user.email,
      nonce: stringField(body, 'nonce'),
    };
    await checkSensitiveUpdate(client, auth, user, claims.session_id, change);
    if (data) {
      // GoTrue merges: keys set to null are removed.
      await client.query(
        `update auth.users set raw_user_meta_data = jsonb_strip_nulls(coalesce(raw_user_meta_data, '{}') || $2), updated_at = now() where id = $1`,
        [user.id, data],
      );
    }
    if (encryptedPassword) {
      await client.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [user.id, encryptedPassword]);
      await audit(client, { action: 'user_updated_password', actorId: user.id, actorUsername: user.email, ip: auth.ip });
    }
    if (newEmail && newEmail !== user.email)
      await changeEmail(client, auth, user, newEmail, redirectTarget(auth.settings, c.req.query('redirect_to')), pkce);
    if (data || newEmail) await audit(client, { action: 'user_modified', actorId: user.id, actorUsername: user.email, ip: auth.ip });
    return (await findUserById(client, user.id))!;
  });
  return jsonAnswer(userJson(updated));
});

/** A new address: at once with confirmations off, else after the link mailed to it is followed. */
async function changeEmail(
  client: pg.ClientBase,
  auth: AuthContext,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  pkce?: PkceChallenge,
): Promise<void> {
  const taken = await findUserByEmail(client, newEmail);
  if (taken && taken.id !== user.id) throw unprocessable('A user with this email address has already been registered', 'email_exists');
  if (auth.settings.mailer_autoconfirm) {
    await client.query(
      `update auth.users set email = $2, email_confirmed_at = now(), email_change = '', updated_at = now() where id = $1`,
      [user.id, newEmail],
    );
    await client.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1, $2, $3, 'email', now(), now())
       on conflict (provider_id, provider) do update set identity_data = excluded.identity_data, updated_at = now()`,
      [user.id, user.id, { sub: user.id, email: newEmail, email_verified: true, phone_verified: false }],
    );
    if (user.is_anonymous) await client.query(`update auth.users set is_anonymous = false where id = $1`, [user.id]);
    return;
  }
  await sendAuthEmail(client, auth, { kind: 'email_change', user, redirectTo, newEmail, pkce });
}

accountRoutes.get('/reauthenticate', async (c) => {
  const auth = c.var.auth;
  const { user } = await currentUser(auth, c.req.raw.headers);
  await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    await sendReauthentication(client, auth, user);
    await audit(client, { action: 'user_reauthenticate_requested', actorId: user.id, actorUsername: user.email, ip: auth.ip });
  });
  return jsonAnswer({});
});

accountRoutes.post('/logout', async (c) => {
  const auth = c.var.auth;
  const scope = (c.req.query('scope') ?? 'global') as LogoutScope;
  if (!['global', 'local', 'others'].includes(scope)) throw badRequest('Unsupported logout scope: use global, local or others');
  const { user, claims } = await currentUser(auth, c.req.raw.headers);
  await withAuthTransaction(auth.ctx, auth.project, (client) => endSessions(client, auth, user.id, claims.session_id, scope));
  return c.body(null, 204);
});

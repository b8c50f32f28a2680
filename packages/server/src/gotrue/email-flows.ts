/**
 * What the auth emails start, as GoTrue does it: a password recovery, a magic link (with its
 * code), a resent confirmation or email change, an invitation, and the admin's generated links
 * (no mail sent). Shared by the routes (routes/email-links.ts) and the dashboard's Users page.
 */
import { type AdminActor, SERVICE_ROLE_ACTOR } from './admin-users.ts';
import { audit } from './audit.ts';
import type { AuthContext } from './context.ts';
import { withAuthTransaction } from './db.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { type LinkType, newOtp, sendAuthEmail, storeToken, tokenHash, verificationUrl } from './mail.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import type { PkceChallenge } from './pkce.ts';
import { redirectTarget, validEmail } from './request.ts';
import { findUserByEmail, findUserById, insertUser, type UserJson, userJson } from './users.ts';

/** Whether auth emails leave at all (the dashboard says so when they do not). */
export { mailConfigured } from './mail.ts';

const emailExists = () => unprocessable('A user with this email address has already been registered', 'email_exists');

/**
 * Mails a password recovery link and code to the address; an unknown address gets the same
 * (silent) answer, so nobody learns who has an account.
 */
export async function sendRecoveryEmail(auth: AuthContext, email: string, redirectTo?: string, pkce?: PkceChallenge): Promise<void> {
  const address = validEmail(email);
  const target = redirectTarget(auth.settings, redirectTo);
  await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const user = await findUserByEmail(client, address);
    if (!user) return;
    await audit(client, { action: 'user_recovery_requested', actorId: user.id, actorUsername: user.email, ip: auth.ip });
    await sendAuthEmail(client, auth, { kind: 'recovery', user, redirectTo: target, pkce });
  });
}

export interface MagicLinkOptions {
  /** Make an (unconfirmed) user for an unknown address, when sign-ups are allowed; false refuses with otp_disabled. */
  createUser?: boolean;
  /** The new user's metadata. */
  data?: Record<string, unknown>;
  redirectTo?: string;
  /** The client's PKCE challenge (pkce.ts). */
  pkce?: PkceChallenge;
}

/**
 * Mails a magic link with its code (`POST /otp`). A confirmed user gets the magic link; an
 * address not yet confirmed gets the sign-up confirmation, which signs in just the same; an unknown
 * one is signed up first (with `createUser`, which the dashboard leaves off).
 */
export async function sendMagicLink(auth: AuthContext, email: string, options: MagicLinkOptions = {}): Promise<void> {
  const address = validEmail(email);
  const target = redirectTarget(auth.settings, options.redirectTo);
  const { settings } = auth;
  await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    let user = await findUserByEmail(client, address);
    if (!user) {
      if (!options.createUser) throw unprocessable('Signups not allowed for otp', 'otp_disabled');
      if (settings.disable_signup) throw unprocessable('Signups not allowed for this instance', 'signup_disabled');
      user = await insertUser(
        client,
        {
          email: address,
          encryptedPassword: null,
          userMetadata: options.data ?? {},
          confirmed: settings.mailer_autoconfirm,
        },
        auth,
      );
      if (settings.mailer_autoconfirm)
        await audit(client, {
          action: 'user_signedup',
          actorId: user.id,
          actorUsername: address,
          ip: auth.ip,
          traits: { provider: 'email' },
        });
    }
    const actor = { actorId: user.id, actorUsername: user.email, ip: auth.ip };
    if (user.email_confirmed_at) {
      await audit(client, { action: 'user_recovery_requested', ...actor });
      await sendAuthEmail(client, auth, { kind: 'magic_link', user, redirectTo: target, pkce: options.pkce });
    } else {
      await audit(client, { action: 'user_confirmation_requested', ...actor, traits: { provider: 'email' } });
      await sendAuthEmail(client, auth, { kind: 'confirmation', user, redirectTo: target, pkce: options.pkce });
    }
  });
}

export type ResendType = 'signup' | 'email_change';

/**
 * Mails the sign-up confirmation or the pending email change again (`POST /resend`). An unknown
 * address, a confirmed one or no pending change answer the same silence.
 */
export async function resendEmail(auth: AuthContext, email: string, type: ResendType, redirectTo?: string): Promise<void> {
  const address = validEmail(email);
  const target = redirectTarget(auth.settings, redirectTo);
  await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const user = await findUserByEmail(client, address);
    if (!user) return;
    if (type === 'signup') {
      if (user.email_confirmed_at) return;
      await audit(client, {
        action: 'user_confirmation_requested',
        actorId: user.id,
        actorUsername: user.email,
        ip: auth.ip,
        traits: { provider: 'email' },
      });
      await sendAuthEmail(client, auth, { kind: 'confirmation', user, redirectTo: target });
      return;
    }
    if (!user.email_change) return;
    await sendAuthEmail(client, auth, { kind: 'email_change', user, redirectTo: target, newEmail: user.email_change });
  });
}

/**
 * Invites the address (`POST /invite`): a new unconfirmed user, or the unconfirmed one already
 * there, gets the invite mail; a confirmed address is refused with email_exists.
 */
export async function inviteUserByEmail(
  auth: AuthContext,
  email: string,
  data?: Record<string, unknown>,
  redirectTo?: string,
  actor: AdminActor = SERVICE_ROLE_ACTOR,
): Promise<UserJson> {
  const address = validEmail(email);
  const target = redirectTarget(auth.settings, redirectTo);
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    let user = await findUserByEmail(client, address);
    if (user?.email_confirmed_at) throw emailExists();
    user ??= await insertUser(
      client,
      {
        email: address,
        encryptedPassword: null,
        userMetadata: data ?? {},
        confirmed: false,
        invited: true,
      },
      auth,
    );
    await audit(client, {
      action: 'user_invited',
      actorId: actor.id,
      actorUsername: actor.username,
      ip: auth.ip,
      traits: { user_id: user.id, user_email: address },
    });
    await sendAuthEmail(client, auth, { kind: 'invite', user, redirectTo: target });
    return userJson((await findUserById(client, user.id))!);
  });
}

export const GENERATE_LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;
export type GenerateLinkType = (typeof GENERATE_LINK_TYPES)[number];

export interface GenerateLinkParams {
  type: string;
  email: string;
  password?: string;
  newEmail?: string;
  data?: Record<string, unknown>;
  redirectTo?: string;
}

/** auth-js's generateLink answer: the user's fields with the link's properties beside them. */
export type GeneratedLink = UserJson & {
  action_link: string;
  email_otp: string;
  hashed_token: string;
  verification_type: string;
  redirect_to: string;
};

/**
 * The admin's link (`POST /admin/generate_link`): the token is issued on the user's row exactly
 * as a mail would issue it, but nothing is sent; the caller mails the link or code itself. A magic
 * link for an unknown address signs it up instead.
 */
export async function generateLink(
  auth: AuthContext,
  params: GenerateLinkParams,
  actor: AdminActor = SERVICE_ROLE_ACTOR,
): Promise<GeneratedLink> {
  if (!(GENERATE_LINK_TYPES as readonly string[]).includes(params.type))
    throw badRequest(`Invalid email action link type requested: ${params.type}`);
  let type = params.type as GenerateLinkType;
  const address = validEmail(params.email);
  const target = redirectTarget(auth.settings, params.redirectTo);
  const changing = type === 'email_change_current' || type === 'email_change_new';
  if (type === 'email_change_current' && !auth.settings.mailer_secure_email_change_enabled) {
    throw badRequest('Enable secure email change to generate link for current email');
  }
  const newEmail = changing ? validEmail(params.newEmail ?? '') : undefined;
  if (params.password !== undefined && (type === 'signup' || type === 'magiclink')) checkPassword(params.password, auth.settings);
  const encryptedPassword = params.password ? await hashPassword(params.password) : null;
  const otp = newOtp(auth.settings.mailer_otp_length);
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    let user = await findUserByEmail(client, address);
    if (!user) {
      if (type === 'magiclink') type = 'signup';
      else if (type !== 'signup' && type !== 'invite') throw notFound('User with this email not found', 'user_not_found');
    }
    const hash = tokenHash(type === 'email_change_new' ? newEmail! : address, otp);
    const self = (id: string) => ({ actorId: id, actorUsername: address, ip: auth.ip });
    switch (type) {
      case 'magiclink':
      case 'recovery':
        await audit(client, { action: 'user_recovery_requested', ...self(user!.id) });
        await storeToken(client, user!.id, 'recovery', hash);
        break;
      case 'invite':
        if (user?.email_confirmed_at) throw emailExists();
        user ??= await insertUser(
          client,
          {
            email: address,
            encryptedPassword: null,
            userMetadata: params.data ?? {},
            confirmed: false,
            invited: true,
          },
          auth,
        );
        await audit(client, {
          action: 'user_invited',
          actorId: actor.id,
          actorUsername: actor.username,
          ip: auth.ip,
          traits: { user_id: user.id, user_email: address },
        });
        await storeToken(client, user.id, 'invite', hash);
        break;
      case 'signup':
        if (user?.email_confirmed_at) throw emailExists();
        if (user && params.data) {
          await client.query(
            `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $2, updated_at = now() where id = $1`,
            [user.id, params.data],
          );
        }
        user ??= await insertUser(client, { email: address, encryptedPassword, userMetadata: params.data ?? {}, confirmed: false }, auth);
        await audit(client, { action: 'user_confirmation_requested', ...self(user.id), traits: { provider: 'email' } });
        await storeToken(client, user.id, 'confirmation', hash);
        break;
      default: {
        const taken = await findUserByEmail(client, newEmail!);
        if (taken && taken.id !== user!.id) throw emailExists();
        await storeToken(client, user!.id, type, hash, newEmail);
        await audit(client, { action: 'user_modified', ...self(user!.id), traits: { new_email: newEmail } });
      }
    }
    const linkType: LinkType = changing ? 'email_change' : (type as LinkType);
    return {
      ...userJson((await findUserById(client, user!.id))!),
      action_link: verificationUrl(auth, hash, linkType, target),
      email_otp: otp,
      hashed_token: hash,
      verification_type: type,
      redirect_to: target,
    };
  });
}

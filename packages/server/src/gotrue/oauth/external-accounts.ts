/**
 * The user an external identity signs in, as GoTrue decides it (models.DetermineAccountLinking):
 * the user of the identity when it is known; else the one user whose address the provider
 * verified (automatic linking), given the identity; else a new user. An unconfirmed user that
 * gains an identity loses its password and other identities (no pre-account takeover), and is
 * confirmed when the provider verified the address; otherwise a confirmation is mailed and the
 * sign-in refused. linkIdentity adds the identity to a signed-in user instead.
 */
import type pg from 'pg';
import { audit } from '../audit.ts';
import type { AuthContext } from '../context.ts';
import { AuthApiError, type ErrorCode, unprocessable } from '../errors.ts';
import { sendAuthEmail } from '../mail.ts';
import { confirmEmail, findUserById, insertIdentity, insertUser, isBanned, type NewIdentity, type UserRow } from '../users.ts';
import type { ProviderProfile } from './profiles.ts';

export type ExternalOutcome = { user: UserRow } | { refused: AuthApiError };

/** app_metadata.providers: the providers of the user's identities, as GoTrue's UpdateAppMetaDataProviders lists them. */
export async function refreshProviders(client: pg.ClientBase, userId: string): Promise<void> {
  await client.query(
    `update auth.users set updated_at = now(), raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || jsonb_build_object('providers',
       coalesce((select jsonb_agg(p.provider order by p.first) from (select provider, min(created_at) as first from auth.identities
                  where user_id = $1 group by provider) p), '[]'))
      where id = $1`,
    [userId],
  );
}

/** The identity's claims merged into user_metadata, as GoTrue keeps them current on each sign-in. */
const mergeMetadata = (client: pg.ClientBase, userId: string, claims: Record<string, unknown>) =>
  client.query(`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $2, updated_at = now() where id = $1`, [
    userId,
    claims,
  ]);

/** The identity's user when the identity exists, with its claims and sign-in time refreshed. */
async function knownIdentity(
  client: pg.ClientBase,
  provider: string,
  profile: ProviderProfile,
): Promise<{ userId: string; id: string } | null> {
  const { rows } = await client.query<{ user_id: string; id: string }>(
    `update auth.identities set identity_data = $3, last_sign_in_at = now(), updated_at = now()
      where provider = $1 and provider_id = $2 returning user_id, id`,
    [provider, profile.claims.sub, profile.claims],
  );
  return rows[0] ? { userId: rows[0].user_id, id: rows[0].id } : null;
}

/** The users (not SSO, not anonymous) holding one of the addresses, by their email or an identity's. */
async function usersWithEmails(client: pg.ClientBase, emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const { rows } = await client.query<{ id: string }>(
    `select u.id from auth.users u
      where not u.is_sso_user and not u.is_anonymous
        and (lower(u.email) = any($1) or exists (select 1 from auth.identities i where i.user_id = u.id and i.email = any($1) and i.provider not like 'sso:%'))`,
    [emails],
  );
  return rows.map((row) => row.id);
}

/**
 * The provider's addresses GoTrue links by (those it verified, or all with autoconfirm on), and the
 * one a new user gets: a linkable primary one, else any linkable one, else the primary one.
 */
function emailsOf(profile: ProviderProfile, autoconfirm: boolean) {
  const linkable = profile.emails.filter((email) => email.verified || autoconfirm);
  const candidate = linkable.find((email) => email.primary) ??
    linkable[0] ??
    profile.emails.find((email) => email.primary) ?? { email: profile.emails[0]?.email ?? '', verified: false };
  return {
    linkable: linkable.map((email) => email.email.toLowerCase()),
    candidate: { email: candidate.email.toLowerCase(), verified: candidate.verified || autoconfirm },
  };
}

type Account = { userId: string; identityId: string } | { refused: AuthApiError };

/** The identity's user (its claims refreshed), the one user with a linkable address (given the identity), or a new user. */
async function accountFor(client: pg.ClientBase, auth: AuthContext, provider: string, profile: ProviderProfile): Promise<Account> {
  const known = await knownIdentity(client, provider, profile);
  if (known) {
    await mergeMetadata(client, known.userId, profile.claims);
    return { userId: known.userId, identityId: known.id };
  }
  const { linkable, candidate } = emailsOf(profile, auth.settings.mailer_autoconfirm);
  const identity: NewIdentity = { provider, providerId: profile.claims.sub, data: profile.claims };
  const matches = [...new Set(await usersWithEmails(client, linkable))];
  if (matches.length > 1)
    throw new AuthApiError(
      500,
      'unexpected_failure',
      'Multiple accounts with the same email address in the same linking domain detected: default',
    );
  if (matches[0]) {
    const identityId = await insertIdentity(client, matches[0], identity);
    await mergeMetadata(client, matches[0], profile.claims);
    return { userId: matches[0], identityId };
  }
  if (auth.settings.disable_signup) return { refused: unprocessable('Signups not allowed for this instance', 'signup_disabled') };
  // An unverified address someone already has: no second account with it, and no mail to its owner.
  if (!candidate.verified && (await usersWithEmails(client, [candidate.email])).length)
    return { refused: unverifiedEmail(provider, false) };
  const user = await insertUser(
    client,
    {
      email: candidate.email || null,
      encryptedPassword: null,
      userMetadata: {},
      confirmed: false,
      identity,
    },
    auth,
  );
  return { userId: user.id, identityId: user.identities[0]!.id };
}

/** GoTrue's signup through a provider or the sign-in of a returning one; the caller's transaction commits either outcome. */
export async function signInExternal(
  client: pg.ClientBase,
  auth: AuthContext,
  provider: string,
  profile: ProviderProfile,
): Promise<ExternalOutcome> {
  const account = await accountFor(client, auth, provider, profile);
  if ('refused' in account) return account;
  await refreshProviders(client, account.userId);
  const user = (await findUserById(client, account.userId))!;
  if (isBanned(user)) return { refused: new AuthApiError(403, 'user_banned', 'User is banned') };
  const actor = { actorId: user.id, actorUsername: user.email, ip: auth.ip, traits: { provider } };
  if (user.email_confirmed_at) {
    await audit(client, { action: 'login', ...actor });
    return { user };
  }
  await dropUnconfirmedDoors(client, user.id, account.identityId, profile.claims);
  const { candidate } = emailsOf(profile, auth.settings.mailer_autoconfirm);
  if (candidate.verified) {
    await audit(client, { action: 'user_signedup', ...actor });
    await confirmEmail(client, user.id);
    return { user: (await findUserById(client, user.id))! };
  }
  if (candidate.email) await sendAuthEmail(client, auth, { kind: 'confirmation', user, redirectTo: auth.settings.site_url });
  return { refused: unverifiedEmail(provider, Boolean(candidate.email)) };
}

const unverifiedEmail = (provider: string, mailed: boolean, code: ErrorCode = 'provider_email_needs_verification') =>
  unprocessable(
    `Unverified email with ${provider}. ${mailed ? `A confirmation email has been sent to your ${provider} email` : `Verify the email with ${provider} in order to sign in`}`,
    code,
  );

/**
 * An unconfirmed user gaining a provider's identity: its password and other identities go (they
 * may be an attacker's, made before the owner signed in), and its metadata becomes the identity's.
 */
export async function dropUnconfirmedDoors(client: pg.ClientBase, userId: string, identityId: string, claims: Record<string, unknown>) {
  await client.query('delete from auth.identities where user_id = $1 and id <> $2', [userId, identityId]);
  await client.query('update auth.users set encrypted_password = null, raw_user_meta_data = $2, updated_at = now() where id = $1', [
    userId,
    claims,
  ]);
  await refreshProviders(client, userId);
}

/** linkIdentity and unlinkIdentity need SECURITY_MANUAL_LINKING_ENABLED: GoTrue's 422 otherwise. */
export function requireManualLinking(auth: AuthContext): void {
  if (!auth.settings.security_manual_linking_enabled) throw unprocessable('Manual linking is disabled', 'manual_linking_disabled');
}

/**
 * linkIdentity's callback: the identity joins the signed-in user, unless some user has it already.
 * A user without an address (an anonymous one) takes the identity's: confirmed, and no longer
 * anonymous, when the provider verified it; otherwise, as GoTrue does, a confirmation is mailed
 * and the link answers 422 email_not_confirmed, the identity and address kept.
 */
export async function linkIdentity(
  client: pg.ClientBase,
  auth: AuthContext,
  target: UserRow,
  provider: string,
  profile: ProviderProfile,
): Promise<ExternalOutcome> {
  const { rows } = await client.query<{ user_id: string }>('select user_id from auth.identities where provider = $1 and provider_id = $2', [
    provider,
    profile.claims.sub,
  ]);
  if (rows[0]) {
    const whose = rows[0].user_id === target.id ? 'Identity is already linked' : 'Identity is already linked to another user';
    return { refused: unprocessable(whose, 'identity_already_exists') };
  }
  await insertIdentity(client, target.id, { provider, providerId: profile.claims.sub, data: profile.claims });
  await refreshProviders(client, target.id);
  await audit(client, { action: 'user_modified', actorId: target.id, actorUsername: target.email, ip: auth.ip, traits: { provider } });
  const email = typeof profile.claims.email === 'string' ? profile.claims.email.toLowerCase() : '';
  if (!target.email && email) {
    const taken = await usersWithEmails(client, [email]);
    // Thrown, not answered: nothing of the link is kept, as GoTrue rolls it back.
    if (taken.some((id) => id !== target.id))
      throw new AuthApiError(400, 'email_exists', 'A user with this email address has already been registered');
    await client.query('update auth.users set email = $2, updated_at = now() where id = $1', [target.id, email]);
    if (!profile.claims.email_verified) {
      const user = (await findUserById(client, target.id))!;
      await sendAuthEmail(client, auth, { kind: 'confirmation', user, redirectTo: auth.settings.site_url });
      return { refused: unverifiedEmail(provider, true, 'email_not_confirmed') };
    }
    await confirmEmail(client, target.id);
    await client.query('update auth.users set is_anonymous = false where id = $1', [target.id]);
  }
  return { user: (await findUserById(client, target.id))! };
}

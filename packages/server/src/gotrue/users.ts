/**
 * Rows of auth.users and auth.identities, and the user object Supabase Auth answers with. Every
 * query names its columns and takes values as parameters.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../store/db.ts';
import type { AuthContext } from './context.ts';
import { beforeUserCreated } from './hooks.ts';

export const AUDIENCE = 'authenticated';

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  identities: IdentityRow[];
  /** Its MFA factors, oldest first; null without any. */
  factors: FactorJson[] | null;
}

/** An MFA factor as the user object lists it (auth-js's Factor). */
export interface FactorJson {
  id: string;
  friendly_name?: string;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
  last_challenged_at?: string;
}

/** The user's columns with their identities (as JSON rows), for `from auth.users u`. */
export const USER_COLUMNS = `u.id, u.aud, u.role, u.email, u.encrypted_password, u.email_confirmed_at, u.invited_at,
  u.confirmation_sent_at, u.recovery_sent_at, u.email_change, u.email_change_sent_at, u.last_sign_in_at,
  u.raw_app_meta_data, u.raw_user_meta_data, u.created_at, u.updated_at, u.phone, u.phone_confirmed_at,
  u.confirmed_at, u.banned_until, u.deleted_at, u.is_anonymous,
  coalesce((select json_agg(i order by i.created_at) from auth.identities i where i.user_id = u.id), '[]') as identities,
  (select json_agg(json_strip_nulls(json_build_object('id', f.id, 'friendly_name', nullif(f.friendly_name, ''), 'factor_type', f.factor_type,
      'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at, 'last_challenged_at', f.last_challenged_at)) order by f.created_at)
     from auth.mfa_factors f where f.user_id = u.id) as factors`;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users u where u.id = $1`, [id]);
  return rows[0];
}

/** Emails compare case-insensitively, as GoTrue stores and looks them up. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u where lower(u.email) = lower($1) and not u.is_sso_user order by u.created_at limit 1`,
    [email],
  );
  return rows[0];
}

export interface NewUser {
  email: string | null;
  encryptedPassword: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
  anonymous?: boolean;
  invited?: boolean;
  role?: string;
  /** A sign-up's user_metadata starts with its identity's claims (sub, email, email_verified, phone_verified), as GoTrue's; an admin's new user has only what was given. */
  identityInMetadata?: boolean;
  /** The user's first identity when it is not its email's: an OAuth provider's (oauth/external-accounts.ts). */
  identity?: NewIdentity;
}

export interface NewIdentity {
  provider: string;
  /** The provider's subject. */
  providerId: string;
  data: Record<string, unknown>;
}

/** Adds an identity to the user, signed in with now; answers its id. */
export async function insertIdentity(db: Queryable, userId: string, identity: NewIdentity): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, now(), now(), now()) returning id`,
    [identity.providerId, userId, identity.data, identity.provider],
  );
  return rows[0]!.id;
}

/**
 * Inserts a user and its first identity (its email's, or that of the provider it signed up
 * with); answers the new row. `signUp`: a user signing themselves up (or invited), whom the
 * project's before user created hook sees first; the admin API's users skip it, as in GoTrue.
 */
export async function insertUser(db: Queryable, user: NewUser, signUp?: AuthContext): Promise<UserRow> {
  const id = randomUUID();
  const identity: NewIdentity | undefined =
    user.identity ??
    (user.email
      ? { provider: 'email', providerId: id, data: { sub: id, email: user.email, email_verified: user.confirmed, phone_verified: false } }
      : undefined);
  const providers = identity ? { provider: identity.provider, providers: [identity.provider] } : {};
  const appMetadata = { ...providers, ...user.appMetadata };
  const userMetadata = { ...(user.identityInMetadata === false ? {} : (identity?.data ?? {})), ...user.userMetadata };
  if (signUp) {
    const now = new Date().toISOString();
    const candidate = { id, aud: AUDIENCE, role: user.role ?? AUDIENCE, email: user.email ?? '', phone: '', app_metadata: appMetadata };
    await beforeUserCreated(
      signUp,
      {
        ...candidate,
        user_metadata: userMetadata,
        identities: [],
        created_at: now,
        updated_at: now,
        is_anonymous: user.anonymous ?? false,
      },
      db,
    );
  }
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
       raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5, case when $6 then now() end, case when $7 then now() end,
       $8, $9, $10, now(), now())`,
    [
      id,
      AUDIENCE,
      user.role ?? AUDIENCE,
      user.email,
      user.encryptedPassword,
      user.confirmed,
      user.invited ?? false,
      appMetadata,
      userMetadata,
      user.anonymous ?? false,
    ],
  );
  if (identity) await insertIdentity(db, id, identity);
  return (await findUserById(db, id))!;
}

/** Marks the user's email confirmed (and its identity's). */
export async function confirmEmail(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', updated_at = now(),
       raw_user_meta_data = case when raw_user_meta_data ? 'email_verified' then jsonb_set(raw_user_meta_data, '{email_verified}', 'true') else raw_user_meta_data end
     where id = $1`,
    [id],
  );
  await db.query(
    `update auth.identities set identity_data = jsonb_set(identity_data, '{email_verified}', 'true'), updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [id],
  );
}

const iso = (date: Date | null) => date?.toISOString();
/** GoTrue leaves empty fields out of its user object. */
const present = <T extends Record<string, unknown>>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== null));

function identityJson(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: identity.last_sign_in_at,
    created_at: identity.created_at,
    updated_at: identity.updated_at,
    email: identity.email ?? undefined,
  };
}

/** The user as Supabase Auth's API answers it (auth-js's User). */
export function userJson(user: UserRow) {
  return present({
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: user.identities.map(identityJson),
    factors: user.factors ?? undefined,
    created_at: user.created_at.toISOString(),
    updated_at: iso(user.updated_at ?? user.created_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  });
}

export type UserJson = ReturnType<typeof userJson>;

export const isBanned = (user: Pick<UserRow, 'banned_until'>) => user.banned_until !== null && user.banned_until.getTime() > Date.now();

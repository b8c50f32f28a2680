/**
 * The project's users as an administrator manages them: list (paged, searched), create, read,
 * update (email, password, confirmation, metadata, role, bans) and delete (hard, or GoTrue's soft
 * delete that scrubs the row). Shared by the auth API's `/admin/users` routes (service_role) and
 * the dashboard's Users page, each passing who acts for the audit log.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { audit, type AuditAction } from './audit.ts';
import type { AuthContext } from './context.ts';
import { isUuid } from '../kernel/uuid.ts';
import { queryAuth, withAuthTransaction } from './db.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import { validEmail } from './request.ts';
import { confirmEmail, findUserByEmail, findUserById, insertUser, USER_COLUMNS, type UserRow } from './users.ts';

/** Who performs an admin action, as the audit log names them: GoTrue writes the service role's (empty) user. */
export interface AdminActor {
  id: string | null;
  username: string;
}

export const SERVICE_ROLE_ACTOR: AdminActor = { id: '00000000-0000-0000-0000-000000000000', username: 'service_role' };

export interface AdminUserAttributes {
  email?: string;
  phone?: string;
  password?: string;
  email_confirm?: boolean;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  ban_duration?: string;
  role?: string;
}

export interface UserPage {
  users: UserRow[];
  total: number;
}

export interface ListUsersOptions {
  /** 1-based. */
  page: number;
  perPage: number;
  /** Matched (case-insensitively, anywhere) against the email, the phone and the id. */
  keywords?: string;
}

const userNotFound = () => notFound('User not found', 'user_not_found');
const emailExists = () => unprocessable('A user with this email address has already been registered', 'email_exists');

/** `%` and `_` in what the user typed are literal characters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** One page of users, newest first (GoTrue's order), and how many match in all. */
export async function listUsers(auth: AuthContext, { page, perPage, keywords }: ListUsersOptions): Promise<UserPage> {
  const search = keywords?.trim() ? likePattern(keywords.trim()) : null;
  const where = `($1::text is null or u.email ilike $1 or u.phone ilike $1 or u.id::text ilike $1)`;
  const [users, counted] = await Promise.all([
    queryAuth<UserRow>(
      auth.ctx,
      auth.project,
      `select ${USER_COLUMNS} from auth.users u where ${where} order by u.created_at desc, u.id limit $2 offset $3`,
      [search, perPage, (page - 1) * perPage],
    ),
    queryAuth<{ total: number }>(auth.ctx, auth.project, `select count(*)::int as total from auth.users u where ${where}`, [search]),
  ]);
  return { users, total: counted[0]?.total ?? 0 };
}

export async function getUser(auth: AuthContext, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw userNotFound();
  const rows = await queryAuth<UserRow>(auth.ctx, auth.project, `select ${USER_COLUMNS} from auth.users u where u.id = $1`, [id]);
  if (!rows[0]) throw userNotFound();
  return rows[0];
}

const GO_UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, μs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const MAX_GO_DURATION_MS = 9_223_372_036_854;
const GO_DURATION = /^[-+]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/;

/**
 * A ban duration as GoTrue reads it (Go's time.ParseDuration: '24h', '2h45m', '300ms'), in
 * milliseconds; 'none' lifts the ban (0). 400 otherwise.
 */
export function parseBanDuration(text: string): number {
  if (text === 'none' || text === '0') return 0;
  if (!GO_DURATION.test(text)) throw badRequest(`invalid format for ban duration: time: invalid duration "${text}"`);
  const sign = text.startsWith('-') ? -1 : 1;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) total += Number(amount) * GO_UNITS[unit!]!;
  // Go's durations are int64 nanoseconds (about 292 years); longer ones do not parse.
  if (total > MAX_GO_DURATION_MS) throw badRequest(`invalid format for ban duration: time: invalid duration "${text}"`);
  return sign * total;
}

/** Sets or lifts the ban: a duration of 0 (or less) leaves the user free. */
async function ban(client: pg.ClientBase, id: string, durationMs: number): Promise<void> {
  await client.query(
    `update auth.users set banned_until = case when $2::float8 > 0 then now() + make_interval(secs => $2::float8 / 1000) end, updated_at = now() where id = $1`,
    [id, durationMs],
  );
}

/** GoTrue's merge of metadata: the given keys replace theirs, keys set to null are removed. */
const mergeMetadata = (column: 'raw_app_meta_data' | 'raw_user_meta_data') =>
  `update auth.users set ${column} = jsonb_strip_nulls(coalesce(${column}, '{}') || $2), updated_at = now() where id = $1`;

async function auditAdmin(
  client: pg.ClientBase,
  auth: AuthContext,
  actor: AdminActor,
  action: AuditAction,
  user: Pick<UserRow, 'id' | 'email' | 'phone'>,
) {
  await audit(client, {
    action,
    actorId: actor.id,
    actorUsername: actor.username,
    ip: auth.ip,
    traits: { user_id: user.id, user_email: user.email ?? '', user_phone: user.phone ?? '' },
  });
}

function refusePhone(attributes: AdminUserAttributes) {
  if (attributes.phone) throw unprocessable('Phone users are not available in Basin: use an email address');
}

/** Creates a user (no email is sent): confirmed with `email_confirm`, banned with `ban_duration`. */
export async function createUser(auth: AuthContext, attributes: AdminUserAttributes, actor: AdminActor): Promise<UserRow> {
  refusePhone(attributes);
  if (!attributes.email) throw unprocessable('Cannot create a user without either an email or phone');
  const email = validEmail(attributes.email);
  if (attributes.password) checkPassword(attributes.password, auth.settings);
  const banMs = attributes.ban_duration ? parseBanDuration(attributes.ban_duration) : 0;
  const encryptedPassword = attributes.password ? await hashPassword(attributes.password) : null;
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    if (await findUserByEmail(client, email)) throw emailExists();
    const user = await insertUser(client, {
      email,
      encryptedPassword,
      userMetadata: attributes.user_metadata ?? {},
      confirmed: attributes.email_confirm === true,
      role: attributes.role || undefined,
      identityInMetadata: false,
    });
    if (attributes.app_metadata) await client.query(mergeMetadata('raw_app_meta_data'), [user.id, attributes.app_metadata]);
    if (banMs > 0) await ban(client, user.id, banMs);
    await auditAdmin(client, auth, actor, 'user_signedup', user);
    return (await findUserById(client, user.id))!;
  });
}

/**
 * Changes what is given: email (no confirmation mail: an administrator's change is taken as is),
 * password (the project's rules apply), email_confirm, metadata (merged as GoTrue merges), role, ban.
 */
export async function updateUser(auth: AuthContext, id: string, attributes: AdminUserAttributes, actor: AdminActor): Promise<UserRow> {
  refusePhone(attributes);
  const existing = await getUser(auth, id);
  const email = attributes.email ? validEmail(attributes.email) : undefined;
  if (attributes.password !== undefined) checkPassword(attributes.password, auth.settings);
  const banMs = attributes.ban_duration ? parseBanDuration(attributes.ban_duration) : undefined;
  const encryptedPassword = attributes.password === undefined ? undefined : await hashPassword(attributes.password);
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    if (banMs !== undefined) await ban(client, id, banMs);
    if (attributes.role) await client.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [id, attributes.role]);
    if (attributes.email_confirm) await confirmEmail(client, id);
    if (encryptedPassword)
      await client.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [id, encryptedPassword]);
    if (email && email !== existing.email) await setEmail(client, id, email);
    if (attributes.app_metadata) await client.query(mergeMetadata('raw_app_meta_data'), [id, attributes.app_metadata]);
    if (attributes.user_metadata) await client.query(mergeMetadata('raw_user_meta_data'), [id, attributes.user_metadata]);
    const user = await findUserById(client, id);
    if (!user) throw userNotFound();
    await auditAdmin(client, auth, actor, 'user_modified', user);
    return user;
  });
}

/** The address itself, and its email identity (made when the user had none, e.g. an anonymous user). */
async function setEmail(client: pg.ClientBase, id: string, email: string): Promise<void> {
  const taken = await findUserByEmail(client, email);
  if (taken && taken.id !== id) throw emailExists();
  await client.query(`update auth.users set email = $2, email_change = '', is_anonymous = false, updated_at = now() where id = $1`, [
    id,
    email,
  ]);
  await client.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', false, 'phone_verified', false), 'email', now(), now())
     on conflict (provider_id, provider) do update set identity_data = auth.identities.identity_data || jsonb_build_object('email', $2::text), updated_at = now()`,
    [id, email],
  );
  await client.query(
    `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || jsonb_build_object('provider', coalesce(raw_app_meta_data ->> 'provider', 'email'),
       'providers', (select coalesce(jsonb_agg(distinct p), '[]') from (select jsonb_array_elements_text(coalesce(raw_app_meta_data -> 'providers', '[]')) as p union select 'email') providers))
     where id = $1`,
    [id],
  );
}

/** GoTrue's obfuscation of a scrubbed value: sha256 of the id and the value, base64url. */
const obfuscated = (id: string, value: string | null) =>
  value
    ? createHash('sha256')
        .update(id + value)
        .digest('base64url')
    : value;

/**
 * Deletes the user. Hard: the row goes, and with it (cascading) identities and sessions. Soft
 * (GoTrue's should_soft_delete): the row stays with deleted_at set and everything that could
 * identify or sign the user in scrubbed, so the address can sign up again; sessions end.
 */
export async function deleteUser(auth: AuthContext, id: string, softDelete: boolean, actor: AdminActor): Promise<UserRow> {
  const user = await getUser(auth, id);
  await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    await auditAdmin(client, auth, actor, 'user_deleted', user);
    await client.query(`delete from auth.refresh_tokens where user_id = $1`, [id]);
    if (!softDelete) {
      const { rowCount } = await client.query(`delete from auth.users where id = $1`, [id]);
      if (!rowCount) throw userNotFound();
      return;
    }
    if (user.deleted_at) return;
    await client.query(
      `update auth.users set email = $2, phone = $3, email_change = $4, phone_change = '', encrypted_password = null,
         confirmation_token = '', recovery_token = '', email_change_token_current = '', email_change_token_new = '', phone_change_token = '',
         reauthentication_token = '', raw_user_meta_data = '{}', raw_app_meta_data = '{}', deleted_at = now(), updated_at = now()
       where id = $1`,
      [id, obfuscated(id, user.email), obfuscated(id, user.phone), obfuscated(id, user.email_change) ?? ''],
    );
    const { rows: identities } = await client.query<{ id: string; provider_id: string; identity_data: Record<string, unknown> }>(
      `select id, provider_id, identity_data from auth.identities where user_id = $1`,
      [id],
    );
    for (const identity of identities) {
      const data = { ...identity.identity_data };
      for (const field of ['email', 'phone'] as const)
        if (typeof data[field] === 'string') data[field] = obfuscated(identity.id, data[field] as string);
      await client.query(`update auth.identities set provider_id = $2, identity_data = $3, updated_at = now() where id = $1`, [
        identity.id,
        obfuscated(identity.id, identity.provider_id),
        data,
      ]);
    }
    await client.query(`delete from auth.sessions where user_id = $1`, [id]);
  });
  return user;
}

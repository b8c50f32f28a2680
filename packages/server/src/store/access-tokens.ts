/** Personal access tokens: a user's, by their SHA-256 (the token itself is never stored). */
import type { Queryable } from './db.ts';

export interface AccessTokenRow {
  id: string;
  user_id: string;
  name: string;
  token_alias: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
}

/** A token found by its hash, with what a request made with it needs to know of its user. */
export interface AccessTokenOwner {
  id: string;
  user_id: string;
  email: string;
  username: string;
  last_used_at: Date | null;
  expires_at: Date | null;
}

const COLUMNS = 'id, user_id, name, token_alias, created_at, last_used_at, expires_at';

/** The user's tokens, newest first. */
export async function listForUser(db: Queryable, userId: string): Promise<AccessTokenRow[]> {
  const { rows } = await db.query<AccessTokenRow>(`select ${COLUMNS} from access_tokens where user_id = $1 order by created_at desc, id`, [
    userId,
  ]);
  return rows;
}

export async function insert(
  db: Queryable,
  token: { userId: string; name: string; hash: string; alias: string; expiresInDays: number | null },
): Promise<AccessTokenRow> {
  const { rows } = await db.query<AccessTokenRow>(
    `insert into access_tokens (user_id, name, token_hash, token_alias, expires_at)
     values ($1, $2, $3, $4, case when $5::int is null then null else now() + make_interval(days => $5::int) end)
     returning ${COLUMNS}`,
    [token.userId, token.name, token.hash, token.alias, token.expiresInDays],
  );
  return rows[0]!;
}

/** Deletes one of the user's tokens; its row (with the hash, to forget cached lookups) or undefined when the user has no such token. */
export async function removeForUser(
  db: Queryable,
  userId: string,
  id: string,
): Promise<(AccessTokenRow & { token_hash: string }) | undefined> {
  const { rows } = await db.query<AccessTokenRow & { token_hash: string }>(
    `delete from access_tokens where user_id = $1 and id = $2 returning ${COLUMNS}, token_hash`,
    [userId, id],
  );
  return rows[0];
}

export async function findByHash(db: Queryable, hash: string): Promise<AccessTokenOwner | undefined> {
  const { rows } = await db.query<AccessTokenOwner>(
    `select t.id, t.user_id, u.email, u.name as username, t.last_used_at, t.expires_at
     from access_tokens t join "user" u on u.id = t.user_id
     where t.token_hash = $1`,
    [hash],
  );
  return rows[0];
}

/** Marks the token used now, unless that was already done within `throttleSeconds`. */
export async function touch(db: Queryable, id: string, throttleSeconds: number): Promise<void> {
  await db.query(
    `update access_tokens set last_used_at = now()
     where id = $1 and (last_used_at is null or last_used_at < now() - make_interval(secs => $2::int))`,
    [id, throttleSeconds],
  );
}

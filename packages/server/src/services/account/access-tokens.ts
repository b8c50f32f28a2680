/**
 * Personal access tokens: a user makes them in the dashboard and the Supabase CLI sends one as
 * `Authorization: Bearer sbp_...` to the management API (/api/v1), acting as that user with the
 * user's own roles. Only the token's SHA-256 is stored; the token is answered once, at creation.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_MESSAGES } from '@basin/core';
import {
  ACCESS_TOKEN_ALIAS_LENGTH,
  ACCESS_TOKEN_PATTERN,
  ACCESS_TOKEN_PREFIX,
  type AccessToken,
  type CreateAccessTokenBody,
  type CreatedAccessToken,
  type Profile,
} from '@basin/core/schemas';
import { HttpError, notFound } from '../../kernel/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Queryable } from '../../store/db.ts';
import * as store from '../../store/access-tokens.ts';

/** `sbp_` and 40 lower-case hex digits: 160 random bits, the shape the Supabase CLI accepts. */
export function generateAccessToken(): string {
  return ACCESS_TOKEN_PREFIX + randomBytes(20).toString('hex');
}

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toAccessToken(row: store.AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    token_alias: row.token_alias,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
  };
}

export async function listAccessTokens(db: Queryable, userId: string): Promise<AccessToken[]> {
  return (await store.listForUser(db, userId)).map(toAccessToken);
}

export async function createAccessToken(db: Queryable, userId: string, body: CreateAccessTokenBody): Promise<CreatedAccessToken> {
  const token = generateAccessToken();
  const row = await store.insert(db, {
    userId,
    name: body.name,
    hash: hashAccessToken(token),
    alias: token.slice(0, ACCESS_TOKEN_ALIAS_LENGTH),
    expiresInDays: body.expires_in_days ?? null,
  });
  return { ...toAccessToken(row), token };
}

interface CachedToken {
  tokenId: string;
  profile: Profile;
  expiresAt: number | null;
  /** When last_used_at was last written (or read as), to write it at most once a `touchIntervalMs`. */
  touchedAt: number | null;
  until: number;
}

/**
 * Checks tokens sent to the management API. A verified token is cached for a few seconds (the
 * CLI sends several requests in a row), keyed by its hash; deleting a token through this process
 * forgets it at once, and its expiry is checked on every request, cached or not.
 */
export class AccessTokenVerifier {
  readonly #entries = new Map<string, CachedToken>();

  constructor(
    private readonly db: Queryable,
    private readonly logger: Logger,
    private readonly options: { ttlMs?: number; touchIntervalMs?: number; maxEntries?: number } = {},
  ) {}

  /** The token's user, or a 401 saying what is wrong with the token. */
  async verify(token: string): Promise<Profile> {
    if (!ACCESS_TOKEN_PATTERN.test(token)) throw new HttpError(401, ACCESS_TOKEN_MESSAGES.malformed);
    const hash = hashAccessToken(token);
    const now = Date.now();
    let entry = this.#entries.get(hash);
    if (!entry || entry.until <= now) {
      this.#entries.delete(hash);
      const found = await store.findByHash(this.db, hash);
      if (!found) throw new HttpError(401, ACCESS_TOKEN_MESSAGES.unknown);
      entry = {
        tokenId: found.id,
        profile: { id: found.user_id, email: found.email, username: found.username },
        expiresAt: found.expires_at?.getTime() ?? null,
        touchedAt: found.last_used_at?.getTime() ?? null,
        until: now + (this.options.ttlMs ?? 5000),
      };
      if (this.#entries.size >= (this.options.maxEntries ?? 10_000)) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(hash, entry);
    }
    if (entry.expiresAt !== null && entry.expiresAt <= now) {
      throw new HttpError(401, ACCESS_TOKEN_MESSAGES.expired(new Date(entry.expiresAt).toISOString()));
    }
    this.#touch(entry, now);
    return entry.profile;
  }

  /** Forgets a token's cached lookup (it was deleted). */
  forget(hash: string): void {
    this.#entries.delete(hash);
  }

  #touch(entry: CachedToken, now: number): void {
    const interval = this.options.touchIntervalMs ?? 60_000;
    if (entry.touchedAt !== null && now - entry.touchedAt < interval) return;
    entry.touchedAt = now;
    store.touch(this.db, entry.tokenId, Math.floor(interval / 1000)).catch((error: unknown) => {
      this.logger.warn({ err: error, tokenId: entry.tokenId }, 'could not record an access token’s last use');
    });
  }
}

/** Deletes one of the user's tokens: it stops working at once on this process (and within the cache's seconds on others). */
export async function deleteAccessToken(db: Queryable, verifier: AccessTokenVerifier, userId: string, id: string): Promise<AccessToken> {
  const row = await store.removeForUser(db, userId, id);
  if (!row) throw notFound('Access token');
  verifier.forget(row.token_hash);
  return toAccessToken(row);
}

import * as store from '../store/edge-logs.ts';
import type { PlatformContext } from './context.ts';

/** Characters of a key's signature that the logs keep: enough to tell keys apart, useless to forge one. */
export const SIGNATURE_PREFIX_LENGTH = 8;
/** Old rows are pruned by the writes themselves, at most this often. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** The first characters of a JWT's signature; null for anything that is not shaped like a JWT. */
export function signaturePrefix(key: string): string | null {
  const parts = key.split('.');
  const signature = parts[2];
  return parts.length === 3 && signature && signature.length >= SIGNATURE_PREFIX_LENGTH ? signature.slice(0, SIGNATURE_PREFIX_LENGTH) : null;
}

/**
 * Whether a browser sent the request: browsers send Origin on cross-origin calls, and every
 * browser's user agent starts with "Mozilla/" (curl, node, or supabase-js on a server do not).
 * Sec-Fetch-* headers would not do: node's fetch sends them too.
 */
export function looksLikeBrowser(headers: Headers): boolean {
  return headers.has('origin') || /^Mozilla\//.test(headers.get('user-agent') ?? '');
}

let lastPruneAt = 0;

/**
 * Writes the entry without holding up the response: a failed write is logged, never answered.
 * Rows older than the retention period go on the first write of each hour.
 */
export function recordEdgeRequest(ctx: PlatformContext, entry: store.EdgeLogEntry): void {
  store.insert(ctx.db, entry).catch((error: unknown) => ctx.logger.error({ err: error, ref: entry.ref }, 'could not write an edge log row'));
  if (Date.now() - lastPruneAt < PRUNE_EVERY_MS) return;
  lastPruneAt = Date.now();
  store.pruneExpired(ctx.db).catch((error: unknown) => ctx.logger.error({ err: error }, 'could not prune edge logs'));
}

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

/** Rows wait this long at most, so that a busy project's log costs one insert per batch, not one per request. */
const FLUSH_AFTER_MS = 100;
const BATCH_MAX = 500;

const pending = new WeakMap<PlatformContext, { entries: store.EdgeLogEntry[]; timer?: NodeJS.Timeout }>();

/**
 * Queues the entry without holding up the response; a failed write is logged, never answered.
 * Rows older than the retention period go on the first write of each hour.
 */
export function recordEdgeRequest(ctx: PlatformContext, entry: store.EdgeLogEntry): void {
  let batch = pending.get(ctx);
  if (!batch) pending.set(ctx, (batch = { entries: [] }));
  batch.entries.push(entry);
  if (batch.entries.length >= BATCH_MAX) flush(ctx);
  else batch.timer ??= setTimeout(() => flush(ctx), FLUSH_AFTER_MS).unref();
  if (Date.now() - lastPruneAt < PRUNE_EVERY_MS) return;
  lastPruneAt = Date.now();
  store.pruneExpired(ctx.db).catch((error: unknown) => ctx.logger.error({ err: error }, 'could not prune edge logs'));
}

function flush(ctx: PlatformContext): void {
  const batch = pending.get(ctx);
  if (!batch?.entries.length) return;
  clearTimeout(batch.timer);
  const entries = batch.entries.splice(0);
  batch.timer = undefined;
  store.insertMany(ctx.db, entries).catch((error: unknown) => ctx.logger.error({ err: error, rows: entries.length }, 'could not write edge log rows'));
}

import * as store from '../store/edge-logs.ts';
import { batchedLog } from './log-batches.ts';

/** Characters of a key's signature that the logs keep: enough to tell keys apart, useless to forge one. */
export const SIGNATURE_PREFIX_LENGTH = 8;

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

/** Queues the entry without holding up the response (log-batches.ts). */
export const recordEdgeRequest = batchedLog({ name: 'edge log', insertMany: store.insertMany });

import * as store from '../../store/edge-logs.ts';
import type { HeaderReader } from '../../kernel/headers.ts';
import { batchedLog } from './log-batches.ts';

/** The first characters of a JWT's signature, as the edge logs keep it (core's rule, shared with the keys panel's query). */
export { keySignaturePrefix as signaturePrefix } from '@basin/core';

/**
 * Whether a browser sent the request: browsers send Origin on cross-origin calls, and every
 * browser's user agent starts with "Mozilla/" (curl, node, or supabase-js on a server do not).
 * Sec-Fetch-* headers would not do: node's fetch sends them too.
 */
export function looksLikeBrowser(headers: HeaderReader): boolean {
  return headers.has('origin') || /^Mozilla\//.test(headers.get('user-agent') ?? '');
}

/** Queues the entry without holding up the response (log-batches.ts). */
export const recordEdgeRequest = batchedLog({ name: 'edge log', insertMany: store.insertMany });

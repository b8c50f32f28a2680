/**
 * The `Prefer` and `Range` request headers, as PostgREST reads them.
 */
import { RestError, rangeError } from './errors.ts';
import type { Preferences } from './types.ts';

/** Every `name=value` token Basin honours, and what it sets. */
const TOKENS = new Map<string, Preferences>([
  ...choices('return', ['minimal', 'headers-only', 'representation']),
  ...choices('count', ['exact', 'planned', 'estimated']),
  ...choices('resolution', ['merge-duplicates', 'ignore-duplicates']),
  ...choices('missing', ['default', 'null']),
  ...choices('tx', ['commit', 'rollback']),
  ...choices('handling', ['lenient', 'strict']),
]);

function choices<K extends keyof Preferences>(name: K, values: NonNullable<Preferences[K]>[]): [string, Preferences][] {
  return values.map((value) => [`${name}=${value}`, { [name]: value }]);
}

/**
 * `Prefer: return=representation, count=exact`: comma-separated tokens, matched exactly; the
 * first of a repeated preference wins. `timezone=` takes any name (the database knows which it
 * has). Anything else is ignored, unless `handling=strict` asks for an error (PGRST122).
 */
export function parsePrefer(header: string | null): Preferences {
  let preferences: Preferences = {};
  const invalid: string[] = [];
  for (const token of (header ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    const maxAffected = /^max-affected=([0-9]+)$/.exec(token)?.[1];
    const timezone = /^timezone=(.+)$/.exec(token)?.[1];
    const known = maxAffected
      ? { maxAffected: Math.min(Number(maxAffected), Number.MAX_SAFE_INTEGER) }
      : timezone
        ? { timezone }
        : TOKENS.get(token);
    if (known) preferences = { ...known, ...preferences };
    else invalid.push(token);
  }
  if (preferences.handling === 'strict' && invalid.length) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  return preferences;
}

/**
 * `Range: 0-9` (or `items=0-9`), `Range: 10-`: rows from the first index, as many as the last
 * allows. An empty range (`5-2`) or anything malformed is 416 PGRST103.
 */
export function parseRange(header: string | null): { offset: number; limit?: number } | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  const bounds = /^(?:items=)?([0-9]+)-([0-9]*)$/i.exec(text);
  if (!bounds) throw rangeError('Requested range not satisfiable', `The Range header must be "first-last" or "first-": got "${text}"`);
  const offset = Math.min(Number(bounds[1]), Number.MAX_SAFE_INTEGER);
  if (!bounds[2]) return { offset };
  const limit = Number(bounds[2]) - offset + 1;
  if (limit < 1) {
    throw rangeError(
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  return { offset, limit: Math.min(limit, Number.MAX_SAFE_INTEGER) };
}

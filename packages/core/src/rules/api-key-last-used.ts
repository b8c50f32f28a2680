/** The keys panel says when each key was last used within this many hours (spec part 1 §7). */
export const KEY_LAST_USED_WINDOW_HOURS = 24;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** The hint beside a key: 'Last used 3 minutes ago', or that it was not used within the window. */
export function keyLastUsedHint(lastUsedAt: string | null, now: Date): string {
  const elapsed = lastUsedAt === null ? Number.NaN : now.getTime() - new Date(lastUsedAt).getTime();
  if (!(elapsed < KEY_LAST_USED_WINDOW_HOURS * HOUR_MS)) return `Not used in the last ${KEY_LAST_USED_WINDOW_HOURS} hours`;
  if (elapsed < MINUTE_MS) return 'Last used less than a minute ago';
  if (elapsed < HOUR_MS) return `Last used ${plural(Math.floor(elapsed / MINUTE_MS), 'minute')} ago`;
  return `Last used ${plural(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
}

/** Characters of a key's signature that the edge logs keep: enough to tell keys apart, useless to forge one. */
export const KEY_SIGNATURE_PREFIX_LENGTH = 8;

/** The first characters of a JWT's signature, as edge_logs.key_signature_prefix holds them; null for anything not shaped like a JWT. */
export function keySignaturePrefix(key: string): string | null {
  const parts = key.split('.');
  const signature = parts[2];
  return parts.length === 3 && signature && signature.length >= KEY_SIGNATURE_PREFIX_LENGTH
    ? signature.slice(0, KEY_SIGNATURE_PREFIX_LENGTH)
    : null;
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The log query (logs.all) the keys panel asks over the last 24 h: the newest request that
 * presented each of these signature prefixes. Its rows are `{ key_signature_prefix, last_used_at }`.
 */
export function keyLastUsedSql(prefixes: string[]): string {
  const list = prefixes.length ? prefixes.map(literal).join(', ') : 'null';
  return `select key_signature_prefix, max(timestamp) as last_used_at
from edge_logs
where key_signature_prefix in (${list})
group by key_signature_prefix`;
}

/** The time range of that query, ending `now`. */
export function keyLastUsedRange(now: Date): { iso_timestamp_start: string; iso_timestamp_end: string } {
  return {
    iso_timestamp_start: new Date(now.getTime() - KEY_LAST_USED_WINDOW_HOURS * HOUR_MS).toISOString(),
    iso_timestamp_end: now.toISOString(),
  };
}

/** Each key's last use from that query's rows: null when its prefix has no row. */
export function keysLastUsedFromRows<Role extends string>(
  keys: { role: Role; prefix: string | null }[],
  rows: Record<string, unknown>[],
): { role: Role; last_used_at: string | null }[] {
  const used = new Map(rows.map((row) => [row.key_signature_prefix, row.last_used_at]));
  return keys.map(({ role, prefix }) => {
    const at = prefix === null ? undefined : used.get(prefix);
    return { role, last_used_at: typeof at === 'string' ? new Date(at).toISOString() : null };
  });
}

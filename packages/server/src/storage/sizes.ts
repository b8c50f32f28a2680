/**
 * Sizes as storage-js sends them for a bucket's `file_size_limit` and as BASIN_STORAGE_MAX_FILE_SIZE
 * is written: a number of bytes, or a string such as '5MB', '1.5 GB', '300kb' or '1024'. Units of
 * 1000, as Supabase Storage reads them: '20mb' is 20,000,000 bytes (rounded to a whole byte).
 */
const UNITS: Record<string, number> = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3, tb: 1000 ** 4 };

/** Bytes, or undefined when `value` is not a size. */
export function parseSize(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?\s*$/i.exec(value);
  if (!match) return undefined;
  const bytes = Math.round(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]!);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** '50 MB' for messages (units of 1000, as sizes are read); bytes when no unit says it exactly. */
export function formatSize(bytes: number): string {
  for (const [unit, size] of [
    ['TB', 1000 ** 4],
    ['GB', 1000 ** 3],
    ['MB', 1000 ** 2],
    ['KB', 1000],
  ] as const) {
    if (bytes >= size && bytes % (size / 1000) === 0) return `${Number((bytes / size).toFixed(3))} ${unit}`;
  }
  return `${bytes} bytes`;
}

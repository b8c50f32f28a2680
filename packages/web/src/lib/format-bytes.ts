const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes in binary units with up to 3 significant digits: '0 B', '512 B', '1.5 KB', '42.3 MB', '250 GB'. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits)).toLocaleString('en-US')} ${UNITS[unit]}`;
}

import type { ImportColumn, ImportColumnType } from '@basin/core/schemas';

/** Each CSV header's column of the table: the one of the same name (case aside), else none (skipped). */
export function initialMapping(headers: string[], columns: string[]): (string | null)[] {
  return headers.map((header) => columns.find((column) => column.toLowerCase() === header.trim().toLowerCase()) ?? null);
}

/** A new table's column names from the headers: trimmed, and `column_N` for an empty one. */
export const newColumnNames = (headers: string[]) => headers.map((header, index) => header.trim() || `column_${index + 1}`);

/** What the server is sent: per CSV column its target (with a type for a new table), or null. */
export function importColumns(targets: (string | null)[], types?: ImportColumnType[]): ImportColumn[] {
  return targets.map((name, index) => (name ? { name, ...(types ? { type: types[index]! } : {}) } : null));
}

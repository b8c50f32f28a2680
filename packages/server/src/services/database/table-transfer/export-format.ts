/**
 * Rows of an export as file text. Every value arrives as Postgres's text or null: CSV keeps them
 * apart as an empty field (NULL) and `""` (the empty string), as COPY reads them back; SQL
 * writes each row as an INSERT of quoted literals, which Postgres casts to the columns' types.
 */
import { stringify } from 'csv-stringify/sync';
import type { TableExportFormat } from '@basin/core/schemas';
import { ident, qualified } from '../../../rest/sql-fragment.ts';

export type TextRow = (string | null)[];

export interface ExportFormatter {
  /** What the file starts with. */
  head: string;
  rows(rows: TextRow[]): string;
  contentType: string;
  extension: string;
}

/** An empty string quoted, a NULL left empty. */
const csvRows = (rows: unknown[][]) => stringify(rows, { quoted_match: /^$/ });

/** A SQL string literal (standard_conforming_strings is on: only quotes are doubled). */
const literal = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);

export function exportFormatter(format: TableExportFormat, schema: string, table: string, columns: string[]): ExportFormatter {
  if (format === 'csv') return { head: csvRows([columns]), rows: csvRows, contentType: 'text/csv; charset=utf-8', extension: 'csv' };
  const into = `INSERT INTO ${qualified(schema, table)} (${columns.map(ident).join(', ')}) VALUES (`;
  return {
    head: 'SET standard_conforming_strings = on;\n',
    rows: (rows) => rows.map((row) => `${into}${row.map(literal).join(', ')});\n`).join(''),
    contentType: 'application/sql; charset=utf-8',
    extension: 'sql',
  };
}

/** The CREATE TABLE of an import into a new table: the mapped columns, each of a type from IMPORT_COLUMN_TYPES. */
import { TABLE_TRANSFER_MESSAGES } from '@basin/core';
import type { ImportColumn } from '@basin/core/schemas';
import { badRequest } from '../../../kernel/errors.ts';
import { ident, qualified } from '../../../rest/sql-fragment.ts';

export function createTableSql(schema: string, table: string, columns: ImportColumn[]): string {
  const defined = columns.flatMap((column) => (column ? [column] : []));
  const missing = defined.find((column) => !column.type);
  if (missing) throw badRequest(TABLE_TRANSFER_MESSAGES.typeRequired(missing.name));
  // The type is one of the schema's enum values, never the request's text.
  return `create table ${qualified(schema, table)} (${defined.map((column) => `${ident(column.name)} ${column.type}`).join(', ')})`;
}

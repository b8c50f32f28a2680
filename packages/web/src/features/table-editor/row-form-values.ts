/**
 * The row form's text fields and the JSON body of an insert or an update. Every value travels as
 * text, which Postgres converts with the column's own type, except json, jsonb and array columns,
 * whose text is read as JSON when it is JSON (PostgREST takes a JSON array for an array column).
 */
import type { PgColumn } from '@basin/core/schemas';
import type { Row } from '../../data/table-rows/rows-params';

export type FieldTexts = Record<string, string>;

/** What a field shows for a value: nothing for NULL, JSON for objects and arrays. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Generated columns and identities that are always generated take no value. */
export const isWritable = (column: PgColumn) => !column.is_generated && column.identity_generation !== 'ALWAYS';

const takesJson = (column: PgColumn) => column.format === 'json' || column.format === 'jsonb' || column.data_type === 'ARRAY';

function valueOf(column: PgColumn, text: string): unknown {
  if (!takesJson(column)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // e.g. an array literal `{a,b}`, or a JSON string typed without its quotes
  }
}

/** A new row: the fields filled in; an empty field takes the column's default. */
export function insertValues(columns: PgColumn[], texts: FieldTexts): Row {
  const values: Row = {};
  for (const column of columns.filter(isWritable)) {
    const text = texts[column.name] ?? '';
    if (text !== '') values[column.name] = valueOf(column, text);
  }
  return values;
}

/** The columns whose field changed from `row`; an emptied field sets NULL. */
export function changedValues(columns: PgColumn[], row: Row, texts: FieldTexts): Row {
  const changes: Row = {};
  for (const column of columns.filter(isWritable)) {
    const text = texts[column.name] ?? '';
    if (text !== fieldText(row[column.name])) changes[column.name] = text === '' ? null : valueOf(column, text);
  }
  return changes;
}

/** The form's starting fields: the row's values to edit it, all empty for a new row. */
export function initialTexts(columns: PgColumn[], row: Row | undefined): FieldTexts {
  return Object.fromEntries(columns.map((column) => [column.name, row ? fieldText(row[column.name]) : '']));
}

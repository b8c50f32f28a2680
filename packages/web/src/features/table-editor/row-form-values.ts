/**
 * The row form's fields and the JSON body of an insert or an update. A field is its text, NULL
 * (`null`), or, in a new row, left to the column's default (`undefined`). Values travel as text,
 * which Postgres converts with the column's own type, except json, jsonb and array columns, whose
 * text is read as JSON when it is JSON (PostgREST takes a JSON array for an array column). Only
 * text columns can hold the empty string; elsewhere an empty field is NULL (or the default).
 */
import type { PgColumn } from '@basin/core/schemas';
import { columnKind, emptyIsNull, valueProblem } from '../../data/table-rows/column-kind';
import type { Row } from '../../data/table-rows/rows-params';

export type FieldValue = string | null | undefined;
export type FieldValues = Record<string, FieldValue>;

/** What a field shows for a value: nothing for NULL, JSON for objects and arrays. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Generated columns and identities that are always generated take no value. */
export const isWritable = (column: PgColumn) => !column.is_generated && column.identity_generation !== 'ALWAYS';

const takesJson = (column: PgColumn) => ['json', 'array'].includes(columnKind(column));

/** A field as its column reads it: NULL, or its text (JSON where the column takes JSON). */
function sent(column: PgColumn, field: string | null): unknown {
  if (field === null || (field === '' && emptyIsNull(column))) return null;
  if (!takesJson(column)) return field;
  try {
    return JSON.parse(field) as unknown;
  } catch {
    return field; // e.g. an array literal `{a,b}`, or a JSON string typed without its quotes
  }
}

/** A new row: the fields given; the others (and emptied non-text ones) take the column's default. */
export function insertValues(columns: PgColumn[], fields: FieldValues): Row {
  const values: Row = {};
  for (const column of columns.filter(isWritable)) {
    const field = fields[column.name];
    if (field === undefined || (field === '' && emptyIsNull(column))) continue;
    values[column.name] = sent(column, field);
  }
  return values;
}

/** The columns whose field differs from `row`. */
export function changedValues(columns: PgColumn[], row: Row, fields: FieldValues): Row {
  const changes: Row = {};
  for (const column of columns.filter(isWritable)) {
    const field = fields[column.name];
    if (field === undefined) continue;
    const before = row[column.name] ?? null;
    const after = sent(column, field);
    const same = after === null || before === null ? after === before : field === fieldText(before);
    if (!same) changes[column.name] = after;
  }
  return changes;
}

/** The form's starting fields: the row's values (NULL as null) to edit it, the defaults for a new row. */
export function initialFields(columns: PgColumn[], row: Row | undefined): FieldValues {
  return Object.fromEntries(
    columns.map((column) => [column.name, row ? (row[column.name] === null ? null : fieldText(row[column.name])) : undefined]),
  );
}

/** Why fields would be refused, by column; empty when every field looks right. */
export function fieldProblems(columns: PgColumn[], fields: FieldValues): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const column of columns.filter(isWritable)) {
    const field = fields[column.name];
    if (typeof field !== 'string' || (field === '' && emptyIsNull(column))) continue;
    const problem = valueProblem(column, field);
    if (problem) problems[column.name] = problem;
  }
  return problems;
}

/**
 * postgres_changes subscriptions of a channel (the `config.postgres_changes` of its join), which
 * changes they take, and the payload a change goes out with, shaped as Supabase Realtime sends
 * it: `{ ids, data: { schema, table, commit_timestamp, type, columns, record, old_record, errors } }`.
 */
import type { RowChange, TableShape, TextRow } from './changes.ts';
import { FilterError, matchesFilter, parseFilter, type RowFilter } from './filters.ts';

export interface ChangeParams {
  event: string;
  schema: string;
  table?: string;
  filter?: string;
}

export interface ChangeSubscription {
  id: number;
  /** As the client sent them: its reply echoes them and realtime-js compares. */
  params: ChangeParams;
  filter?: RowFilter;
}

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

let lastId = 0;

/** The join's postgres_changes entries, checked; throws FilterError for one Realtime would refuse. */
export function subscriptionsOf(entries: unknown): ChangeSubscription[] {
  if (!Array.isArray(entries)) return [];
  return entries
    .filter((entry) => entry !== null && entry !== undefined)
    .map((entry: Record<string, unknown>) => {
      const event = typeof entry.event === 'string' ? entry.event.toUpperCase() : '';
      if (!EVENTS.has(event)) throw new FilterError('Error parsing `event` params: use *, INSERT, UPDATE or DELETE');
      if (typeof entry.schema !== 'string' || !entry.schema) throw new FilterError('Error parsing `schema` params: a schema is required');
      const params: ChangeParams = { event: entry.event as string, schema: entry.schema };
      if (typeof entry.table === 'string' && entry.table) params.table = entry.table;
      if (typeof entry.filter === 'string' && entry.filter) params.filter = entry.filter;
      return { id: ++lastId, params, ...(params.filter ? { filter: parseFilter(params.filter) } : {}) };
    });
}

/** The row a filter looks at: the new one, or for a delete the old one (its key, unless identity is full). */
const filteredRow = (change: RowChange): TextRow => (change.type === 'DELETE' ? change.oldRecord : change.record) ?? {};

export function takes(subscription: ChangeSubscription, change: RowChange): boolean {
  const { event, schema, table } = subscription.params;
  if (event !== '*' && event.toUpperCase() !== change.type) return false;
  if (schema !== '*' && schema !== change.shape.schema) return false;
  if (table !== undefined && table !== '*' && table !== change.shape.table) return false;
  return !subscription.filter || matchesFilter(subscription.filter, filteredRow(change), change.shape.types);
}

const NUMBERS = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

/** A value as Postgres's to_jsonb gives it: numbers, booleans and JSON as such, the rest as text. */
function jsonValue(text: string | null | undefined, type: string): unknown {
  if (text === null || text === undefined) return null;
  if (type === 'bool') return text === 't';
  if (type === 'json' || type === 'jsonb') return JSON.parse(text);
  if (NUMBERS.has(type)) {
    const number = Number(text);
    // Beyond 2^53 a JSON number would lose digits in every JavaScript client: text keeps them.
    return Number.isFinite(number) && (Number.isSafeInteger(number) || !Number.isInteger(number)) ? number : text;
  }
  return text;
}

function jsonRow(row: TextRow, shape: TableShape, only?: string[]): Record<string, unknown> {
  const columns = only ? shape.columns.filter((column) => only.includes(column.name)) : shape.columns;
  return Object.fromEntries(
    columns.filter((column) => column.name in row).map((column) => [column.name, jsonValue(row[column.name], column.type)]),
  );
}

export const NO_PRIMARY_KEY = 'Error 400: Bad Request, no primary key';

/**
 * The `data` of a change. A deleted row's old values go out as its primary key alone when the
 * table has row level security: nobody can check any more who may see the rest.
 */
export function changeData(change: RowChange): Record<string, unknown> {
  const { shape } = change;
  const data: Record<string, unknown> = {
    schema: shape.schema,
    table: shape.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    columns: shape.columns,
    errors: null,
  };
  if (change.record) data.record = jsonRow(change.record, shape);
  if (change.oldRecord)
    data.old_record = jsonRow(change.oldRecord, shape, change.type === 'DELETE' && shape.rowSecurity ? shape.primaryKey : undefined);
  return data;
}

/** What a subscriber gets instead when the table has no primary key to check its row by. */
export function unkeyedData(change: RowChange): Record<string, unknown> {
  return { ...changeData({ ...change, record: {}, oldRecord: change.oldRecord && {} }), errors: [NO_PRIMARY_KEY] };
}

/**
 * A subscriber's payload `{ ids, data }` as JSON, with `data` serialized once per change for all
 * its subscribers rather than once each: equal to JSON.stringify({ ids, data }).
 */
export const changePayloadJson = (ids: number[], dataJson: string) => `{"ids":[${ids.join(',')}],"data":${dataJson}}`;

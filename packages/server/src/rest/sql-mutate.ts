/**
 * Writes as one statement: the insert, upsert, update or delete in a CTE that returns the rows it
 * wrote, read back through the same select tree as a read (so `select=` with embeds shapes what a
 * write answers). Values come from the body as one JSON parameter that Postgres turns into the
 * table's row type, so every value is converted by the column's own type.
 */
import { bodyError, RestError } from './errors.ts';
import { whereSql } from './sql-filters.ts';
import { ident, qualified } from './sql-fragment.ts';
import { readStatement, SelectBuilder } from './sql-select.ts';
import type { CachedRelation, Condition, Preferences } from './types.ts';

const MUTATION = 'pgrst_mutation';
/** An upsert's rows with whether each was inserted, before MUTATION takes the table's columns from it. */
const WRITTEN = 'pgrst_written';
const TARGET = 'pgrst_target';
const LIMITED = 'pgrst_limited';

type Row = Record<string, unknown>;

/** The body of an insert as rows: one object or an array of objects with the same keys. */
export function bodyRows(body: unknown): Row[] {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every((row): row is Row => row !== null && typeof row === 'object' && !Array.isArray(row))) {
    throw bodyError('All array elements must be objects');
  }
  return rows;
}

/** The columns an insert writes: `columns=`, or the keys of the rows, which must all match. */
function insertColumns(relation: CachedRelation, rows: Row[], columns?: string[]): string[] {
  const chosen = columns ?? Object.keys(rows[0] ?? {});
  if (!columns) {
    const keys = [...chosen].sort().join('\u0000');
    if (rows.some((row) => Object.keys(row).sort().join('\u0000') !== keys)) throw bodyError('All object keys must match');
  }
  return requireColumns(relation, chosen);
}

function requireColumns(relation: CachedRelation, columns: string[]): string[] {
  for (const column of columns) {
    if (!relation.columns.some((c) => c.name === column)) {
      throw new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${relation.name}' in the schema cache`);
    }
  }
  return columns;
}

const rowType = (relation: CachedRelation) => `null::${qualified(relation.schema, relation.name)}`;

export interface InsertOptions {
  rows: Row[];
  columns?: string[];
  onConflict?: string[];
  resolution?: Preferences['resolution'];
  /** `Prefer: missing=default`: a key a row lacks takes the column's default, not null. */
  missingDefault?: boolean;
}

/**
 * Rows that name the same columns, each group one INSERT: with missing=default a row's absent
 * keys are left out of its INSERT, so Postgres fills them with the columns' defaults.
 */
function columnGroups(relation: CachedRelation, options: InsertOptions): { columns: string[]; rows: Row[] }[] {
  if (!options.missingDefault) return [{ columns: insertColumns(relation, options.rows, options.columns), rows: options.rows }];
  const groups = new Map<string, { columns: string[]; rows: Row[] }>();
  for (const row of options.rows) {
    const columns = requireColumns(
      relation,
      Object.keys(row)
        .filter((key) => !options.columns || options.columns.includes(key))
        .sort(),
    );
    const key = JSON.stringify(columns);
    const group = groups.get(key) ?? { columns, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * An upsert's target: `on_conflict`, else the primary key. Without either PostgREST ignores
 * `Prefer: resolution`, and so does this: the request is a plain insert.
 */
export const upsertTarget = (relation: CachedRelation, onConflict?: string[]): string[] =>
  requireColumns(relation, onConflict ?? relation.primaryKey);

function conflictSql(relation: CachedRelation, columns: string[], options: InsertOptions): string {
  if (!options.resolution) return '';
  const target = upsertTarget(relation, options.onConflict).map(ident).join(', ');
  // Every written column is set again, the target's too, as PostgREST does: a body that holds only
  // the key still updates (and returns) the row it names.
  const updates = columns.map((c) => `${ident(c)} = excluded.${ident(c)}`);
  return options.resolution === 'ignore-duplicates' || !updates.length
    ? `on conflict (${target}) do nothing`
    : `on conflict (${target}) do update set ${updates.join(', ')}`;
}

/**
 * Whether the answer can say how many rows were inserted rather than updated: a new row version
 * has no xmax, an updated one has the updating transaction's. Views have no xmax to read.
 */
export const countsInserted = (relation: CachedRelation) => relation.kind === 'table';

export function insertStatement(builder: SelectBuilder, relation: CachedRelation, options: InsertOptions, countExact: boolean): string {
  const table = `${qualified(relation.schema, relation.name)} as ${TARGET}`;
  const counted = options.resolution === 'merge-duplicates' && countsInserted(relation);
  const returning = counted ? returningInserted : `returning ${TARGET}.*`;
  const inserts = columnGroups(relation, options).map(({ columns, rows }) => {
    const list = columns.map(ident).join(', ');
    const values = builder.params.add(JSON.stringify(rows), 'json');
    const source = columns.length
      ? `(${list}) select ${list} from json_populate_recordset(${rowType(relation)}, ${values})`
      : `select from json_array_elements(${values})`;
    return `insert into ${table} ${source} ${conflictSql(relation, columns, options)} ${returning}`;
  });
  if (inserts.length === 1) return withMutation(builder, relation, inserts[0]!, countExact, [], counted);
  const ctes = inserts.map((insert, i) => `pgrst_insert_${i} as (${insert})`);
  const union = inserts.map((_, i) => `select * from pgrst_insert_${i}`).join(' union all ');
  return withMutation(builder, relation, union, countExact, ctes, counted);
}

const returningInserted = `returning ${TARGET}.*, ${TARGET}.xmax = 0 as pgrst_inserted`;

/**
 * PUT: one row upserted by its primary key. The filters must be `eq` on every primary key column
 * and nothing else (PGRST105); they also filter the body's row, so a body whose key differs
 * inserts nothing, which the caller answers with PGRST115.
 */
export function putStatement(builder: SelectBuilder, relation: CachedRelation, body: unknown, countExact: boolean): string {
  const conditions = rootConditions(builder);
  if (!relation.primaryKey.length || !namesPrimaryKey(conditions, relation.primaryKey)) {
    throw new RestError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");
  }
  const rows = bodyRows(body);
  if (rows.length !== 1) throw bodyError('A PUT body must be one object');
  const columns = insertColumns(relation, rows);
  const list = columns.map(ident).join(', ');
  const values = builder.params.add(JSON.stringify(rows), 'json');
  const where = whereSql({ alias: 'pgrst_body', relation, cache: builder.shape.cache }, conditions, builder.params);
  const set = columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ');
  const counted = countsInserted(relation);
  const upsert = `insert into ${qualified(relation.schema, relation.name)} as ${TARGET} (${list}) select ${list} from json_populate_recordset(${rowType(relation)}, ${values}) as pgrst_body where ${where} on conflict (${relation.primaryKey.map(ident).join(', ')}) do update set ${set} ${counted ? returningInserted : `returning ${TARGET}.*`}`;
  return withMutation(builder, relation, upsert, countExact, [], counted);
}

/** Every condition an `eq` on its own primary key column, each column once. */
function namesPrimaryKey(conditions: Condition[], primaryKey: string[]): boolean {
  const named = conditions.map((c) =>
    c.kind === 'filter' && c.operator === 'eq' && !c.negated && !c.quantifier && !c.field.json.length ? c.field.column : undefined,
  );
  return named.length === primaryKey.length && primaryKey.every((column) => named.includes(column));
}

export function updateStatement(builder: SelectBuilder, relation: CachedRelation, body: unknown, countExact: boolean): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw bodyError('The body of an update must be one JSON object');
  const columns = requireColumns(relation, Object.keys(body));
  if (!columns.length) throw bodyError('The body of an update names no column');
  const patch = builder.params.add(JSON.stringify(body), 'json');
  const set = columns.map((c) => `${ident(c)} = pgrst_patch.${ident(c)}`).join(', ');
  const where = rootWhere(builder, relation);
  const update = `update ${qualified(relation.schema, relation.name)} as ${TARGET} set ${set} from json_populate_record(${rowType(relation)}, ${patch}) as pgrst_patch ${where} returning ${TARGET}.*`;
  return withMutation(builder, relation, update, countExact);
}

export function deleteStatement(builder: SelectBuilder, relation: CachedRelation, countExact: boolean): string {
  const remove = `delete from ${qualified(relation.schema, relation.name)} as ${TARGET} ${rootWhere(builder, relation)} returning ${TARGET}.*`;
  return withMutation(builder, relation, remove, countExact);
}

const rootConditions = (builder: SelectBuilder) =>
  builder.shape.query.conditions.filter((entry) => entry.path.length === 0).map((entry) => entry.value);

/**
 * The rows an update or delete touches: those its filters choose or, when `limit` or `offset`
 * bounds it, those its filters, order and page choose (found by ctid, as PostgREST does).
 */
function rootWhere(builder: SelectBuilder, relation: CachedRelation): string {
  const conditions = rootConditions(builder);
  const window = builder.rootWindow(LIMITED, relation);
  const alias = window ? LIMITED : TARGET;
  const where = conditions.length ? `where ${whereSql({ alias, relation, cache: builder.shape.cache }, conditions, builder.params)}` : '';
  if (!window) return where;
  return `where ${TARGET}.ctid = any(array(select ${LIMITED}.ctid from ${qualified(relation.schema, relation.name)} as ${LIMITED} ${where} ${window}))`;
}

/** The rows `mutation` returns, read through the select tree; `before` are CTEs it reads from. */
function withMutation(
  builder: SelectBuilder,
  relation: CachedRelation,
  mutation: string,
  countExact: boolean,
  before: string[] = [],
  countInserted = false,
): string {
  if (!countInserted) {
    return `with ${[...before, `${MUTATION} as (${mutation})`].join(', ')} ${readStatement(builder, relation, MUTATION, countExact)}`;
  }
  const columns = relation.columns.map((c) => ident(c.name)).join(', ');
  const ctes = [...before, `${WRITTEN} as (${mutation})`, `${MUTATION} as (select ${columns} from ${WRITTEN})`];
  const inserted = `, (select count(*) from ${WRITTEN} where pgrst_inserted)::int8 as inserted`;
  return `with ${ctes.join(', ')} ${readStatement(builder, relation, MUTATION, countExact, inserted)}`;
}

/**
 * One GraphQL selection as one SQL expression yielding its JSON: a record's object with its
 * columns, to-one records as a subquery and to-many collections as a lateral page of their own,
 * all nested in the one statement (no query per row). The JSON keys are the response keys.
 */
import type { FieldNode, GraphQLObjectType } from 'graphql';
import { qualified } from '../rest/sql-fragment.ts';
import { afterCursorSql, columnSql, cursorSql, nodeIdCondition, nodeIdSql, orderOf, orderSql, reversed } from './cursors.ts';
import { GraphqlError } from './errors.ts';
import { filterSql } from './filters.ts';
import { type RelationField, type TableModel, TYPE_KEY } from './model.ts';
import { AS_TEXT } from './scalars.ts';
import { argumentsOf, type Statement, subfields } from './select.ts';

/** json_build_object takes at most 100 arguments: wider objects are joined from parts. */
const PAIRS_PER_CALL = 50;

export function jsonObjectSql(statement: Statement, pairs: [string, string][]): string {
  if (!pairs.length) return `'{}'::json`;
  const calls: string[] = [];
  for (let i = 0; i < pairs.length; i += PAIRS_PER_CALL) {
    const args = pairs.slice(i, i + PAIRS_PER_CALL).map(([key, value]) => `${statement.params.add(key, 'text')}, ${value}`);
    calls.push(`json_build_object(${args.join(', ')})`);
  }
  // json (text) builds faster than jsonb; only the parts of a wide object meet as jsonb.
  return calls.length === 1 ? calls[0]! : `(${calls.map((call) => `${call}::jsonb`).join(' || ')})::json`;
}

const objectType = (statement: Statement, name: string) => statement.operation.reflected.schema.getType(name) as GraphQLObjectType;

/** The record at `alias` of `table`, with the fields `nodes` select. */
export function nodeSql(statement: Statement, table: TableModel, alias: string, nodes: readonly FieldNode[]): string {
  const type = objectType(statement, table.typeName);
  const pairs: [string, string][] = [[TYPE_KEY, statement.params.add(table.typeName, 'text')]];
  for (const [key, fieldNodes] of subfields(statement.operation, type, nodes)) {
    const field = table.fields.get(fieldNodes[0]!.name.value);
    if (!field) continue; // __typename: graphql-js answers it
    if (field.kind === 'nodeId') pairs.push([key, nodeIdSql(table, alias, statement.params)]);
    else if (field.kind === 'column') {
      const sql = columnSql(alias, field.column.name);
      const scalar = typeof field.type.scalar === 'string' ? field.type.scalar : undefined;
      pairs.push([key, scalar && AS_TEXT.has(scalar) ? `${sql}::text${field.type.list && scalar !== 'JSON' ? '[]' : ''}` : sql]);
    } else if (field.kind === 'toOne') pairs.push([key, toOneSql(statement, field, alias, fieldNodes)]);
    else pairs.push([key, connectionSql(statement, field.target, fieldNodes, type, { field, parent: alias })]);
  }
  return jsonObjectSql(statement, pairs);
}

const joinSql = (alias: string, { field, parent }: Join) =>
  field.remote.map((remote, i) => `${columnSql(alias, remote)} = ${columnSql(parent, field.local[i]!)}`).join(' and ');

function toOneSql(statement: Statement, field: RelationField, parent: string, nodes: readonly FieldNode[]): string {
  const alias = statement.alias();
  const from = qualified(field.target.relation.schema, field.target.relation.name);
  return `(select ${nodeSql(statement, field.target, alias, nodes)} from ${from} as ${alias} where ${joinSql(alias, { field, parent })} limit 1)`;
}

/** `node(nodeId:)`: the record it names, or null. */
export function nodeLookupSql(statement: Statement, nodeId: string, nodes: readonly FieldNode[]): string {
  for (const table of statement.operation.reflected.tables.values()) {
    const alias = statement.alias();
    const condition = nodeIdCondition(table, alias, nodeId, statement.params);
    if (!condition) continue;
    const from = qualified(table.relation.schema, table.relation.name);
    return `(select ${nodeSql(statement, table, alias, nodes)} from ${from} as ${alias} where ${condition})`;
  }
  return 'null::json';
}

interface Join {
  field: RelationField;
  parent: string;
}

interface Page {
  first?: number | null;
  last?: number | null;
  before?: string | null;
  after?: string | null;
  offset?: number | null;
  filter?: Record<string, unknown> | null;
  orderBy?: Record<string, string>[] | null;
}

function pageSize(table: TableModel, { first, last, before, after, offset }: Page): number {
  if (first != null && last != null) throw new GraphqlError('only one of "first" and "last" may be provided');
  if (first != null && before != null) throw new GraphqlError('"first" may only be used with "after"');
  if (last != null && after != null) throw new GraphqlError('"last" may only be used with "before"');
  if ((last != null || before != null) && offset != null) throw new GraphqlError('"offset" may only be used with forward pagination');
  const asked = first ?? last;
  if (asked != null && asked < 0) throw new GraphqlError(`"${first != null ? 'first' : 'last'}" must be a non-negative integer`);
  if (offset != null && offset < 0) throw new GraphqlError('"offset" must be a non-negative integer');
  return Math.min(asked ?? table.maxRows, table.maxRows);
}

/** A page of a collection (`<table>Collection`), of the whole table or of a parent's related rows. */
export function connectionSql(
  statement: Statement,
  table: TableModel,
  nodes: readonly FieldNode[],
  parentType: GraphQLObjectType,
  join?: Join,
): string {
  const { params } = statement;
  const args = argumentsOf(parentType, nodes[0]!, statement.operation) as Page;
  const size = pageSize(table, args);
  const backward = args.last != null || args.before != null;
  const order = orderOf(table, args.orderBy ?? undefined);
  const walked = backward ? reversed(order) : order;
  const from = qualified(table.relation.schema, table.relation.name);
  const [inner, numbered, page] = [statement.alias(), statement.alias(), statement.alias()];
  const conditions = (alias: string) => [filterSql(table, alias, args.filter, params), ...(join ? [joinSql(alias, join)] : [])];
  const cursor = args.after ?? args.before;
  const where = [...conditions(inner), ...(cursor != null ? [afterCursorSql(table, inner, walked, cursor, params)] : [])];
  const limit = params.add(size, 'int8');
  const connection = objectType(statement, `${table.typeName}Connection`);
  const selected = subfields(statement.operation, connection, nodes);
  // pageInfo needs one row more than the page (is there a next?) and the rows numbered; edges alone need neither.
  const counted = [...selected.values()].some((fieldNodes) => fieldNodes[0]!.name.value === 'pageInfo');
  const rows =
    `(select ${inner}.* from ${from} as ${inner} where ${where.join(' and ')} order by ${orderSql(inner, walked)}` +
    ` limit ${limit}${counted ? ' + 1' : ''} offset ${params.add(args.offset ?? 0, 'int8')})`;
  const n = `${page}."  n"`;
  const shown = counted ? `filter (where ${n} <= ${limit})` : '';
  // The page's rows in the collection's order: walked backwards, the last one read comes first.
  const inOrder = backward ? 'desc' : 'asc';
  const edgeOrder = counted ? `${n} ${inOrder}` : orderSql(page, order);
  const cursorOf = cursorSql(page, order);
  const more = `(count(*) > ${limit})`;
  const pairs: [string, string][] = [];
  for (const [key, fieldNodes] of selected) {
    const name = fieldNodes[0]!.name.value;
    if (name === 'edges') {
      const edgeType = objectType(statement, `${table.typeName}Edge`);
      const edge: [string, string][] = [];
      for (const [edgeKey, edgeNodes] of subfields(statement.operation, edgeType, fieldNodes)) {
        const edgeField = edgeNodes[0]!.name.value;
        if (edgeField === 'cursor') edge.push([edgeKey, cursorOf]);
        else if (edgeField === 'node') edge.push([edgeKey, nodeSql(statement, table, page, edgeNodes)]);
      }
      pairs.push([key, `coalesce(json_agg(${jsonObjectSql(statement, edge)} order by ${edgeOrder}) ${shown}, '[]'::json)`]);
    } else if (name === 'pageInfo') {
      const info: [string, string][] = [];
      const given = (value: unknown) => params.add(value != null, 'bool');
      for (const [infoKey, infoNodes] of subfields(statement.operation, objectType(statement, 'PageInfo'), fieldNodes)) {
        const infoField = infoNodes[0]!.name.value;
        if (infoField === 'hasNextPage') info.push([infoKey, backward ? given(args.before) : more]);
        else if (infoField === 'hasPreviousPage')
          info.push([infoKey, backward ? more : `${given(args.after)} or ${params.add(args.offset ?? 0, 'int8')} > 0`]);
        else if (infoField === 'startCursor') info.push([infoKey, `(array_agg(${cursorOf} order by ${n} ${inOrder}) ${shown})[1]`]);
        else if (infoField === 'endCursor')
          info.push([infoKey, `(array_agg(${cursorOf} order by ${n} ${backward ? 'asc' : 'desc'}) ${shown})[1]`]);
      }
      pairs.push([key, jsonObjectSql(statement, info)]);
    } else if (name === 'totalCount') {
      const all = statement.alias();
      pairs.push([key, `(select count(*) from ${from} as ${all} where ${conditions(all).join(' and ')})`]);
    }
  }
  const source = counted
    ? `(select ${numbered}.*, row_number() over (order by ${orderSql(numbered, walked)}) as "  n" from ${rows} as ${numbered})`
    : rows;
  return `(select ${jsonObjectSql(statement, pairs)} from ${source} as ${page})`;
}

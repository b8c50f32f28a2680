/**
 * pg_graphql's mutations, each one statement: `insertInto<Table>Collection(objects:)`,
 * `update<Table>Collection(set:, filter:, atMost:)` and `deleteFrom<Table>Collection(filter:,
 * atMost:)` write in a CTE and answer `affectedCount` and the written `records` from it. The
 * caller undoes the transaction when more rows than `atMost` were touched.
 */
import type { FieldNode, GraphQLObjectType } from 'graphql';
import { ident, qualified } from '../rest/sql-fragment.ts';
import { asText, columnType } from './cursors.ts';
import { GraphqlError } from './errors.ts';
import { filterSql } from './filters.ts';
import type { MutationKind, TableModel } from './model.ts';
import { jsonObjectSql, nodeSql } from './sql-collection.ts';
import { argumentsOf, type Statement, subfields } from './select.ts';

export interface MutationPlan {
  sql: string;
  values: unknown[];
  /** A volatile function's call is run as a mutation is. */
  kind: MutationKind | 'call';
  atMost?: number;
}

const RESPONSE_SUFFIX: Record<MutationKind, string> = { insert: 'Insert', update: 'Update', delete: 'Delete' };

/** Column name and value of each field an input object sets. */
const columnsSet = (table: TableModel, input: Record<string, unknown>) =>
  Object.entries(input).map(([field, value]) => ({ column: table.columns.get(field)!.column.name, value }));

export function mutationPlan(
  statement: Statement,
  kind: MutationKind,
  table: TableModel,
  nodes: readonly FieldNode[],
  mutationType: GraphQLObjectType,
): MutationPlan {
  const { params } = statement;
  const args = argumentsOf(mutationType, nodes[0]!, statement.operation);
  const target = qualified(table.relation.schema, table.relation.name);
  const alias = statement.alias();
  const param = (column: string, value: unknown) =>
    params.add(Array.isArray(value) ? value.map(asText) : asText(value), columnType(table, column));
  let write: string;
  if (kind === 'insert') {
    const objects = (args.objects as Record<string, unknown>[]).map((object) => columnsSet(table, object));
    if (!objects.length) throw new GraphqlError('At least one record must be provided to objects');
    const columns = [...new Set(objects.flatMap((object) => object.map((set) => set.column)))];
    // A column an object leaves out takes its default, as in a multi-row VALUES.
    const rows = objects.map((object) => {
      const byColumn = new Map(object.map((set) => [set.column, set.value]));
      return `(${columns.map((column) => (byColumn.has(column) ? param(column, byColumn.get(column)) : 'default')).join(', ')})`;
    });
    write = columns.length
      ? `insert into ${target} as ${alias} (${columns.map(ident).join(', ')}) values ${rows.join(', ')} returning ${alias}.*`
      : `insert into ${target} as ${alias} select from generate_series(1, ${params.add(objects.length, 'int4')}) returning ${alias}.*`;
  } else {
    const where = filterSql(table, alias, args.filter as Record<string, unknown> | undefined, params);
    if (kind === 'update') {
      const set = columnsSet(table, args.set as Record<string, unknown>);
      if (!set.length) throw new GraphqlError('At least one field must be set');
      const assignments = set.map(({ column, value }) => `${ident(column)} = ${param(column, value)}`);
      write = `update ${target} as ${alias} set ${assignments.join(', ')} where ${where} returning ${alias}.*`;
    } else write = `delete from ${target} as ${alias} where ${where} returning ${alias}.*`;
  }
  const response = statement.operation.reflected.schema.getType(`${table.typeName}${RESPONSE_SUFFIX[kind]}Response`) as GraphQLObjectType;
  const pairs: [string, string][] = [];
  for (const [key, fieldNodes] of subfields(statement.operation, response, nodes)) {
    const name = fieldNodes[0]!.name.value;
    if (name === 'affectedCount') pairs.push([key, '(select count(*) from affected)']);
    else if (name === 'records') {
      const record = statement.alias();
      pairs.push([
        key,
        `(select coalesce(json_agg(${nodeSql(statement, table, record, fieldNodes)}), '[]'::json) from affected as ${record})`,
      ]);
    }
  }
  return {
    sql: `with affected as (${write}) select (select count(*) from affected) as count, ${jsonObjectSql(statement, pairs)} as body`,
    values: params.values,
    kind,
    ...(kind !== 'insert' && { atMost: args.atMost as number }),
  };
}

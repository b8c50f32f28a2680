/**
 * A collection's `filter` argument as a condition on one alias of its table: each column's
 * operators, `nodeId`, and `and` / `or` / `not` of nested filters. Values are parameters cast to
 * the column's type.
 */
import type { Params } from '../rest/sql-fragment.ts';
import { asText, columnSql, nodeIdCondition } from './cursors.ts';
import type { TableModel } from './model.ts';

const COMPARISONS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  regex: '~',
  iregex: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
};

type FilterValue = Record<string, unknown>;

export function filterSql(table: TableModel, alias: string, filter: FilterValue | undefined | null, params: Params): string {
  const parts: string[] = [];
  for (const [field, value] of Object.entries(filter ?? {})) {
    if (value === null || value === undefined) continue;
    if (field === 'and' || field === 'or') {
      const inner = (value as FilterValue[]).map((item) => filterSql(table, alias, item, params));
      parts.push(inner.length ? `(${inner.join(` ${field} `)})` : 'true');
    } else if (field === 'not') parts.push(`not (${filterSql(table, alias, value as FilterValue, params)})`);
    else if (field === 'nodeId') {
      const { eq } = value as { eq?: string };
      if (eq !== undefined && eq !== null) parts.push(`(${nodeIdCondition(table, alias, eq, params) ?? 'false'})`);
    } else parts.push(...columnConditions(table, alias, field, value as FilterValue, params));
  }
  return parts.length ? parts.join(' and ') : 'true';
}

function columnConditions(table: TableModel, alias: string, field: string, operators: FilterValue, params: Params): string[] {
  const { column, type } = table.columns.get(field)!;
  const sql = columnSql(alias, column.name);
  const conditions: string[] = [];
  for (const [operator, operand] of Object.entries(operators)) {
    if (operand === null || operand === undefined) continue;
    if (operator === 'is') conditions.push(`${sql} is ${operand === 'NULL' ? '' : 'not '}null`);
    else if (operator === 'in') conditions.push(`${sql} = any(${params.add((operand as unknown[]).map(asText), `${column.type}[]`)})`);
    else if (operator === 'startsWith') conditions.push(`starts_with(${sql}::text, ${params.add(operand, 'text')})`);
    else {
      const value = type.list ? (operand as unknown[]).map(asText) : asText(operand);
      conditions.push(`${sql} ${COMPARISONS[operator]!} ${params.add(value, column.type)}`);
    }
  }
  return conditions;
}

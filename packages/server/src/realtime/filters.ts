/**
 * The `filter` of a postgres_changes subscription, as Supabase Realtime reads it: one
 * `column=operator.value`, with operators eq, neq, lt, lte, gt, gte and in (`in.(a,b,"c d")`).
 * Values are compared with the row's values as Postgres prints them (record.ts), numerically for
 * number columns.
 */

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface RowFilter {
  column: string;
  operator: FilterOperator;
  values: string[];
}

const OPERATORS: readonly FilterOperator[] = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'];

/** Thrown for a filter Realtime would refuse; its message goes back to the client. */
export class FilterError extends Error {}

/** `in.(a,b,"c, d")`'s list: commas split, double quotes keep commas and spaces. */
function listOf(text: string): string[] {
  const inner = /^\((.*)\)$/s.exec(text)?.[1];
  if (inner === undefined) throw new FilterError('Error parsing `filter` params: in needs a list like in.(1,2,3)');
  const values: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i]!;
    if (quoted && char === '\\') current += inner[++i] ?? '';
    else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      values.push(current.trim());
      current = '';
    } else current += char;
  }
  values.push(current.trim());
  return values;
}

export function parseFilter(filter: string): RowFilter {
  const match = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(filter);
  const operator = match?.[2] as FilterOperator | undefined;
  if (!match || !operator || !OPERATORS.includes(operator)) {
    throw new FilterError(
      `Error parsing \`filter\` params: ${JSON.stringify(filter)} is not like column=eq.value (eq, neq, lt, lte, gt, gte, in)`,
    );
  }
  const value = match[3]!;
  return { column: match[1]!.trim(), operator, values: operator === 'in' ? listOf(value) : [value] };
}

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

function compare(a: string, b: string, numeric: boolean): number {
  if (numeric) {
    const [x, y] = [Number(a), Number(b)];
    if (!Number.isNaN(x) && !Number.isNaN(y)) return x === y ? 0 : x < y ? -1 : 1;
  }
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * Whether a row (column → text as Postgres prints it, or null) passes the filter. A null or
 * missing value passes nothing, as a comparison with NULL is never true in SQL.
 */
export function matchesFilter(filter: RowFilter, row: Record<string, string | null>, types: Record<string, string>): boolean {
  const value = row[filter.column];
  if (value === null || value === undefined) return false;
  const numeric = NUMBER_TYPES.has(types[filter.column] ?? '');
  const order = (other: string) => compare(value, other, numeric);
  const [first = ''] = filter.values;
  switch (filter.operator) {
    case 'eq':
      return order(first) === 0;
    case 'neq':
      return order(first) !== 0;
    case 'lt':
      return order(first) < 0;
    case 'lte':
      return order(first) <= 0;
    case 'gt':
      return order(first) > 0;
    case 'gte':
      return order(first) >= 0;
    case 'in':
      return filter.values.some((other) => order(other) === 0);
  }
}

/**
 * What kind of value a column holds, as the grid and the row form treat it: which editor, which
 * check before saving, and how the value travels. int8 and numeric travel as text end to end
 * (JSON numbers lose precision past 2^53 in the browser).
 */
import type { PgColumn } from '@basin/core/schemas';

export type ColumnKind =
  | 'boolean'
  | 'integer'
  | 'exact'
  | 'float'
  | 'json'
  | 'date'
  | 'time'
  | 'timestamp'
  | 'timestamptz'
  | 'uuid'
  | 'enum'
  | 'array'
  | 'text';

const KIND_OF_FORMAT: Record<string, ColumnKind> = {
  bool: 'boolean',
  int2: 'integer',
  int4: 'integer',
  int8: 'exact',
  numeric: 'exact',
  float4: 'float',
  float8: 'float',
  json: 'json',
  jsonb: 'json',
  date: 'date',
  time: 'time',
  timetz: 'time',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  uuid: 'uuid',
};

export function columnKind(column: PgColumn): ColumnKind {
  if (column.data_type === 'ARRAY') return 'array';
  if (column.enums.length) return 'enum';
  return KIND_OF_FORMAT[column.format] ?? 'text';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const SPECIAL_NUMBERS = new Set(['NaN', 'Infinity', '-Infinity']);

const INTEGER_RANGES: Record<string, [bigint, bigint]> = {
  int2: [-(2n ** 15n), 2n ** 15n - 1n],
  int4: [-(2n ** 31n), 2n ** 31n - 1n],
  int8: [-(2n ** 63n), 2n ** 63n - 1n],
};

function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return `Not valid JSON: ${(error as Error).message}`;
  }
}

/** Why a typed value would be refused for the column, before Postgres is asked; null when it looks right. */
export function valueProblem(column: PgColumn, text: string): string | null {
  const kind = columnKind(column);
  const range = INTEGER_RANGES[column.format];
  if (range) {
    if (!INTEGER.test(text.trim())) return 'Enter a whole number';
    const value = BigInt(text.trim());
    return value < range[0] || value > range[1] ? `Out of range for ${column.format} (${range[0]} to ${range[1]})` : null;
  }
  switch (kind) {
    case 'exact':
    case 'float':
      return DECIMAL.test(text.trim()) || SPECIAL_NUMBERS.has(text.trim()) ? null : 'Enter a number';
    case 'json':
      return jsonProblem(text);
    case 'uuid':
      return UUID.test(text.trim()) ? null : 'Enter a UUID such as 123e4567-e89b-12d3-a456-426614174000';
    case 'enum':
      return column.enums.includes(text) ? null : `One of ${column.enums.join(', ')}`;
    case 'array':
      // PostgREST takes a JSON array; Postgres's own literal `{a,b}` passes through as text.
      return text.trim().startsWith('{') ? null : text.trim().startsWith('[') ? jsonProblem(text) : 'Enter a JSON array such as ["a", "b"]';
    default:
      return null;
  }
}

/** An empty field means NULL, except for text, which can be the empty string. */
export const emptyIsNull = (column: PgColumn) => columnKind(column) !== 'text';

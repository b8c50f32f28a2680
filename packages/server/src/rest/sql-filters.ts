/**
 * Filters and logic trees as a WHERE condition. Operands are parameters whose type Postgres
 * takes from the column they are compared with, as PostgREST's literals are. A filter may also
 * name an embed of its level (`actors=not.is.null`): whether the embed has rows.
 */
import { parseError, RestError } from './errors.ts';
import { type ColumnScope, fieldSql, Params } from './sql-fragment.ts';
import type { Condition, Filter, FilterOperator } from './types.ts';

/** What the conditions of one level read: its relation's columns, and its embeds. */
export interface FilterScope extends ColumnScope {
  /** SQL that is true when the level's embed of that name (or alias) has a row. */
  embeds?: Map<string, string>;
}

const COMPARISONS: Partial<Record<FilterOperator, string>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const TEXT_SEARCH: Partial<Record<FilterOperator, string>> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

const IS_VALUES: Record<string, string> = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' };

/** PostgREST lets `*` stand for `%` in like patterns (a URL keeps `%` for its own escapes). */
const likePattern = (operator: FilterOperator, value: string) =>
  operator === 'like' || operator === 'ilike' ? value.replaceAll('*', '%') : value;

const single = (filter: Filter) => {
  if (typeof filter.value !== 'string') throw parseError(`failed to parse filter (${filter.operator})`);
  return filter.value;
};

/** Only `is.null` and `not.is.null` apply to an embed: PostgREST's anti-join and semi-join. */
function embedFilterSql(filter: Filter, present: string): string {
  if (filter.operator !== 'is' || filter.value !== 'null' || filter.field.json.length) {
    throw new RestError(
      400,
      'PGRST120',
      `Bad operator on the '${filter.field.column}' embedded resource`,
      'Only is null or not is null filters are allowed on embedded resources',
    );
  }
  return filter.negated ? present : `not (${present})`;
}

function filterSql(scope: FilterScope, filter: Filter, params: Params): string {
  const present = scope.embeds?.get(filter.field.column);
  if (present !== undefined) return embedFilterSql(filter, present);
  const left = fieldSql(scope, filter.field, params);
  const { operator } = filter;
  let sql: string;
  if (operator === 'is') {
    const value = IS_VALUES[single(filter).toLowerCase()];
    if (!value) throw parseError(`failed to parse filter (is.${single(filter)})`, 'Expected null, not_null, true, false or unknown');
    sql = `${left} is ${value}`;
  } else if (operator === 'isdistinct') {
    sql = `${left} is distinct from ${params.add(single(filter))}`;
  } else if (operator === 'in') {
    const values = Array.isArray(filter.value) ? filter.value : [filter.value];
    sql = `${left} = any(${params.add(values)})`;
  } else if (TEXT_SEARCH[operator]) {
    const language = filter.language ? `${params.add(filter.language, 'regconfig')}, ` : '';
    sql = `${left} @@ ${TEXT_SEARCH[operator]}(${language}${params.add(single(filter))})`;
  } else {
    const comparison = COMPARISONS[operator]!;
    if (filter.quantifier) {
      const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).map((value) => likePattern(operator, value));
      sql = `${left} ${comparison} ${filter.quantifier}(${params.add(values)})`;
    } else {
      sql = `${left} ${comparison} ${params.add(likePattern(operator, single(filter)))}`;
    }
  }
  return filter.negated ? `not (${sql})` : sql;
}

function conditionSql(scope: FilterScope, condition: Condition, params: Params): string {
  if (condition.kind === 'filter') return filterSql(scope, condition, params);
  const joined =
    condition.conditions.map((part) => `(${conditionSql(scope, part, params)})`).join(` ${condition.operator} `) ||
    (condition.operator === 'and' ? 'true' : 'false');
  return condition.negated ? `not (${joined})` : `(${joined})`;
}

/** Conditions joined with AND, or nothing. */
export const whereSql = (scope: FilterScope, conditions: Condition[], params: Params) =>
  conditions.map((condition) => conditionSql(scope, condition, params)).join(' and ');

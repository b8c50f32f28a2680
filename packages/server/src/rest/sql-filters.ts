/**
 * Filters and logic trees as a WHERE condition. Operands are parameters whose type Postgres
 * takes from the column they are compared with, as PostgREST's literals are.
 */
import { parseError } from './errors.ts';
import { fieldSql, Params } from './sql-fragment.ts';
import type { Condition, Filter, FilterOperator } from './types.ts';

const COMPARISONS: Partial<Record<FilterOperator, string>> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=',
  like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxl: '&<', nxr: '&>', adj: '-|-',
};

const TEXT_SEARCH: Partial<Record<FilterOperator, string>> = {
  fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery',
};

const IS_VALUES: Record<string, string> = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' };

/** PostgREST lets `*` stand for `%` in like patterns (a URL keeps `%` for its own escapes). */
const likePattern = (operator: FilterOperator, value: string) => (operator === 'like' || operator === 'ilike' ? value.replaceAll('*', '%') : value);

const single = (filter: Filter) => {
  if (typeof filter.value !== 'string') throw parseError(`failed to parse filter (${filter.operator})`);
  return filter.value;
};

function filterSql(alias: string, filter: Filter, params: Params): string {
  const left = fieldSql(alias, filter.field, params);
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

export function conditionSql(alias: string, condition: Condition, params: Params): string {
  if (condition.kind === 'filter') return filterSql(alias, condition, params);
  const joined = condition.conditions.map((part) => `(${conditionSql(alias, part, params)})`).join(` ${condition.operator} `) || (condition.operator === 'and' ? 'true' : 'false');
  return condition.negated ? `not (${joined})` : `(${joined})`;
}

/** Conditions joined with AND, or nothing. */
export const whereSql = (alias: string, conditions: Condition[], params: Params) =>
  conditions.map((condition) => conditionSql(alias, condition, params)).join(' and ');

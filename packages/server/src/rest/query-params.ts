/**
 * A request's query string as PostgREST reads it: `select`, `columns` and `on_conflict` by
 * name; `order`, `limit`, `offset`, `and`, `or` by the last dotted word of the name (so that
 * `films.order` orders the films embed); anything else a filter, or an argument of a GET /rpc.
 */
import { parseError, rangeError } from './errors.ts';
import { operation } from './filter-param.ts';
import { parseLogicTree } from './logic-param.ts';
import { type Scanner, dottedNames, field, fieldName, jsonPath, parseWith } from './query-syntax.ts';
import { parseSelect } from './select-param.ts';
import type { FieldPath, Filter, OrderTerm, QueryParams, Scoped } from './types.ts';

export interface QueryParamsOptions {
  /**
   * A GET /rpc/{fn}: as in PostgREST, a parameter whose value is not a filter is an argument of
   * the function (`?a=1&v=1&v=2`), and one whose value is a filter filters its result.
   */
  rpcRead?: boolean;
}

export function parseQueryParams(params: URLSearchParams, options: QueryParamsOptions = {}): QueryParams {
  const query: QueryParams = { select: [{ kind: 'star' }], conditions: [], order: [], limit: [], offset: [], args: new Map() };
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (`${key}${value}`.includes('\0')) throw parseError(`"failed to parse query parameter (${key})"`, 'NUL characters are not allowed');
    // PostgREST reads the first of a repeated select, columns or on_conflict.
    const first = !seen.has(key);
    seen.add(key);
    if (key === 'select') {
      if (first) query.select = parseSelect(value);
    } else if (key === 'columns') {
      if (first) query.columns = parseColumns(value, 'columns');
    } else if (key === 'on_conflict') {
      if (first) query.onConflict = parseColumns(value, 'on_conflict');
    } else {
      readEmbeddable(query, key, value, options);
    }
  }
  return query;
}

function readEmbeddable(query: QueryParams, key: string, value: string, options: QueryParamsOptions): void {
  const last = key.slice(key.lastIndexOf('.') + 1);
  if (last === 'and' || last === 'or') query.conditions.push(parseLogicTree(key, value));
  else if (last === 'order') query.order.push({ path: parseKey(key).path, value: parseOrder(value) });
  else if (last === 'limit' || last === 'offset') setRange(query[last], parseKey(key).path, rangeValue(last, value));
  else {
    const { path, field: column } = parseKey(key);
    let condition: Filter;
    try {
      condition = parseWith(value, `failed to parse filter (${value})`, (s) => {
        const filter = operation(s, column, (operand) => operand.rest());
        s.expectEnd();
        return filter;
      });
    } catch (error) {
      if (!options.rpcRead || path.length || column.json.length) throw error;
      query.args.set(key, [...(query.args.get(key) ?? []), value]);
      return;
    }
    query.conditions.push({ path, value: condition });
  }
}

/** `films.actors.name->x`: the embeds on the way, then a column with its JSON path. */
function parseKey(key: string): { path: string[]; field: FieldPath } {
  return parseWith(key, `failed to parse tree path (${key})`, (s) => {
    const names = dottedNames(s);
    const json = jsonPath(s);
    s.expectEnd('delimiter (.)', '"->"');
    return { path: names.slice(0, -1), field: { column: names.at(-1)!, json } };
  });
}

/** Limits and offsets of one level replace each other, the last one standing. */
function setRange(ranges: Scoped<number>[], path: string[], value: number | undefined): void {
  const index = ranges.findIndex((range) => range.path.length === path.length && range.path.every((name, i) => name === path[i]));
  if (index >= 0) ranges.splice(index, 1);
  if (value !== undefined) ranges.push({ path, value });
}

/**
 * A non-negative integer. As in PostgREST a negative limit is a 416 and a negative offset
 * means none; unlike PostgREST (which ignores them) other values are refused.
 */
function rangeValue(kind: 'limit' | 'offset', value: string): number | undefined {
  const text = value.trim();
  if (/^[0-9]+$/.test(text)) return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
  if (!/^-[0-9]+$/.test(text)) throw parseError(`"failed to parse ${kind} parameter (${value})"`, 'expecting a non-negative integer');
  if (kind === 'limit') throw rangeError('Requested range not satisfiable', 'Limit should be greater than or equal to zero.');
  return undefined;
}

/** `a,b`: names only, as `columns` and `on_conflict` take them. */
function parseColumns(value: string, name: string): string[] {
  return parseWith(value, `failed to parse ${name} parameter (${value})`, (s) => {
    const columns = [fieldName(s)];
    for (s.spaces(); s.eat(','); s.spaces()) columns.push(fieldName(s));
    s.expectEnd('","');
    return columns;
  });
}

/** `name.desc.nullslast,data->a.asc,clients(name).desc`: terms separated by commas. */
function parseOrder(value: string): OrderTerm[] {
  return parseWith(value, `failed to parse order (${value})`, (s) => {
    const terms = [orderTerm(s)];
    while (s.eat(',')) terms.push(orderTerm(s));
    return terms;
  });
}

function orderTerm(s: Scanner): OrderTerm {
  s.spaces();
  const term = s.firstOf<OrderTerm>(
    () => {
      const relation = fieldName(s);
      s.expect('(');
      const column = field(s);
      s.expect(')');
      return { relation, field: column };
    },
    () => ({ field: field(s) }),
  );
  // `.asc`/`.desc`, then `.nullsfirst`/`.nullslast`, either optional.
  if (s.eat('.')) {
    const direction = s.eat('asc') ? 'asc' : s.eat('desc') ? 'desc' : undefined;
    if (direction) term.direction = direction;
    if (!direction || s.eat('.')) {
      term.nulls = s.eat('nullsfirst')
        ? 'first'
        : s.eat('nullslast')
          ? 'last'
          : s.fail(...(direction ? [] : ['"asc"', '"desc"']), '"nullsfirst"', '"nullslast"');
    }
  }
  s.spaces();
  if (!s.atEnd() && s.peek() !== ',') s.fail(...(term.nulls ? [] : ['delimiter (.)']), '","', 'end of input');
  return term;
}

/**
 * `select=`: `*`, `alias:column->json::cast`, and embeds `alias:relation!hint!inner(…)` or
 * `...relation(…)` nested to any depth, as PostgREST's grammar reads them.
 */
import { MAX_NESTING, type Scanner, fieldName, identifier, jsonPath, parseWith } from './query-syntax.ts';
import type { AggregateFunction, SelectEmbed, SelectItem } from './types.ts';

/** `column.sum()`: PostgREST's aggregate syntax (the builder refuses it unless the project enables it). */
const AGGREGATE = /\.(sum|avg|count|max|min)\(\)/y;

/** `select=` as the list it names; an empty parameter selects nothing, as in PostgREST. */
export function parseSelect(text: string): SelectItem[] {
  return parseWith(text, `failed to parse select parameter (${text})`, (s) => {
    const items = forest(s, 0);
    s.expectEnd('","');
    return items;
  });
}

/** Items separated by commas, up to the `)` or the end that closes them (which is left to the caller). */
function forest(s: Scanner, depth: number): SelectItem[] {
  if (depth > MAX_NESTING) s.refuse(`embedding is nested deeper than ${MAX_NESTING} levels`);
  s.spaces();
  if (s.atEnd() || s.peek() === ')') return [];
  const items = [item(s, depth)];
  while (s.eat(',')) {
    s.spaces();
    items.push(item(s, depth));
  }
  return items;
}

function item(s: Scanner, depth: number): SelectItem {
  if (s.eat('...')) return embed(s, depth, { relation: fieldName(s), spread: true });
  if (s.eat('*')) return end(s, { kind: 'star' });
  let name = fieldName(s);
  let alias: string | undefined;
  if (s.peek() === ':' && s.peek(1) !== ':') {
    s.pos++;
    s.spaces();
    [alias, name] = [name, fieldName(s)];
  }
  if (name === 'count' && s.eat('()')) {
    const cast = s.eat('::') ? identifier(s) : undefined;
    return end(s, {
      kind: 'field',
      field: { column: '*', json: [] },
      aggregate: 'count',
      ...(alias !== undefined && { alias }),
      ...(cast !== undefined && { aggregateCast: cast }),
    });
  }
  if (name !== 'count' && (s.peek() === '!' || s.peek() === '(')) return embed(s, depth, { relation: name, alias, spread: false });
  const json = jsonPath(s);
  s.spaces();
  const cast = s.eat('::') ? identifier(s) : undefined;
  const aggregate = s.match(AGGREGATE)?.slice(1, -2) as AggregateFunction | undefined;
  const aggregateCast = aggregate && s.eat('::') ? identifier(s) : undefined;
  return end(s, {
    kind: 'field',
    field: { column: name, json },
    ...(alias !== undefined && { alias }),
    ...(cast !== undefined && { cast }),
    ...(aggregate !== undefined && { aggregate }),
    ...(aggregateCast !== undefined && { aggregateCast }),
  });
}

/** `!hint`, `!inner`, `!left` (at most two), then the parenthesized items. */
function embed(s: Scanner, depth: number, head: Pick<SelectEmbed, 'relation' | 'alias' | 'spread'>): SelectItem {
  let hint: string | undefined;
  let inner = false;
  for (let params = 0; params < 2 && s.eat('!'); params++) {
    const param = fieldName(s);
    if (param === 'inner' || param === 'left') inner = param === 'inner';
    else hint ??= param;
  }
  s.expect('(');
  const select = forest(s, depth + 1);
  s.expect(')');
  return end(s, {
    kind: 'embed',
    relation: head.relation,
    ...(head.alias !== undefined && { alias: head.alias }),
    ...(hint !== undefined && { hint }),
    inner,
    spread: head.spread,
    select,
  });
}

/** An item ends at a comma, at the `)` of its embed or at the end. */
function end(s: Scanner, selected: SelectItem): SelectItem {
  s.spaces();
  if (!s.atEnd() && s.peek() !== ',' && s.peek() !== ')') s.fail('","', '")"', 'end of input');
  return selected;
}

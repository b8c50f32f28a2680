/**
 * A filter's operator expression, `not.op(modifier).value`, the same at the top level
 * (`col=not.eq.5`, the value running to the end) and inside logic trees (`col.not.eq.5`, the
 * value ending at `,` or `)`).
 */
import { type Scanner, identifier, quoted } from './query-syntax.ts';
import { FILTER_OPERATORS, type FieldPath, type Filter, type FilterOperator } from './types.ts';

/** How a plain operand is read where the expression sits. */
type OperandReader = (s: Scanner) => string;

const FTS = new Set<FilterOperator>(['fts', 'plfts', 'phfts', 'wfts']);
/** The operators that take `(any)` / `(all)` and then a Postgres array `{a,b}`. */
const QUANTIFIABLE = new Set<FilterOperator>(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);
const OPERATOR_LABEL = 'operator (eq, gt, ...)';
/** An unquoted list element or tree operand: up to the `,` or `)` that ends it. */
const UNQUOTED = /[^,)]+/y;
const ARRAY_ELEMENT = /[^,{}"\\]+/y;
const BLANKS = /\s+/y;

/** `not.op(modifier).value` of `field`, its plain operand read by `operand`. */
export function operation(s: Scanner, field: FieldPath, operand: OperandReader): Filter {
  const negated = s.eat('not.');
  const start = s.pos;
  const name = s.match(/[a-z]+/y);
  const operator = FILTER_OPERATORS.find((known) => known === name);
  if (!operator) {
    s.pos = start;
    return negated ? s.fail(OPERATOR_LABEL) : s.fail('"not"', OPERATOR_LABEL);
  }
  const filter = { kind: 'filter' as const, field, negated, operator };
  if (operator === 'in') {
    s.expect('.', 'delimiter (.)');
    return { ...filter, value: list(s) };
  }
  if (operator === 'is') {
    s.expect('.', 'delimiter (.)');
    const value = s.match(/[A-Za-z_]+/y)?.toLowerCase();
    if (!value || !IS_VALUES.has(value)) s.fail('isVal: (null, not_null, true, false, unknown)');
    return { ...filter, value };
  }
  if (FTS.has(operator) && s.eat('(')) {
    const language = identifier(s);
    s.expect(')');
    s.expect('.', 'delimiter (.)');
    return { ...filter, language, value: operand(s) };
  }
  if (QUANTIFIABLE.has(operator) && s.eat('(')) {
    const quantifier = s.eat('any') ? 'any' : s.eat('all') ? 'all' : s.fail('"any"', '"all"');
    s.expect(')');
    s.expect('.', 'delimiter (.)');
    return { ...filter, quantifier, value: postgresArray(s) };
  }
  s.expect('.', FTS.has(operator) || QUANTIFIABLE.has(operator) ? '"(" or delimiter (.)' : 'delimiter (.)');
  return { ...filter, value: operand(s) };
}

/**
 * `(a,"b,c",d)`: a double-quoted element may hold commas and parentheses (a backslash escapes
 * the next character) but must end where the element does, else its quotes are plain text.
 * Spaces are kept as sent, but for those before the first element. `()` is the empty list.
 */
function list(s: Scanner): string[] {
  s.spaces();
  s.expect('(');
  s.spaces();
  const values = s.peek() === ')' ? [] : [listElement(s)];
  while (values.length && s.eat(',')) values.push(listElement(s));
  s.expect(')', values.length ? '"," or ")"' : undefined);
  s.spaces();
  return values;
}

function listElement(s: Scanner): string {
  return s.firstOf(
    () => quotedElement(s),
    () => s.match(UNQUOTED) ?? '',
  );
}

/** A quoted value that ends where its element does (at `,`, `)` or the end). */
function quotedElement(s: Scanner): string {
  const value = quoted(s);
  if (!s.atEnd() && s.peek() !== ',' && s.peek() !== ')') s.fail('"," or ")"');
  return value;
}

/** An operand inside a logic tree: a quoted value, a `{…}` array or range, or text up to `,` or `)`. */
export function treeOperand(s: Scanner): string {
  return s.firstOf(
    () => quotedElement(s),
    () => s.match(/\{[^{}]*\}/y) ?? s.fail('"{"'),
    () => s.match(UNQUOTED) ?? '',
  );
}

/**
 * The `{a,"b c"}` of a quantified operator, read as Postgres reads an array literal: unquoted
 * elements trimmed, quoted ones taken as they are. Nested arrays and backslashes outside quotes
 * are refused.
 */
function postgresArray(s: Scanner): string[] {
  s.expect('{');
  const values: string[] = [];
  s.match(BLANKS);
  if (!s.eat('}')) {
    do {
      values.push(arrayElement(s));
    } while (s.eat(','));
    s.expect('}', '"," or "}"');
  }
  return values;
}

function arrayElement(s: Scanner): string {
  s.match(BLANKS);
  const value = s.peek() === '"' ? quoted(s) : s.match(ARRAY_ELEMENT)?.trim() || s.fail('array element');
  s.match(BLANKS);
  return value;
}

/**
 * The lexical ground shared by the query-string parsers (select, filters, logic trees, order):
 * a scanner over one parameter, and the names and JSON paths PostgREST's grammar builds on.
 * A syntax error becomes PostgREST's PGRST100: `"failed to parse filter (…)" (line 1, column 3)`.
 */
import { parseError } from './errors.ts';
import type { FieldPath, JsonStep } from './types.ts';

/** Deeper nesting of embeds or logic trees is refused rather than left to overflow the stack. */
export const MAX_NESTING = 100;

/** Where and why a parse stopped; several alternatives failing at one place merge their hopes. */
class SyntaxFailure {
  constructor(
    readonly pos: number,
    readonly expecting: string[],
    readonly problem?: string,
  ) {}
}

/** Parsec's `letter`, `digit` and `oneOf "_ $"`: a bare name may hold spaces, trimmed at both ends. */
const IDENTIFIER = /[\p{L}0-9_ $]+/uy;
/** What a bare JSON key may hold: anything but the characters that end it. */
const JSON_KEY = /[^(\-:.,>)]+/y;
/** An array index (`->0`, `->-1`), when the step ends right after it; else digits are a key. */
const INDEX = /-?[0-9]+(?=->|::|[.,)]|$)/y;
const SPACES = /[ \t]*/y;

export class Scanner {
  pos = 0;

  constructor(readonly text: string) {}

  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }

  eat(token: string): boolean {
    if (!this.startsWith(token)) return false;
    this.pos += token.length;
    return true;
  }

  expect(token: string, label = `"${token}"`): void {
    if (!this.eat(token)) this.fail(label);
  }

  /** The text a sticky regex matches here, consumed; undefined when it does not match. */
  match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.pos;
    const found = pattern.exec(this.text)?.[0];
    if (found) this.pos += found.length;
    return found;
  }

  /** The rest of the parameter. */
  rest(): string {
    const rest = this.text.slice(this.pos);
    this.pos = this.text.length;
    return rest;
  }

  spaces(): void {
    this.match(SPACES);
  }

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  expectEnd(...orExpecting: string[]): void {
    if (!this.atEnd()) this.fail(...orExpecting, 'end of input');
  }

  fail(...expecting: string[]): never {
    throw new SyntaxFailure(this.pos, expecting);
  }

  /** A failure that no alternative can repair, such as too deep a nesting. */
  refuse(problem: string): never {
    throw new SyntaxFailure(this.pos, [], problem);
  }

  /** The first alternative that parses from here; when none does, the failure that got furthest. */
  firstOf<T>(...alternatives: (() => T)[]): T {
    const start = this.pos;
    let furthest: SyntaxFailure | undefined;
    for (const alternative of alternatives) {
      try {
        return alternative();
      } catch (error) {
        if (!(error instanceof SyntaxFailure)) throw error;
        furthest = mergeFailures(furthest, error);
        this.pos = start;
      }
    }
    throw furthest;
  }
}

function mergeFailures(a: SyntaxFailure | undefined, b: SyntaxFailure): SyntaxFailure {
  if (!a || b.problem || b.pos > a.pos) return b;
  if (a.problem || a.pos > b.pos) return a;
  return new SyntaxFailure(a.pos, [...new Set([...a.expecting, ...b.expecting])]);
}

/**
 * Parses one parameter with `parse`; a failure becomes PGRST100 with the message PostgREST
 * gives: the label in quotes, then Parsec's position (tabs advance to the next multiple of 8).
 */
export function parseWith<T>(text: string, label: string, parse: (scanner: Scanner) => T): T {
  const scanner = new Scanner(text);
  try {
    return parse(scanner);
  } catch (error) {
    if (!(error instanceof SyntaxFailure)) throw error;
    let line = 1;
    let column = 1;
    for (const char of text.slice(0, error.pos)) {
      if (char === '\n') [line, column] = [line + 1, 1];
      else column = char === '\t' ? column + 8 - ((column - 1) % 8) : column + 1;
    }
    throw parseError(`"${label}" (line ${line}, column ${column})`, error.problem ?? describe(text, error));
  }
}

/** Parsec's wording: `unexpected "x" expecting a, b or c`. */
function describe(text: string, failure: SyntaxFailure): string {
  const char = String.fromCodePoint(text.codePointAt(failure.pos) ?? 0);
  const unexpected = failure.pos < text.length ? `unexpected ${JSON.stringify(char)}` : 'unexpected end of input';
  const options = failure.expecting;
  if (!options.length) return unexpected;
  const list = options.length === 1 ? options[0] : `${options.slice(0, -1).join(', ')} or ${options.at(-1)}`;
  return `${unexpected} expecting ${list}`;
}

/** `"…"`: anything inside, a backslash taking the next character as it is. */
export function quoted(s: Scanner): string {
  s.expect('"');
  let value = '';
  for (;;) {
    const char = s.peek();
    if (char === '') s.fail('"\\""');
    s.pos++;
    if (char === '"') return value;
    if (char === '\\') {
      if (s.atEnd()) s.fail('any character');
      value += s.peek();
      s.pos++;
    } else value += char;
  }
}

/** Bare words joined by dashes (a dash before `>` is an arrow), or a quoted name. */
function dashed(s: Scanner, word: () => string): string {
  const words = [word()];
  while (s.peek() === '-' && s.peek(1) !== '>') {
    s.pos++;
    words.push(word());
  }
  return words.join('-');
}

/** A bare identifier (letters, digits, `_`, `$`, inner spaces), as casts and fts languages use. */
export function identifier(s: Scanner, label = 'letter or digit'): string {
  const word = s.match(IDENTIFIER)?.trim();
  if (!word) s.fail(label);
  return word;
}

/** A column, relation, alias or hint name. */
export function fieldName(s: Scanner): string {
  if (s.peek() === '"') return quoted(s);
  return dashed(s, () => identifier(s, 'field name (* or [a..z0..9_$])'));
}

/** `->a->>b`, `->0`; nothing when no arrow follows. */
export function jsonPath(s: Scanner): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    const arrow = s.eat('->>') ? '->>' : s.eat('->') ? '->' : undefined;
    if (!arrow) return steps;
    steps.push({ arrow, key: s.match(INDEX) ?? jsonKey(s) });
    if (arrow === '->>' && s.startsWith('->')) s.refuse('->> must be the last step of a JSON path');
  }
}

function jsonKey(s: Scanner): string {
  if (s.peek() === '"') return quoted(s);
  return dashed(s, () => {
    const word = s.match(JSON_KEY)?.trim();
    if (!word) s.fail('any non reserved character different from: .,>()');
    return word;
  });
}

/** A column with its JSON path, spaces around it ignored. */
export function field(s: Scanner): FieldPath {
  s.spaces();
  const column = fieldName(s);
  const json = jsonPath(s);
  s.spaces();
  return { column, json };
}

/** `a.b.c` of a parameter's name: the embeds on the way, then what the parameter names. */
export function dottedNames(s: Scanner): string[] {
  const names = [fieldName(s)];
  while (s.eat('.')) names.push(fieldName(s));
  return names;
}

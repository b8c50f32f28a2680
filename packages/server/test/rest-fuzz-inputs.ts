/**
 * Seeded random requests for the data API fuzz: query strings built from the conformance schema's
 * real names, typed values and relationships (rest-fuzz-schema.ts), mixed with bad ones
 * (rest-fuzz-vocabulary.ts) in a share that varies from request to request (select trees with
 * casts, JSON paths, embeds and hints; filters with every operator, quoting and negation; logic
 * trees; order, limit, offset), Range, Prefer and Accept headers, and bodies of every shape:
 * objects and arrays of the right and wrong types, nested, huge, NUL and lone surrogates, invalid
 * JSON, forms.
 */
import type { Random } from './prng.ts';
import { FUNCTIONS, GOOD, RELATIONS, type Kind } from './rest-fuzz-schema.ts';
import { ACCEPTS, CASTS, CONTENT_TYPES, HINTS, OPERATORS, PREFERS, VALUES, WEIRD } from './rest-fuzz-vocabulary.ts';

export interface FuzzRequest {
  method: string;
  /** Below `/rest/v1`, with the query string. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Which key presents the request. */
  as: 'anon' | 'service' | 'user' | 'bad-token';
}

/** Draws requests from one random source; the same seed gives the same requests. */
export class RequestMaker {
  /** How likely each name, value or header of the request is a bad one. */
  private dirt = 0;

  constructor(private readonly r: Random) {}

  request(): FuzzRequest {
    const r = this.r;
    this.dirt = r.pick([0, 0, 0, 0.05, 0.2, 0.5]);
    const rpc = r.chance(0.25);
    const method = rpc
      ? r.pick(['GET', 'GET', 'POST', 'POST', 'HEAD', 'PATCH'])
      : r.pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PATCH', 'DELETE', 'PUT']);
    const name = rpc ? r.pick(Object.keys(FUNCTIONS)) : r.pick(Object.keys(RELATIONS));
    const relation = RELATIONS[rpc ? (FUNCTIONS[name]!.rows ?? 'films') : name]!;
    const pairs: [string, string][] = [];
    if (r.chance(0.6)) pairs.push(['select', this.selectList(relation, 0)]);
    for (let i = r.int(0, 3); i > 0; i--) pairs.push(this.filter(relation));
    if (r.chance(0.25))
      pairs.push([
        `${this.dirty() ? `${r.pick(relation.embeds.concat('films'))}.` : ''}${r.pick(['or', 'and', 'not.or', 'not.and'])}`,
        this.logicTree(relation, 0),
      ]);
    if (r.chance(0.3)) pairs.push(['order', this.order(relation)]);
    if (r.chance(0.2))
      pairs.push([
        this.dirty() ? `${r.pick(relation.embeds.concat('films'))}.limit` : r.pick(['limit', 'offset']),
        this.dirty() ? r.pick(['-1', '99999999999999999999', 'x', '']) : r.pick(['0', '1', '3']),
      ]);
    const args = FUNCTIONS[name]?.args ?? {};
    if (rpc && method !== 'POST')
      for (const [arg, values] of Object.entries(args))
        if (r.chance(0.8)) pairs.push([arg, this.dirty() ? r.pick(VALUES) : this.argText(r.pick(values))]);
    if (!rpc && method === 'POST' && r.chance(0.3)) pairs.push([r.pick(['columns', 'on_conflict']), this.columnList(relation)]);
    const query = new URLSearchParams(pairs).toString();
    const resource = r.chance(0.03) ? r.pick(['%E0%A4%A', '%ZZ', 'a/b', '%22x%22', '%F0%9F%98%80', '%20', '%00']) : name;
    return {
      method,
      path: `${rpc ? '/rpc' : ''}/${resource}${query ? `?${query}` : ''}`,
      headers: this.headers(method),
      body: rpc ? this.rpcBody(method, args) : this.body(method, relation),
      as: r.pick(['anon', 'service', 'service', 'user', 'anon', 'service', 'user', 'bad-token']),
    };
  }

  private dirty(): boolean {
    return this.r.chance(this.dirt);
  }

  /** A name: a real one, or (as dirty as the request is) a bad one. */
  private name(real: readonly string[]): string {
    const r = this.r;
    if (!this.dirty() && real.length) return r.pick(real);
    return r.chance(0.5) ? r.pick(WEIRD) : `"${r.pick(WEIRD)}${r.pick(['id', 'x'])}"`;
  }

  private column(relation: { columns: Record<string, Kind> }): [string, Kind] {
    const name = this.name(Object.keys(relation.columns));
    return [name, relation.columns[name] ?? 'other'];
  }

  /** A column, and now and then a JSON path into it (text out of a JSON column). */
  private field(relation: { columns: Record<string, Kind> }): [string, Kind] {
    const r = this.r;
    const [column, kind] = this.column(relation);
    if (kind === 'json' && r.chance(0.7)) return [`${column}->>${r.pick(['blood_type', 'age', 'a'])}`, 'text'];
    if (!this.dirty()) return [column, kind];
    let path = column;
    for (let i = r.int(1, 3); i > 0; i--)
      path += `${r.pick(['->', '->>'])}${r.pick(['a', '0', '-1', 'phones', 'age', '"x y"', r.pick(WEIRD)])}`;
    return [path, 'other'];
  }

  private selectList(relation: { columns: Record<string, Kind>; embeds: string[] }, depth: number): string {
    const r = this.r;
    const items = Array.from({ length: r.int(0, 4) }, () => {
      const roll = r.next();
      if (roll < 0.15) return '*';
      if (roll < 0.4 && depth < 3 && (relation.embeds.length || this.dirty())) {
        const embed = this.name(relation.embeds);
        const target = RELATIONS[embed.split('!')[0]!] ?? relation;
        const hint = this.dirty() ? `!${r.pick(HINTS)}` : '';
        const inner = r.chance(0.2) ? '!inner' : '';
        const head = `${this.dirty() ? '...' : ''}${r.chance(0.2) ? `${this.name(['alias', 'x'])}:` : ''}${embed}`;
        return `${head}${hint}${inner}(${this.selectList(target, depth + 1)})`;
      }
      const alias = r.chance(0.2) ? `${this.name(['alias', 'x'])}:` : '';
      const cast = r.chance(0.1) ? `::${this.dirty() ? r.pick(CASTS) : 'text'}` : '';
      return `${alias}${this.field(relation)[0]}${cast}`;
    });
    const list = items.join(',');
    return this.dirty() ? list + this.r.pick(WEIRD) : list;
  }

  /** `not.op.value` for a column of that kind, or (dirty) anything. */
  private operation(kind: Kind): string {
    const r = this.r;
    const good = GOOD[kind];
    const negation = r.chance(0.2) ? 'not.' : '';
    const roll = r.next();
    if (roll < 0.1)
      return `${negation}is.${this.dirty() ? r.pick(['maybe', 'not_null', '']) : r.pick(['null', 'true', 'false', 'unknown'])}`;
    if (roll < 0.2)
      return `${negation}in.(${Array.from({ length: r.int(0, 3) }, () => (this.dirty() ? `"${r.pick(VALUES)}"` : r.pick(good.values))).join(',')})`;
    if (!this.dirty()) return `${negation}${r.pick(good.operators)}.${r.pick(good.values)}`;
    const modifier = r.chance(0.3) ? r.pick(['(any)', '(all)', '(english)', '(french)', '(bogus)', '(']) : '';
    return `${negation}${r.pick(OPERATORS)}${modifier}.${r.pick(VALUES)}`;
  }

  private filter(relation: { columns: Record<string, Kind>; embeds: string[] }): [string, string] {
    const r = this.r;
    if (relation.embeds.length && r.chance(0.1)) return [r.pick(relation.embeds).split('!')[0]!, `${r.chance(0.5) ? 'not.' : ''}is.null`];
    const [field, kind] = this.field(relation);
    const embed = this.dirty() ? `${this.name(relation.embeds)}.` : '';
    return [`${embed}${field}`, this.operation(kind)];
  }

  private logicTree(relation: { columns: Record<string, Kind> }, depth: number): string {
    const r = this.r;
    const parts = Array.from({ length: r.int(this.dirty() ? 0 : 1, 3) }, () => {
      if (depth < 3 && r.chance(0.25)) return `${r.pick(['or', 'and', 'not.or', 'not.and'])}${this.logicTree(relation, depth + 1)}`;
      const [field, kind] = this.field(relation);
      return `${field}.${this.operation(kind).replaceAll(',', this.dirty() ? ',' : '')}`;
    });
    return `(${parts.join(',')})`;
  }

  private order(relation: { columns: Record<string, Kind>; embeds: string[] }): string {
    const r = this.r;
    return Array.from({ length: r.int(1, 3) }, () => {
      const head = this.dirty() ? `${this.name(relation.embeds)}(${this.name(['last_name', 'title', 'id'])})` : this.field(relation)[0];
      const direction = r.chance(0.5)
        ? `.${r.pick(['asc', 'desc', 'nullsfirst', 'nullslast', 'asc.nullsfirst', 'desc.nullslast'].concat(this.dirty() ? ['sideways'] : []))}`
        : '';
      return `${head}${direction}`;
    }).join(',');
  }

  private columnList(relation: { columns: Record<string, Kind> }): string {
    return Array.from({ length: this.r.int(1, 3) }, () => this.column(relation)[0]).join(',');
  }

  private argText(value: unknown): string {
    return Array.isArray(value) ? `{${value.join(',')}}` : String(value);
  }

  private headers(method: string): Record<string, string> {
    const r = this.r;
    const headers: Record<string, string> = {};
    if (r.chance(0.5)) headers.prefer = Array.from({ length: r.int(1, 3) }, () => r.pick(PREFERS)).join(', ');
    if (r.chance(0.15)) headers.accept = this.dirty() ? r.pick(ACCEPTS) : r.pick(ACCEPTS.slice(0, 4));
    if (r.chance(0.1))
      headers.range = this.dirty() ? r.pick(['5-2', 'items=0-0', 'x', '0-99999999999999999999']) : r.pick(['0-1', '1-', '0-9']);
    if (this.dirty() && r.chance(0.2))
      headers[method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile'] = r.pick(['public', 'tenant2', 'nope', '']);
    if (method !== 'GET' && method !== 'HEAD') headers['content-type'] = this.dirty() ? r.pick(CONTENT_TYPES) : 'application/json';
    return headers;
  }

  private body(method: string, relation: { columns: Record<string, Kind> }): string | undefined {
    const r = this.r;
    if (method === 'GET' || method === 'HEAD' || r.chance(0.03)) return undefined;
    if (this.dirty() && r.chance(0.3)) return r.chance(0.2) ? this.deepJson(this.column(relation)[0]) : this.brokenJson();
    const row = () => this.row(relation);
    return JSON.stringify(method === 'POST' && r.chance(0.5) ? Array.from({ length: r.int(0, 5) }, row) : row());
  }

  private rpcBody(method: string, args: Record<string, unknown[]>): string | undefined {
    const r = this.r;
    if (method === 'GET' || method === 'HEAD') return undefined;
    if (this.dirty() && r.chance(0.3)) return r.chance(0.2) ? this.deepJson(Object.keys(args)[0] ?? 'a') : this.brokenJson();
    const entries = Object.entries(args).filter(() => r.chance(0.85));
    return JSON.stringify(
      Object.fromEntries(
        entries.map(([arg, values]) => [this.dirty() ? this.name([arg]) : arg, this.dirty() ? this.value(0) : r.pick(values)]),
      ),
    );
  }

  /** An object (or a list of one) whose value under `name` nests far deeper than the gateway allows. */
  private deepJson(name: string): string {
    const r = this.r;
    const depth = r.int(1000, 20_000);
    const value = r.chance(0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const row = `{${JSON.stringify(name)}:${value}}`;
    return r.chance(0.5) ? `[${row}]` : row;
  }

  private brokenJson(): string {
    const r = this.r;
    if (r.chance(0.2)) return `[${'['.repeat(r.int(10, 3000))}`;
    return r.pick([
      '{',
      '[1,',
      'nul',
      '{"a":}',
      '"\\u0000"',
      '\u0000',
      '{"a":"\\ud800"}',
      'a=1&b=2',
      '[]',
      '{}',
      'null',
      '1',
      '"text"',
      '[[]]',
      '[{}, 1]',
    ]);
  }

  private row(relation: { columns: Record<string, Kind> }): Record<string, unknown> {
    const r = this.r;
    return Object.fromEntries(
      Array.from({ length: r.int(1, 4) }, () => {
        const [column, kind] = this.column(relation);
        return [column, this.dirty() ? this.value(0) : this.typed(kind)];
      }),
    );
  }

  /** A JSON value a column of that kind takes. */
  private typed(kind: Kind): unknown {
    const r = this.r;
    if (kind === 'int') return r.int(1, 2_000_000);
    if (kind === 'num') return r.int(0, 900) / 10;
    if (kind === 'bool') return r.chance(0.5);
    if (kind === 'json') return { a: r.int(0, 9), blood_type: 'A-' };
    if (kind === 'array')
      return r.pick([
        ['a', 'b'],
        [1, 2],
      ]);
    return r.pick(GOOD[kind].values);
  }

  private value(depth: number): unknown {
    const r = this.r;
    const roll = r.next();
    if (roll < 0.2) return r.int(-5, 1000);
    if (roll < 0.3) return r.pick([1.5, -0, 1e300, Number.MAX_SAFE_INTEGER, 0.1]);
    if (roll < 0.55) return r.pick(VALUES);
    if (roll < 0.6) return 'y'.repeat(r.int(10_000, 200_000));
    if (roll < 0.65) return r.pick(['\u0000', 'a\u0000b', '\ud800', '\udfff x']);
    if (roll < 0.75) return r.pick([null, true, false]);
    if (roll < 0.85 && depth < 4) return Array.from({ length: r.int(0, 3) }, () => this.value(depth + 1));
    if (depth < 4) return { [r.pick(['a', 'b', '', '\u0000'])]: this.value(depth + 1) };
    return 0;
  }
}

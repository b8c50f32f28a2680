/**
 * The media types of the data API: what a request's `Accept` may ask for (a JSON array, one
 * object with `vnd.pgrst.object`, either with `nulls=stripped`, CSV, or while the project enables
 * it the plan of any of those with `vnd.pgrst.plan`) and the bodies it may send (JSON, CSV, or a
 * form as `application/x-www-form-urlencoded`; to a function also text, xml or bytes).
 */
import { bodyError, RestError } from './errors.ts';
import type { RowsAs } from './sql-select.ts';
import type { RestRequest } from './types.ts';

const OBJECT = 'application/vnd.pgrst.object+json';
const ARRAY = 'application/vnd.pgrst.array+json';
const PLAN = 'application/vnd.pgrst.plan';

/** EXPLAIN's options a plan may ask for, in the order PostgREST lists them; others are ignored, as there. */
export const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;
export type PlanOption = (typeof PLAN_OPTIONS)[number];

/** `vnd.pgrst.plan`: the EXPLAIN of the statement the request would run, instead of its rows. */
export interface PlanRequest {
  format: 'json' | 'text';
  options: PlanOption[];
}

export interface Answer {
  /** `vnd.pgrst.object`: the one row as an object, else PGRST116. */
  singular: boolean;
  /** JSON, JSON without null keys (`nulls=stripped`), or CSV. */
  rowsAs: RowsAs;
  /** The Content-Type of a body answered in this form. */
  contentType: string;
  /** Answer the plan of the statement (of the form above, `for=` of the plan's media type). */
  plan?: PlanRequest;
}

interface MediaRange {
  type: string;
  params: Map<string, string>;
  q: number;
}

function mediaRange(text: string): MediaRange {
  const [type = '', ...rest] = text.split(';').map((piece) => piece.trim());
  const params = new Map(rest.map((param) => param.split('=').map((side) => side.trim().toLowerCase()) as [string, string]));
  const q = Number(params.get('q') ?? 1);
  return { type: type.toLowerCase(), params, q: Number.isNaN(q) ? 0 : q };
}

/** The form rows answer in for one media range, and its name as PostgREST writes it; undefined when it is not one of ours. */
function rowsAnswer({ type, params }: MediaRange): { answer: Answer; mime: string } | undefined {
  const stripped = params.get('nulls') === 'stripped';
  const rowsAs = stripped ? 'json-stripped' : 'json';
  const suffix = stripped ? '; nulls=stripped' : '';
  if (type === OBJECT || type === 'application/vnd.pgrst.object') {
    const answer: Answer = { singular: true, rowsAs, contentType: `${OBJECT}${suffix}; charset=utf-8` };
    return { answer, mime: stripped ? `${OBJECT};nulls=stripped` : OBJECT };
  }
  if (type === ARRAY || type === 'application/vnd.pgrst.array') {
    const mime = stripped ? `${ARRAY};nulls=stripped` : 'application/json';
    return { answer: { singular: false, rowsAs, contentType: `${stripped ? `${ARRAY}${suffix}` : mime}; charset=utf-8` }, mime };
  }
  if (type === 'application/json' || type === 'application/*' || type === '*/*')
    return { answer: { singular: false, rowsAs: 'json', contentType: 'application/json; charset=utf-8' }, mime: 'application/json' };
  if (type === 'text/csv') return { answer: { singular: false, rowsAs: 'csv', contentType: 'text/csv; charset=utf-8' }, mime: 'text/csv' };
  return undefined;
}

const planFormat = (type: string): PlanRequest['format'] | undefined =>
  type === PLAN || type === `${PLAN}+text` ? 'text' : type === `${PLAN}+json` ? 'json' : undefined;

/**
 * `vnd.pgrst.plan` with `for=` a media type of rows (application/json when absent) and
 * `options=a|b`: the rows' answer it explains (none when `for=` names no form of ours), and the
 * plan's media type as PostgREST writes it back, with only the options it took.
 */
function readPlan(range: MediaRange, format: PlanRequest['format']) {
  const wanted = (range.params.get('options') ?? '').split('|');
  const options = PLAN_OPTIONS.filter((option) => wanted.includes(option));
  const forType = (range.params.get('for') ?? 'application/json').replace(/^"|"$/g, '');
  const rows = rowsAnswer(mediaRange(forType));
  const mime = `${PLAN}+${format}; for="${rows?.mime ?? forType}"${options.length ? `; options=${options.join('|')}` : ''}`;
  return { rows: rows?.answer, mime, options };
}

/**
 * The form of the answer `Accept` asks for; PGRST107 when none is offered. Plans are offered only
 * when the project enables them (PostgREST's db-plan-enabled): otherwise they are not there at all.
 */
export function negotiate(accept: string | null, options: { plans?: boolean } = {}): Answer {
  const ranges = (accept ?? '*/*').split(',').map(mediaRange);
  // The most wanted first; among equals, the order the client gave.
  for (const range of ranges.filter(({ q }) => q > 0).sort((a, b) => b.q - a.q)) {
    const format = planFormat(range.type);
    if (!format) {
      const rows = rowsAnswer(range);
      if (rows) return rows.answer;
      continue;
    }
    const plan = options.plans ? readPlan(range, format) : undefined;
    if (plan?.rows) return { ...plan.rows, contentType: `${plan.mime}; charset=utf-8`, plan: { format, options: plan.options } };
  }
  // Named as PostgREST names them: the type alone, a plan as it would have answered it.
  const listed = ranges.map((range) => {
    const format = planFormat(range.type);
    return format ? readPlan(range, format).mime : range.type;
  });
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${listed.join(', ').slice(0, 200)}`);
}

/**
 * A write's body: parsed JSON (`raw` as it was sent; `csv` when it came as CSV rows), the pairs of
 * a form (each value a string), or for a function's one unnamed parameter the body itself: text
 * (text/plain), xml (text/xml) or bytes (application/octet-stream).
 */
export type RequestBody =
  | { kind: 'json'; value: unknown; raw: string; csv?: true }
  | { kind: 'form'; pairs: URLSearchParams }
  | { kind: 'raw'; type: 'text' | 'xml'; value: string }
  | { kind: 'raw'; type: 'bytea'; value: Buffer };

/** The bodies only a function call takes, as they are: the argument of its one unnamed parameter. */
const RAW_TYPES = new Map<string, 'text' | 'xml' | 'bytea'>([
  ['text/plain', 'text'],
  ['text/xml', 'xml'],
  ['application/octet-stream', 'bytea'],
]);

export async function readBody(request: RestRequest, options: { rpc?: boolean } = {}): Promise<RequestBody> {
  const type = request.headers.get('content-type')?.split(';')[0]!.trim().toLowerCase();
  const raw = options.rpc && type ? RAW_TYPES.get(type) : undefined;
  // at most BODY_LIMIT_BYTES: the routes limit what arrives
  if (raw === 'bytea') return { kind: 'raw', type: raw, value: Buffer.from(await request.arrayBuffer()) };
  const text = await request.text();
  if (raw) return { kind: 'raw', type: raw, value: text };
  if (type === 'application/x-www-form-urlencoded') return { kind: 'form', pairs: new URLSearchParams(text) };
  if (type === 'text/csv') {
    const rows = csvRows(text);
    return { kind: 'json', value: rows, raw: JSON.stringify(rows), csv: true };
  }
  if (type && type !== 'application/json' && type !== OBJECT) {
    throw new RestError(415, 'PGRST107', `None of these media types are available: ${type.slice(0, 100)}`);
  }
  if (!text.trim()) return { kind: 'json', value: {}, raw: text };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown, raw: text };
  } catch {
    throw bodyError('Empty or invalid json');
  }
}

/**
 * A CSV body as rows, as PostgREST reads one: the first line names the columns, fields may be
 * double-quoted (a doubled quote inside is one), an empty field is an empty string and `NULL` is null.
 */
function csvRows(text: string): Record<string, string | null>[] {
  const lines: string[][] = [[]];
  const field = /"((?:[^"]|"")*)"|([^",\r\n]*)/y;
  for (let at = 0; ;) {
    field.lastIndex = at;
    const [whole, quoted, bare] = field.exec(text)!;
    lines.at(-1)!.push(quoted !== undefined ? quoted.replaceAll('""', '"') : bare!);
    at += whole.length;
    if (at >= text.length) break;
    const separator = /,|\r?\n/y;
    separator.lastIndex = at;
    const found = separator.exec(text)?.[0];
    if (found === undefined) throw bodyError(`A CSV field ends at character ${at + 1} without a comma or a line break`);
    if (found !== ',') lines.push([]);
    at += found.length;
  }
  const [header = [], ...rows] = lines.filter((line) => line.length > 1 || line[0] !== '');
  if (rows.some((row) => row.length !== header.length)) throw bodyError('All lines of a CSV body must have as many fields as its header');
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] === 'NULL' ? null : row[i]!])));
}

/** A form's pairs as text values by name, in order (several for a repeated name). */
export function formValues(pairs: URLSearchParams): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const [name, value] of pairs) values.set(name, [...(values.get(name) ?? []), value]);
  return values;
}

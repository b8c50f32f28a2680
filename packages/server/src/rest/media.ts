/**
 * The media types of the data API: what a request's `Accept` may ask for (a JSON array, one
 * object with `vnd.pgrst.object`, either with `nulls=stripped`) and the bodies it may send (JSON,
 * or a form as `application/x-www-form-urlencoded`).
 */
import { bodyError, RestError } from './errors.ts';

/** The most a write's body may hold. */
export const REST_BODY_LIMIT = 10 * 1024 * 1024;

const OBJECT = 'application/vnd.pgrst.object+json';
const ARRAY = 'application/vnd.pgrst.array+json';

export interface Answer {
  /** `vnd.pgrst.object`: the one row as an object, else PGRST116. */
  singular: boolean;
  /** `nulls=stripped`: keys whose value is null are left out. */
  stripNulls: boolean;
  /** The Content-Type of a body answered in this form. */
  contentType: string;
}

interface MediaRange {
  type: string;
  params: Map<string, string>;
  q: number;
}

function mediaRanges(accept: string): MediaRange[] {
  const ranges = accept.split(',').map((part): MediaRange => {
    const [type = '', ...rest] = part.split(';').map((piece) => piece.trim());
    const params = new Map(rest.map((param) => param.split('=').map((side) => side.trim().toLowerCase()) as [string, string]));
    const q = Number(params.get('q') ?? 1);
    return { type: type.toLowerCase(), params, q: Number.isNaN(q) ? 0 : q };
  });
  // The most wanted first; among equals, the order the client gave.
  return ranges.filter((range) => range.q > 0).sort((a, b) => b.q - a.q);
}

/** The form of the answer `Accept` asks for; PGRST107 when none is offered. */
export function negotiate(accept: string | null): Answer {
  for (const { type, params } of mediaRanges(accept ?? '*/*')) {
    const stripNulls = params.get('nulls') === 'stripped';
    const stripped = stripNulls ? '; nulls=stripped' : '';
    if (type === OBJECT || type === 'application/vnd.pgrst.object') return { singular: true, stripNulls, contentType: `${OBJECT}${stripped}; charset=utf-8` };
    if (type === ARRAY || type === 'application/vnd.pgrst.array') return { singular: false, stripNulls, contentType: `${stripNulls ? `${ARRAY}${stripped}` : 'application/json'}; charset=utf-8` };
    if (type === 'application/json' || type === 'application/*' || type === '*/*') return { singular: false, stripNulls: false, contentType: 'application/json; charset=utf-8' };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${(accept ?? '').slice(0, 200)}`);
}

/** A write's body: parsed JSON, or the pairs of a form (each value a string). */
export type RequestBody = { kind: 'json'; value: unknown } | { kind: 'form'; pairs: URLSearchParams };

export async function readBody(request: Request): Promise<RequestBody> {
  const text = await request.text();
  if (text.length > REST_BODY_LIMIT) throw new RestError(413, 'PGRST102', `The request body is larger than ${REST_BODY_LIMIT} bytes`);
  const type = request.headers.get('content-type')?.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return { kind: 'form', pairs: new URLSearchParams(text) };
  if (type && type !== 'application/json' && type !== OBJECT) {
    throw new RestError(415, 'PGRST107', `None of these media types are available: ${type.slice(0, 100)}`);
  }
  if (!text.trim()) return { kind: 'json', value: {} };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    throw bodyError('Empty or invalid json');
  }
}

/** A form's pairs as text values by name, in order (several for a repeated name). */
export function formValues(pairs: URLSearchParams): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const [name, value] of pairs) values.set(name, [...(values.get(name) ?? []), value]);
  return values;
}

/**
 * The HTTP answer of a data API request once its statement ran: the status (206 for a page of a
 * larger count), Content-Range, Preference-Applied in PostgREST's order, the Location of a
 * headers-only insert, and the body in the form `Accept` asked for.
 */
import type { Answer } from './media.ts';
import type { Preferences, RestRequest } from './types.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export interface Outcome {
  body: string | null;
  pageTotal: number;
  total: number | null;
  /** How many rows an upsert inserted (the rest it updated); null when not counted. */
  inserted: number | null;
  /** `Prefer: timezone=` named a time zone Postgres knows, and the request ran in it. */
  timezoneApplied: boolean;
}

/**
 * A data API answer in plain parts: the gateway's read path writes it to node:http as it is,
 * anything else makes it a Response (asResponse).
 */
export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export const asResponse = ({ status, headers, body }: RestAnswer) => new Response(body, { status, headers });

/** JSON text as an answer that says its type and length. */
export const jsonTextAnswer = (status: number, text: string, headers: Record<string, string> = {}): RestAnswer => ({
  status,
  headers: { 'content-type': JSON_TYPE, ...headers, 'content-length': String(Buffer.byteLength(text)) },
  body: text,
});

/** How a planned request answers. */
export interface AnswerPlan {
  /** The body is an array of rows, to be answered as its one object (or refused with PGRST116). */
  unwrap: boolean;
  /** Without `Prefer: return=representation`, writes answer no body. */
  answersBody: boolean;
  status: number;
  /** An upsert that inserted nothing (it only updated) answers this instead, as PostgREST does. */
  statusIfNoneInserted?: number;
  /** A headers-only insert into this table: the body holds the rows' primary keys, for Location. */
  locationOf?: string;
}

/** `Content-Range: first-last/total`, `*\/total` when nothing was answered. */
function contentRange(offset: number, outcome: Outcome): string {
  const total = outcome.total ?? '*';
  return outcome.pageTotal ? `${offset}-${offset + outcome.pageTotal - 1}/${total}` : `*/${total}`;
}

/** The preferences honoured, in the order PostgREST lists them. */
function preferenceApplied(prefer: Preferences, timezoneApplied: boolean): string {
  return [
    prefer.resolution && `resolution=${prefer.resolution}`,
    prefer.missing && `missing=${prefer.missing}`,
    prefer.return && `return=${prefer.return}`,
    prefer.count && `count=${prefer.count}`,
    prefer.tx && `tx=${prefer.tx}`,
    prefer.handling && `handling=${prefer.handling}`,
    timezoneApplied && `timezone=${prefer.timezone}`,
    prefer.handling === 'strict' && prefer.maxAffected !== undefined && `max-affected=${prefer.maxAffected}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** `/table?id=eq.1` of the first row written, from its primary key columns as text. */
function location(table: string, body: string | null): string | undefined {
  const [row] = JSON.parse(body ?? '[]') as Record<string, string>[];
  if (!row) return undefined;
  const filters = Object.entries(row).map(([column, value]) => `${encodeURIComponent(column)}=eq.${encodeURIComponent(value)}`);
  return `/${encodeURIComponent(table)}?${filters.join('&')}`;
}

export function respond(
  request: RestRequest,
  plan: AnswerPlan,
  outcome: Outcome,
  prefer: Preferences,
  offset: number,
  media: Answer,
): RestAnswer {
  const headers: Record<string, string> = { 'content-range': contentRange(offset, outcome) };
  const applied = preferenceApplied(prefer, outcome.timezoneApplied);
  if (applied) headers['preference-applied'] = applied;
  const found = plan.locationOf && location(plan.locationOf, outcome.body);
  if (found) headers.location = found;
  const partial = outcome.total !== null && outcome.pageTotal < outcome.total;
  const written = outcome.inserted === 0 && plan.statusIfNoneInserted ? plan.statusIfNoneInserted : plan.status;
  const status = written === 200 && partial ? 206 : written;
  if (!plan.answersBody || request.method === 'HEAD') return { status, headers, body: null };
  let body = outcome.body ?? 'null';
  // json_agg writes `[row, row]`: one row is the text between the brackets.
  if (plan.unwrap) body = body.slice(1, -1).trim();
  // A function's single value is plain JSON whatever was asked for.
  headers['content-type'] = plan.unwrap && !media.singular ? JSON_TYPE : media.contentType;
  // Said up front so that the gateway's egress count need not stream the body through a counter.
  headers['content-length'] = String(Buffer.byteLength(body));
  return { status, headers, body };
}

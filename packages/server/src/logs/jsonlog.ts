/**
 * Postgres's jsonlog lines (log_destination=jsonlog, PG15+) as postgres_logs entries. A member
 * decides much of what the server logs (RAISE LOG of any size, failing statements of any length),
 * so texts are cut: the reader keeps at most MAX_LINE_BYTES of a line, and every string stored
 * is cut to MAX_TEXT_CHARS. A cut line is not valid JSON any more; its fields are read up to the cut
 * (jsonlog writes timestamp, user, dbname, ..., error_severity, state_code, message in that order,
 * so what matters comes first).
 */
import type { PostgresLogEntry } from '../store/postgres-logs.ts';

/** The most of one line the reader keeps; the rest of a longer line is skipped unread. */
export const MAX_LINE_BYTES = 64 * 1024;
/** The longest text stored in a column or a string of `raw`. */
export const MAX_TEXT_CHARS = 8 * 1024;

/** A line as the reader hands it over: its kept text, and its whole length when that is more. */
export interface LogLine {
  text: string;
  /** The line's length in bytes, without its newline. */
  bytes: number;
  /** Whether `text` is only the start of the line. */
  cut: boolean;
}

const cut = (text: string) =>
  text.length > MAX_TEXT_CHARS ? `${text.slice(0, MAX_TEXT_CHARS)}… [cut at ${MAX_TEXT_CHARS} characters]` : text;

function cutStrings(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? cut(value) : value]));
}

const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? cut(value) : null);

/** jsonlog's "2026-11-24 12:22:21.199 UTC" (the driver sets log_timezone=UTC); anything else Date can read. */
export function parseLogTimestamp(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const utc = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?) UTC$/.exec(value);
  const date = new Date(utc ? `${utc[1]}T${utc[2]}Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * One entry from one line; undefined for a line that is not a jsonlog object (an empty line, or
 * stray output). `now` stands in for a timestamp the line lacks.
 */
export function entryOfLine(line: LogLine, now: Date): PostgresLogEntry | undefined {
  const fields = line.cut ? fieldsBeforeCut(line.text) : parseObject(line.text);
  if (!fields) return undefined;
  const raw = cutStrings(fields);
  if (line.cut) raw.basin_line_bytes = line.bytes;
  const message = typeof fields.message === 'string' ? fields.message : '';
  return {
    at: parseLogTimestamp(fields.timestamp) ?? now,
    severity: typeof fields.error_severity === 'string' ? fields.error_severity : 'LOG',
    errorCode: stringOrNull(fields.state_code),
    userName: stringOrNull(fields.user),
    databaseName: stringOrNull(fields.dbname),
    query: stringOrNull(fields.statement),
    message: line.cut ? `${cut(message)}… [line of ${line.bytes} bytes cut]` : cut(message),
    raw,
  };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return text.trimStart().startsWith('{') ? fieldsBeforeCut(text) : undefined;
  }
}

const STRING = /"((?:[^"\\]|\\.)*)"/y;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

function match(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** A JSON string's content (between the quotes) as text; a cut escape at its end is dropped. */
function decode(content: string): string {
  const whole = content.replace(/\\(u[0-9a-fA-F]{0,3})?$/, '');
  try {
    return JSON.parse(`"${whole}"`) as string;
  } catch {
    return whole;
  }
}

/**
 * The fields of a flat JSON object cut anywhere: every complete `"key": value` pair, and the part
 * of a string value that was cut. undefined when the text does not start an object.
 */
export function fieldsBeforeCut(text: string): Record<string, unknown> | undefined {
  const start = text.indexOf('{');
  if (start < 0 || text.slice(0, start).trim() !== '') return undefined;
  const fields: Record<string, unknown> = {};
  let at = start + 1;
  while (at < text.length) {
    const key = match(STRING, text, at);
    if (!key || text[STRING.lastIndex] !== ':') break;
    const name = decode(key[1]!);
    at = STRING.lastIndex + 1;
    const string = match(STRING, text, at);
    if (string) {
      fields[name] = decode(string[1]!);
      at = STRING.lastIndex;
    } else if (text[at] === '"') {
      fields[name] = decode(text.slice(at + 1)); // the value the cut went through
      break;
    } else {
      const number = match(NUMBER, text, at) ?? match(LITERAL, text, at);
      if (!number) break;
      fields[name] = JSON.parse(number[0]) as unknown;
      at += number[0].length;
    }
    if (text[at] !== ',') break;
    at += 1;
  }
  return fields;
}

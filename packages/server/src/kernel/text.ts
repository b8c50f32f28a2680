/**
 * Text Postgres can store as it is: text and jsonb refuse NUL, and a lone UTF-16 surrogate is
 * stored as U+FFFD in text (so the row no longer matches what was sent) and refused in jsonb.
 * Input with such text is refused (textProblem); what Basin writes of its own, such as log lines
 * quoting a request, is repaired instead (storable).
 */

export const NUL = 'must not contain NUL characters';
/** In a `u` pattern, a surrogate of a well-formed pair is part of its code point: only lone ones match. */
const LONE_SURROGATE = /\p{Surrogate}/u;
const LONE_SURROGATES = /\p{Surrogate}/gu;

/** The first string (value or key) Postgres could not store as it is, where it is and why. */
export function textProblem(value: unknown, at: string[] = []): { at: string[]; message: string } | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { at, message: NUL };
    if (LONE_SURROGATE.test(value)) return { at, message: 'must be valid Unicode text' };
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(key, at) ?? textProblem(item, [...at, key]);
    if (problem) return problem;
  }
  return undefined;
}

const storableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** Whether Postgres stores the value's strings (and keys) as they are: a walk that copies nothing. */
function storableAsItIs(value: unknown): boolean {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.every(storableAsItIs);
  if (!isPlainObject(value)) return true;
  for (const key in value) if (!storableText(key) || !storableAsItIs(value[key])) return false;
  return true;
}

/**
 * The value with every unstorable character of its strings replaced by U+FFFD (plain objects and
 * arrays followed); the value itself when nothing needs replacing, as for nearly every log row.
 */
export function storable<T>(value: T): T {
  return storableAsItIs(value) ? value : repaired(value);
}

function repaired<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(repaired) as T;
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [repaired(key), repaired(inner)])) as T;
  return value;
}

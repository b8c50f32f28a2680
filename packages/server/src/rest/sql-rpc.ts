/**
 * `/rpc/{fn}`: the overload the arguments name, called with named arguments converted by their
 * declared types (from a JSON body through json_to_record, from a query string by the type's
 * input function), or with the whole body when the function takes one unnamed parameter (json or
 * jsonb from JSON, text, xml or bytea from a raw body), chosen as PostgREST chooses. A set or table
 * result is read like a relation (select, filters, order and limit apply).
 */
import { RestError } from './errors.ts';
import { ident, Params, qualified } from './sql-fragment.ts';
import { readStatement, SelectBuilder } from './sql-select.ts';
import type { CachedFunction, CachedFunctionArg, CachedRelation, SchemaCache } from './types.ts';
import { qualifiedName } from './types.ts';

/**
 * Where the arguments come from: a JSON body (`raw` as sent; `csv` when it came as CSV rows), text
 * values (a query string or a form body, repeated for a variadic argument), or a body that is the
 * one argument itself (text/plain, text/xml, application/octet-stream).
 */
export type RpcArguments =
  | { kind: 'json'; body: unknown; raw: string; csv?: boolean }
  | { kind: 'query'; values: Map<string, string[]> }
  | { kind: 'raw'; type: 'text' | 'xml'; value: string }
  | { kind: 'raw'; type: 'bytea'; value: Buffer };

/** The types an unnamed parameter may have: PostgREST leaves any other function with one out of its schema cache. */
const UNNAMED_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

const takesOneUnnamed = (fn: CachedFunction) => fn.args.length === 1 && fn.args[0]!.name === '';

/** Callable through the API: every parameter named, or one unnamed parameter of a type a body can be. */
const callable = (fn: CachedFunction) =>
  !fn.args.some((arg) => arg.name === '') || (takesOneUnnamed(fn) && UNNAMED_TYPES.has(fn.args[0]!.type));

/** Takes the body itself when no overload takes its keys: the unnamed parameter has the body's type. */
function takesWholeBody(fn: CachedFunction, args: RpcArguments): boolean {
  if (!takesOneUnnamed(fn)) return false;
  const { type } = fn.args[0]!;
  if (args.kind === 'raw') return type === args.type;
  return args.kind === 'json' && !args.csv && (type === 'json' || type === 'jsonb');
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A JSON body's arguments as PostgREST reads them: the object, or an array's first object. */
const argumentObject = (body: unknown): Record<string, unknown> | undefined =>
  isObject(body) ? body : Array.isArray(body) && isObject(body[0]) ? body[0] : undefined;

const argumentNames = (args: RpcArguments): string[] => {
  if (args.kind === 'query') return [...args.values.keys()];
  if (args.kind === 'raw') return [];
  return Object.keys(argumentObject(args.body) ?? {});
};

/** The given names fit: every one is a parameter, every required parameter is given. A raw body names nothing. */
function takesNames(fn: CachedFunction, given: string[], args: RpcArguments): boolean {
  if (!fn.args.length) return !given.length && args.kind !== 'raw';
  const names = fn.args.map((arg) => arg.name);
  return given.every((g) => names.includes(g)) && fn.args.every((arg) => arg.hasDefault || given.includes(arg.name));
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Overloads in PostgREST's order (its Routine's Ord): fewer parameters first, then parameter by
 * parameter by name, type, required (optional first) and variadic.
 */
function postgrestOrder(a: CachedFunction, b: CachedFunction): number {
  if (a.args.length !== b.args.length) return a.args.length - b.args.length;
  for (const [i, x] of a.args.entries()) {
    const y = b.args[i]!;
    const order =
      compareText(x.name, y.name) ||
      compareText(x.type, y.type) ||
      Number(!x.hasDefault) - Number(!y.hasDefault) ||
      Number(x.variadic) - Number(y.variadic);
    if (order) return order;
  }
  return 0;
}

/**
 * The overload PostgREST calls: the one whose parameters the given names fit; failing that, the
 * one that takes the whole body in one unnamed parameter of its type (JSON to json or jsonb,
 * text/plain to text, text/xml to xml, application/octet-stream to bytea).
 */
export function chooseFunction(cache: SchemaCache, schema: string, name: string, args: RpcArguments): CachedFunction {
  const overloads = (cache.functions.get(qualifiedName(schema, name)) ?? []).filter(callable).sort(postgrestOrder);
  const given = argumentNames(args);
  const named = overloads.filter((fn) => takesNames(fn, given, args));
  const fitting = named.length ? named : overloads.filter((fn) => takesWholeBody(fn, args));
  if (fitting.length === 1) return fitting[0]!;
  if (!fitting.length) throw noFunction(`${schema}.${name}`, [...given].sort(), args);
  const candidates = fitting.map((fn) => `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`);
  throw new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${candidates.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** PGRST202 in PostgREST's words: `public.fn(a, b)`, `public.fn without parameters`, or for a raw body `public.fn`. */
function noFunction(qualifiedFn: string, given: string[], args: RpcArguments): RestError {
  if (args.kind === 'raw') {
    return new RestError(
      404,
      'PGRST202',
      `Could not find the function ${qualifiedFn} in the schema cache`,
      `Searched for the function ${qualifiedFn} with a single unnamed ${args.type} parameter, but no matches were found in the schema cache.`,
    );
  }
  const called = given.length ? `${qualifiedFn}(${given.join(', ')})` : `${qualifiedFn} without parameters`;
  const searched = given.length
    ? `${qualifiedFn} with parameter${given.length > 1 ? 's' : ''} ${given.join(', ')}`
    : `${qualifiedFn} without parameters`;
  const orWholeBody = args.kind === 'json' && !args.csv ? ' or with a single unnamed json/jsonb parameter' : '';
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${called} in the schema cache`,
    `Searched for the function ${searched}${orWholeBody}, but no matches were found in the schema cache.`,
  );
}

/**
 * The one unnamed parameter's argument, as PostgREST passes it: the body as sent (a JSON object
 * or array; any other JSON value as `[]`), or the query string's or form's values as a JSON object.
 */
function wholeBody(args: RpcArguments): string | Buffer {
  if (args.kind === 'raw') return args.value;
  if (args.kind === 'json') return args.body !== null && typeof args.body === 'object' ? args.raw : '[]';
  return JSON.stringify(Object.fromEntries([...args.values].map(([key, values]) => [key, values.at(-1)])));
}

/** The call `"schema"."fn"(…)` with its arguments; `from` a record of the JSON body when there is one. */
function callSql(fn: CachedFunction, args: RpcArguments, params: Params): { call: string; from: string } {
  const name = qualified(fn.schema, fn.name);
  if (takesOneUnnamed(fn)) return { call: `${name}(${params.add(wholeBody(args), fn.args[0]!.type)})`, from: '' };
  const given = new Set(argumentNames(args));
  const used = fn.args.filter((arg) => given.has(arg.name));
  // Named notation puts VARIADIC before the name: `fn(variadic "v" := array)`.
  const named = (arg: CachedFunctionArg, value: string) => `${arg.variadic ? 'variadic ' : ''}${ident(arg.name)} := ${value}`;
  if (args.kind === 'query') {
    // A variadic argument takes every value given (`?v=1&v=2`), any other the last one.
    const value = (arg: CachedFunctionArg) =>
      params.add(arg.variadic ? args.values.get(arg.name) : args.values.get(arg.name)!.at(-1), arg.type);
    return { call: `${name}(${used.map((arg) => named(arg, value(arg))).join(', ')})`, from: '' };
  }
  if (!used.length || args.kind === 'raw') return { call: `${name}()`, from: '' };
  const record = `json_to_record(${params.add(JSON.stringify(argumentObject(args.body)), 'json')}) as pgrst_args(${used.map((arg) => `${ident(arg.name)} ${arg.type}`).join(', ')})`;
  return { call: `${name}(${used.map((arg) => named(arg, `pgrst_args.${ident(arg.name)}`)).join(', ')})`, from: record };
}

/** What a function's rows look like to the select tree: its row type's relation, or its own columns. */
function resultRelation(cache: SchemaCache, fn: CachedFunction): CachedRelation {
  const relation = fn.returnsRelation && cache.relations.get(qualifiedName(fn.returnsRelation.schema, fn.returnsRelation.name));
  return relation ?? { schema: fn.schema, name: fn.name, kind: 'view', columns: fn.resultColumns, primaryKey: [] };
}

/**
 * The statement answering `{ body, page_total, total }` like a read. A function returning one row
 * answers that row's object, or `null` when filters left none (`object`), unless the request asked
 * for vnd.pgrst.object (`objectAsked`: the one row, else PGRST116) or CSV; `singular` when the body
 * is one value or one row to be taken out of its array. count=exact counts one value as 1.
 */
export function rpcStatement(
  builder: SelectBuilder,
  fn: CachedFunction,
  args: RpcArguments,
  countExact: boolean,
  objectAsked = false,
): { sql: string; singular: boolean; object?: boolean } {
  const { call, from } = callSql(fn, args, builder.params);
  if (fn.returnsComposite) {
    const relation = resultRelation(builder.shape.cache, fn);
    const rows = `(select pgrst_result.* from ${from ? `${from}, ` : ''}lateral ${call} as pgrst_result)`;
    const read = readStatement(builder, relation, rows, countExact);
    if (fn.returnsSet || objectAsked || builder.shape.rowsAs === 'csv') return { sql: read, singular: !fn.returnsSet };
    const sql = `select coalesce((pgrst_read.body::json -> 0)::text, 'null') as body, pgrst_read.page_total, pgrst_read.total from (${read}) as pgrst_read`;
    return { sql, singular: false, object: true };
  }
  // Called in the select list: a `record` result keeps the column names its query gave it.
  const values = `(select ${call} as value${from ? ` from ${from}` : ''}) as pgrst_values`;
  const body =
    fn.returnType === 'void'
      ? 'null::text'
      : fn.returnsSet
        ? `coalesce(json_agg(pgrst_values.value), '[]')::text`
        : `coalesce(pg_catalog.min(to_json(pgrst_values.value)::text), 'null')`;
  const total = countExact && fn.returnType !== 'void' ? 'count(*)::int8' : 'null::int8';
  return { sql: `select ${body} as body, count(*)::int8 as page_total, ${total} as total from ${values}`, singular: !fn.returnsSet };
}

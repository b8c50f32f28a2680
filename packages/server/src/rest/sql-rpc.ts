/**
 * `/rpc/{fn}`: the overload the arguments name, called with named arguments converted by their
 * declared types (from a JSON body through json_to_record, from a query string by the type's
 * input function), or with the whole body when the function takes one unnamed json argument.
 * A set or table result is read like a relation (select, filters, order and limit apply).
 */
import { RestError } from './errors.ts';
import { ident, Params, qualified } from './sql-fragment.ts';
import { readStatement, SelectBuilder } from './sql-select.ts';
import type { CachedFunction, CachedFunctionArg, CachedRelation, SchemaCache } from './types.ts';
import { qualifiedName } from './types.ts';

/** Where the arguments come from: a JSON body, or text values (a query string or a form body), repeated for a variadic argument. */
export type RpcArguments = { kind: 'json'; body: unknown } | { kind: 'query'; values: Map<string, string[]> };

const takesWholeBody = (fn: CachedFunction) =>
  fn.args.length === 1 && fn.args[0]!.name === '' && (fn.args[0]!.type === 'json' || fn.args[0]!.type === 'jsonb');

const argumentNames = (args: RpcArguments): string[] => {
  if (args.kind === 'query') return [...args.values.keys()];
  const { body } = args;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
};

/** The overload whose named arguments are exactly covered: every given name, every required one. */
export function chooseFunction(cache: SchemaCache, schema: string, name: string, args: RpcArguments): CachedFunction {
  const overloads = cache.functions.get(qualifiedName(schema, name)) ?? [];
  const given = argumentNames(args);
  const fitting = overloads.filter((fn) => {
    if (args.kind === 'json' && takesWholeBody(fn)) return true;
    const names = fn.args.map((arg) => arg.name);
    return given.every((g) => names.includes(g)) && fn.args.every((arg) => arg.hasDefault || given.includes(arg.name));
  });
  if (fitting.length === 1) return fitting[0]!;
  if (!fitting.length) throw noFunction(`${schema}.${name}`, [...given].sort(), args.kind === 'json');
  const candidates = fitting.map((fn) => `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`);
  throw new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${candidates.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** PGRST202 in PostgREST's words: `public.fn(a, b)`, or `public.fn without parameters`. */
function noFunction(qualifiedFn: string, given: string[], jsonBody: boolean): RestError {
  const called = given.length ? `${qualifiedFn}(${given.join(', ')})` : `${qualifiedFn} without parameters`;
  const searched = given.length
    ? `${qualifiedFn} with parameter${given.length > 1 ? 's' : ''} ${given.join(', ')}`
    : `${qualifiedFn} without parameters`;
  const orWholeBody = jsonBody ? ' or with a single unnamed json/jsonb parameter' : '';
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${called} in the schema cache`,
    `Searched for the function ${searched}${orWholeBody}, but no matches were found in the schema cache.`,
  );
}

/** The call `"schema"."fn"(…)` with its arguments; `from` a record of the JSON body when there is one. */
function callSql(fn: CachedFunction, args: RpcArguments, params: Params): { call: string; from: string } {
  const name = qualified(fn.schema, fn.name);
  if (args.kind === 'json' && takesWholeBody(fn))
    return { call: `${name}(${params.add(JSON.stringify(args.body), fn.args[0]!.type)})`, from: '' };
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
  if (!used.length) return { call: `${name}()`, from: '' };
  const record = `json_to_record(${params.add(JSON.stringify(args.body), 'json')}) as pgrst_args(${used.map((arg) => `${ident(arg.name)} ${arg.type}`).join(', ')})`;
  return { call: `${name}(${used.map((arg) => named(arg, `pgrst_args.${ident(arg.name)}`)).join(', ')})`, from: record };
}

/** What a function's rows look like to the select tree: its row type's relation, or its own columns. */
function resultRelation(cache: SchemaCache, fn: CachedFunction): CachedRelation {
  const relation = fn.returnsRelation && cache.relations.get(qualifiedName(fn.returnsRelation.schema, fn.returnsRelation.name));
  return relation ?? { schema: fn.schema, name: fn.name, kind: 'view', columns: fn.resultColumns, primaryKey: [] };
}

/**
 * The statement answering `{ body, page_total, total }` like a read; `singular` when the function
 * returns one value or one row (the body is that value, not an array).
 */
export function rpcStatement(
  builder: SelectBuilder,
  fn: CachedFunction,
  args: RpcArguments,
  countExact: boolean,
): { sql: string; singular: boolean } {
  const { call, from } = callSql(fn, args, builder.params);
  if (fn.returnsComposite) {
    const relation = resultRelation(builder.shape.cache, fn);
    const rows = `(select pgrst_result.* from ${from ? `${from}, ` : ''}lateral ${call} as pgrst_result)`;
    return { sql: readStatement(builder, relation, rows, countExact), singular: !fn.returnsSet };
  }
  // Called in the select list: a `record` result keeps the column names its query gave it.
  const values = `(select ${call} as value${from ? ` from ${from}` : ''}) as pgrst_values`;
  const body =
    fn.returnType === 'void'
      ? 'null::text'
      : fn.returnsSet
        ? `coalesce(json_agg(pgrst_values.value), '[]')::text`
        : `coalesce(pg_catalog.min(to_json(pgrst_values.value)::text), 'null')`;
  return { sql: `select ${body} as body, count(*)::int8 as page_total, null::int8 as total from ${values}`, singular: !fn.returnsSet };
}

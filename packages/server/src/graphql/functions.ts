/**
 * pg_graphql's functions of the exposed schemas: a stable or immutable one is a field of Query, a
 * volatile one a field of Mutation, its arguments those of the function. Basin reflects those
 * that return one scalar or enum value and are not overloaded; others are left out.
 */
import { type GraphQLFieldConfigMap, type GraphQLInputType, GraphQLNonNull, type GraphQLOutputType } from 'graphql';
import { ident, qualified } from '../rest/sql-fragment.ts';
import type { CachedFunction, SchemaCache } from '../rest/types.ts';
import { asText } from './cursors.ts';
import { directiveOf } from './directives.ts';
import { inflector, isGraphqlName } from './names.ts';
import { AS_TEXT, type ColumnKind, columnKind } from './scalars.ts';
import type { Params } from '../rest/sql-fragment.ts';

export interface FunctionField {
  fn: CachedFunction;
  returns: ColumnKind;
  /** By GraphQL argument name. */
  args: Map<string, { name: string; type: string; kind: ColumnKind; required: boolean }>;
  mutation: boolean;
}

export function functionFields(cache: SchemaCache): Map<string, FunctionField> {
  const fields = new Map<string, FunctionField>();
  const enums = cache.enums ?? new Map<string, string[]>();
  for (const overloads of cache.functions.values()) {
    if (overloads.length !== 1) continue;
    const fn = overloads[0]!;
    if (fn.returnsSet || fn.returnsComposite || fn.returnType === 'void' || fn.returnType === 'trigger') continue;
    const names = inflector(Boolean(directiveOf(cache.schemaComments?.get(fn.schema)).inflect_names));
    const name = names.field(fn.name);
    const args = new Map<string, { name: string; type: string; kind: ColumnKind; required: boolean }>();
    for (const arg of fn.args) {
      const argName = names.field(arg.name);
      if (isGraphqlName(argName) && !arg.variadic)
        args.set(argName, { name: arg.name, type: arg.type, kind: columnKind(arg.type, enums), required: !arg.hasDefault });
    }
    if (!isGraphqlName(name) || args.size !== fn.args.length || fields.has(name)) continue;
    fields.set(name, { fn, returns: columnKind(fn.returnType, enums), args, mutation: fn.volatility === 'volatile' });
  }
  return fields;
}

/** The fields of Query or Mutation the functions make, given how a column's kind is typed. */
export function functionFieldConfigs(
  functions: Map<string, FunctionField>,
  mutation: boolean,
  typeOf: (kind: ColumnKind) => GraphQLOutputType & GraphQLInputType,
): GraphQLFieldConfigMap<unknown, unknown> {
  const configs: GraphQLFieldConfigMap<unknown, unknown> = {};
  for (const [name, field] of functions) {
    if (field.mutation !== mutation) continue;
    configs[name] = {
      type: typeOf(field.returns),
      args: Object.fromEntries(
        [...field.args].map(([argName, arg]) => [
          argName,
          { type: arg.required ? new GraphQLNonNull(typeOf(arg.kind)) : typeOf(arg.kind) },
        ]),
      ),
    };
  }
  return configs;
}

/** The call, arguments by name (a left-out one takes its default), its value as its JSON answers it. */
export function functionCallSql(field: FunctionField, args: Record<string, unknown>, params: Params): string {
  const passed = [...field.args]
    .filter(([argName]) => args[argName] !== undefined)
    .map(([argName, arg]) => {
      const value = args[argName];
      return `${ident(arg.name)} => ${params.add(Array.isArray(value) ? value.map(asText) : asText(value), arg.type)}`;
    });
  const call = `${qualified(field.fn.schema, field.fn.name)}(${passed.join(', ')})`;
  const scalar = typeof field.returns.scalar === 'string' ? field.returns.scalar : undefined;
  return scalar && AS_TEXT.has(scalar) ? `${call}::text${field.returns.list && scalar !== 'JSON' ? '[]' : ''}` : call;
}

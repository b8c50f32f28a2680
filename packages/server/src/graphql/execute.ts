/**
 * A GraphQL request from text to answer: parsed, validated (graphql-js's rules and pg_graphql's
 * depth limit), planned into SQL, run in one transaction as the request's role, and the rows'
 * JSON shaped by graphql-js's execution (which answers `__typename` and introspection).
 */
import type pg from 'pg';
import {
  defaultFieldResolver,
  type DocumentNode,
  execute,
  type FieldNode,
  type FragmentDefinitionNode,
  getOperationAST,
  getVariableValues,
  GraphQLError as JsGraphqlError,
  type GraphQLFieldResolver,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  validate,
} from 'graphql';
import { preparedStatement } from '../rest/prepared-statements.ts';
import { GraphqlError } from './errors.ts';
import type { Reflected } from './model.ts';
import { functionCallSql } from './functions.ts';
import { mutationPlan, type MutationPlan } from './mutations.ts';
import { connectionSql, jsonObjectSql, nodeLookupSql } from './sql-collection.ts';
import { argumentsOf, type Operation, rootFields, Statement } from './select.ts';

/** pg_graphql's MAX_SELECTION_DEPTH. */
const MAX_DEPTH = 32;

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** What a request asks the database, planned before its transaction starts. */
export type Planned =
  | { kind: 'answered'; body: unknown }
  | { kind: 'query'; sql?: { text: string; values: unknown[] }; finish: (data: Record<string, unknown>) => Promise<unknown> }
  | { kind: 'mutation'; plans: [string, MutationPlan][]; finish: (data: Record<string, unknown>) => Promise<unknown> };

const errorsOf = (errors: readonly { message: string }[]) => ({ data: null, errors: errors.map(({ message }) => ({ message })) });

export function plan(reflected: Reflected, request: GraphqlRequest): Planned {
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    if (error instanceof JsGraphqlError) return { kind: 'answered', body: errorsOf([error]) };
    throw error;
  }
  const invalid = validate(reflected.schema, document);
  if (invalid.length) return { kind: 'answered', body: errorsOf(invalid) };
  const fragments = Object.fromEntries(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const operationNode = getOperationAST(document, request.operationName);
  if (!operationNode) return { kind: 'answered', body: errorsOf([{ message: 'Operation not found' }]) };
  if (depthOf(operationNode.selectionSet, fragments, new Set()) > MAX_DEPTH)
    return { kind: 'answered', body: errorsOf([{ message: `Query selection depth exceeds the maximum allowed depth of ${MAX_DEPTH}` }]) };
  const coerced = getVariableValues(reflected.schema, operationNode.variableDefinitions ?? [], request.variables ?? {});
  if (coerced.errors) return { kind: 'answered', body: errorsOf(coerced.errors) };
  const operation: Operation = { reflected, fragments, variables: coerced.coerced };
  const finish = (data: Record<string, unknown>) => shape(reflected, document, request, data);
  if (operationNode.operation === 'subscription') throw new GraphqlError('Subscriptions are not supported');
  if (operationNode.operation === 'mutation') return { kind: 'mutation', plans: planMutations(operation, operationNode), finish };
  const statement = new Statement(operation);
  const queryType = reflected.schema.getQueryType()!;
  const pairs: [string, string][] = [];
  for (const [key, nodes] of rootFields(operation, queryType, operationNode.selectionSet)) {
    const name = nodes[0]!.name.value;
    const table = reflected.collections.get(name);
    const fn = reflected.functions.get(name);
    if (table) pairs.push([key, connectionSql(statement, table, nodes, queryType)]);
    else if (fn) pairs.push([key, functionCallSql(fn, argumentsOf(queryType, nodes[0]!, operation), statement.params)]);
    else if (name === 'node')
      pairs.push([key, nodeLookupSql(statement, argumentsOf(queryType, nodes[0]!, operation).nodeId as string, nodes)]);
  }
  // Introspection alone asks the database nothing.
  const sql = pairs.length ? { text: `select ${jsonObjectSql(statement, pairs)} as body`, values: statement.params.values } : undefined;
  return { kind: 'query', sql, finish };
}

function planMutations(operation: Operation, node: OperationDefinitionNode): [string, MutationPlan][] {
  const mutationType = operation.reflected.schema.getMutationType()!;
  const plans: [string, MutationPlan][] = [];
  for (const [key, nodes] of rootFields(operation, mutationType, node.selectionSet)) {
    const name = nodes[0]!.name.value;
    const mutation = operation.reflected.mutations.get(name);
    const fn = operation.reflected.functions.get(name);
    if (mutation) plans.push([key, mutationPlan(new Statement(operation), mutation.kind, mutation.table, nodes, mutationType)]);
    else if (fn) {
      const statement = new Statement(operation);
      const call = functionCallSql(fn, argumentsOf(mutationType, nodes[0]!, operation), statement.params);
      plans.push([key, { sql: `select to_json(${call}) as body`, values: statement.params.values, kind: 'call' }]);
    }
  }
  return plans;
}

/** Runs a planned query or mutation on the request's transaction; each mutation in document order. */
export async function run(client: pg.PoolClient, planned: Exclude<Planned, { kind: 'answered' }>): Promise<Record<string, unknown>> {
  if (planned.kind === 'query') {
    if (!planned.sql) return {};
    const { rows } = await client.query<{ body: Record<string, unknown> }>(preparedStatement(client, planned.sql.text, planned.sql.values));
    return rows[0]!.body;
  }
  const data: Record<string, unknown> = {};
  for (const [key, mutation] of planned.plans) {
    const { rows } = await client.query<{ count: string; body: unknown }>({ text: mutation.sql, values: mutation.values });
    // Thrown inside the transaction: nothing the request wrote stays.
    if (mutation.atMost !== undefined && Number(rows[0]!.count) > mutation.atMost)
      throw new GraphqlError(`${mutation.kind} impacts too many records`);
    data[key] = rows[0]!.body;
  }
  return data;
}

/** Fields read their value under their response key; introspection's own types resolve as graphql-js does. */
const byResponseKey: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) =>
  info.parentType.name.startsWith('__')
    ? defaultFieldResolver(source, args, context, info)
    : (source as Record<string, unknown> | null)?.[info.path.key as string];

async function shape(reflected: Reflected, document: DocumentNode, request: GraphqlRequest, data: Record<string, unknown>) {
  const result = await execute({
    schema: reflected.schema,
    document,
    rootValue: data,
    variableValues: request.variables ?? {},
    operationName: request.operationName ?? undefined,
    fieldResolver: byResponseKey,
  });
  return result.errors?.length
    ? { data: result.data ?? null, errors: result.errors.map(({ message }) => ({ message })) }
    : { data: result.data };
}

/** Selection depth, fragments followed (validation has refused cycles). */
function depthOf(selectionSet: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>): number {
  let deepest = 0;
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD) deepest = Math.max(deepest, 1 + depthOf((selection as FieldNode).selectionSet, fragments, seen));
    else if (selection.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, seen));
    else if (!seen.has(selection.name.value)) {
      const inner = new Set(seen).add(selection.name.value);
      deepest = Math.max(deepest, depthOf(fragments[selection.name.value]?.selectionSet, fragments, inner));
    }
  }
  return deepest;
}

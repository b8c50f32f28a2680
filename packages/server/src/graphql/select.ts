/**
 * Reading a validated operation: the fields each selection asks for (fragments and @skip/@include
 * applied, as graphql-js's execution collects them), their arguments, and the statement being
 * built, with its parameters and fresh table aliases.
 */
import {
  type FieldNode,
  type FragmentDefinitionNode,
  getArgumentValues,
  getDirectiveValues,
  GraphQLIncludeDirective,
  type GraphQLObjectType,
  type GraphQLSchema,
  GraphQLSkipDirective,
  isAbstractType,
  Kind,
  type SelectionSetNode,
} from 'graphql';
import { Params } from '../rest/sql-fragment.ts';
import type { Reflected } from './model.ts';

export interface Operation {
  reflected: Reflected;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

export class Statement {
  readonly params = new Params();
  #aliases = 0;

  constructor(readonly operation: Operation) {}

  alias(): string {
    return `g${this.#aliases++}`;
  }
}

/** The fields `nodes` select on `type`, by response key. */
export function subfields(operation: Operation, type: GraphQLObjectType, nodes: readonly FieldNode[]): Map<string, FieldNode[]> {
  const fields = new Map<string, FieldNode[]>();
  for (const node of nodes) if (node.selectionSet) collectInto(operation, type, node.selectionSet, fields, new Set());
  return fields;
}

export function rootFields(operation: Operation, type: GraphQLObjectType, selectionSet: SelectionSetNode): Map<string, FieldNode[]> {
  const fields = new Map<string, FieldNode[]>();
  collectInto(operation, type, selectionSet, fields, new Set());
  return fields;
}

function collectInto(
  operation: Operation,
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  fields: Map<string, FieldNode[]>,
  spread: Set<string>,
): void {
  const { schema } = operation.reflected;
  for (const selection of selectionSet.selections) {
    if (!included(operation, selection)) continue;
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      fields.set(key, [...(fields.get(key) ?? []), selection]);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (applies(schema, type, selection.typeCondition?.name.value)) collectInto(operation, type, selection.selectionSet, fields, spread);
    } else {
      const name = selection.name.value;
      const fragment = operation.fragments[name];
      if (spread.has(name) || !fragment || !applies(schema, type, fragment.typeCondition.name.value)) continue;
      spread.add(name);
      collectInto(operation, type, fragment.selectionSet, fields, spread);
    }
  }
}

function included(operation: Operation, node: Parameters<typeof getDirectiveValues>[1]): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, operation.variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, operation.variables)?.if !== false;
}

function applies(schema: GraphQLSchema, type: GraphQLObjectType, condition: string | undefined): boolean {
  if (!condition || condition === type.name) return true;
  const named = schema.getType(condition);
  return Boolean(named && isAbstractType(named) && schema.isSubType(named, type));
}

/** The arguments of a field, variables and defaults applied (validation has checked them). */
export function argumentsOf(type: GraphQLObjectType, node: FieldNode, operation: Operation): Record<string, unknown> {
  const field = type.getFields()[node.name.value]!;
  return getArgumentValues(field, node, operation.variables);
}

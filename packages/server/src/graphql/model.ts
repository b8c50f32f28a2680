/** What the reflected GraphQL schema says of each exposed table, for the SQL builders to read. */
import type { GraphQLSchema } from 'graphql';
import type { CachedColumn, CachedRelation } from '../rest/types.ts';
import type { FunctionField } from './functions.ts';
import type { ColumnKind } from './scalars.ts';

export interface ColumnField {
  kind: 'column';
  column: CachedColumn;
  type: ColumnKind;
}

/** A foreign key seen from one side: the target's `remote` columns equal this table's `local` ones, pairwise. */
export interface RelationField {
  kind: 'toOne' | 'toMany';
  target: TableModel;
  local: string[];
  remote: string[];
}

export type FieldModel = ColumnField | RelationField | { kind: 'nodeId' };

export interface TableModel {
  relation: CachedRelation;
  typeName: string;
  /** The table's primary key, or a view's `primary_key_columns` directive. */
  primaryKey: string[];
  maxRows: number;
  totalCount: boolean;
  /** By GraphQL field name. */
  fields: Map<string, FieldModel>;
  columns: Map<string, ColumnField>;
}

export type MutationKind = 'insert' | 'update' | 'delete';

export interface Reflected {
  schema: GraphQLSchema;
  /** By `schema.name` of the relation. */
  tables: Map<string, TableModel>;
  collections: Map<string, TableModel>;
  mutations: Map<string, { kind: MutationKind; table: TableModel }>;
  /** Functions as fields of Query (stable, immutable) or Mutation (volatile), by field name. */
  functions: Map<string, FunctionField>;
}

/** The key under which a node's JSON says which type it is (no GraphQL name has a space). */
export const TYPE_KEY = ' type';

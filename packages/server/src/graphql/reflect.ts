/**
 * The GraphQL schema of a project's exposed schemas, as pg_graphql reflects it, from the data
 * API's schema cache (built once per cache: a reload of the cache rebuilds it). A table (or a view
 * with `primary_key_columns`) is a Node type with its columns, its foreign keys both ways, a
 * connection to page through it and its mutations.
 */
import {
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  GraphQLEnumType,
  GraphQLInputObjectType,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  GraphQLSchema,
  GraphQLBoolean,
  GraphQLString,
  GraphQLID,
} from 'graphql';
import { qualifiedName, type SchemaCache } from '../rest/types.ts';
import { directiveOf } from './directives.ts';
import { functionFieldConfigs, functionFields } from './functions.ts';
import { FilterTypes, filterable } from './filter-types.ts';
import type { ColumnField, FieldModel, Reflected, TableModel } from './model.ts';
import { TYPE_KEY } from './model.ts';
import { collectionFieldName, inflector, isGraphqlName, toOneFieldName } from './names.ts';
import { columnKind, SCALARS, type ColumnKind } from './scalars.ts';

const DEFAULT_MAX_ROWS = 30;

const built = new WeakMap<SchemaCache, Reflected>();

export function reflect(cache: SchemaCache): Reflected {
  let reflected = built.get(cache);
  if (!reflected) {
    reflected = reflectFresh(cache);
    built.set(cache, reflected);
  }
  return reflected;
}

export const ORDER_BY_DIRECTION = new GraphQLEnumType({
  name: 'OrderByDirection',
  description: 'Defines a per-field sorting order',
  values: {
    AscNullsFirst: { description: 'Ascending order, nulls first' },
    AscNullsLast: { description: 'Ascending order, nulls last' },
    DescNullsFirst: { description: 'Descending order, nulls first' },
    DescNullsLast: { description: 'Descending order, nulls last' },
  },
});

const NODE = new GraphQLInterfaceType({
  name: 'Node',
  fields: { nodeId: { type: new GraphQLNonNull(GraphQLID), description: 'Retrieves a record by `ID`' } },
  resolveType: (value: Record<string, unknown>) => value[TYPE_KEY] as string,
});

const PAGE_INFO = new GraphQLObjectType({
  name: 'PageInfo',
  fields: {
    endCursor: { type: GraphQLString },
    hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean) },
    hasPreviousPage: { type: new GraphQLNonNull(GraphQLBoolean) },
    startCursor: { type: GraphQLString },
  },
});

const nonNull = <T extends GraphQLOutputType | GraphQLInputType>(type: T) => new GraphQLNonNull(type);

function tablesOf(cache: SchemaCache): Map<string, TableModel> {
  const tables = new Map<string, TableModel>();
  for (const relation of cache.relations.values()) {
    const schemaDirective = directiveOf(cache.schemaComments?.get(relation.schema));
    const directive = directiveOf(relation.comment);
    const names = inflector(Boolean(schemaDirective.inflect_names));
    const primaryKey = relation.primaryKey.length ? relation.primaryKey : (directive.primary_key_columns ?? []);
    const typeName = directive.name ?? names.type(relation.name);
    // pg_graphql reflects only what a row can be told apart in.
    if (!primaryKey.length || !isGraphqlName(typeName)) continue;
    if (!primaryKey.every((key) => relation.columns.some((column) => column.name === key))) continue;
    const columns = new Map<string, ColumnField>();
    for (const column of relation.columns) {
      const name = names.field(column.name);
      if (isGraphqlName(name) && name !== 'nodeId')
        columns.set(name, { kind: 'column', column, type: columnKind(column.type, cache.enums ?? new Map()) });
    }
    const fields = new Map<string, FieldModel>([['nodeId', { kind: 'nodeId' }], ...columns]);
    tables.set(qualifiedName(relation.schema, relation.name), {
      relation,
      typeName,
      primaryKey,
      maxRows: directive.max_rows ?? schemaDirective.max_rows ?? DEFAULT_MAX_ROWS,
      totalCount: Boolean(directive.totalCount?.enabled),
      fields,
      columns,
    });
  }
  // Foreign keys: to-one from the referencing table, to-many back from the referenced one.
  for (const key of cache.foreignKeys) {
    const from = tables.get(qualifiedName(key.from.schema, key.from.table));
    const to = tables.get(qualifiedName(key.to.schema, key.to.table));
    if (!from || !to) continue;
    const names = inflector(Boolean(directiveOf(cache.schemaComments?.get(key.from.schema)).inflect_names));
    const one = toOneFieldName(key.from.columns, key.to.table, names);
    if (isGraphqlName(one) && !from.fields.has(one))
      from.fields.set(one, { kind: 'toOne', target: to, local: key.from.columns, remote: key.to.columns });
    const many = collectionFieldName(from.typeName);
    if (!to.fields.has(many)) to.fields.set(many, { kind: 'toMany', target: from, local: key.to.columns, remote: key.from.columns });
  }
  return tables;
}

function reflectFresh(cache: SchemaCache): Reflected {
  const tables = tablesOf(cache);
  const filters = new FilterTypes();
  const enums = new Map<string, GraphQLEnumType>();
  const enumType = (type: string) => {
    let made = enums.get(type);
    if (!made) {
      const [schema, name] = type.includes('.') ? type.split('.') : ['', type];
      const names = inflector(Boolean(directiveOf(cache.schemaComments?.get(schema!.replaceAll('"', ''))).inflect_names));
      const labels = (cache.enums?.get(type) ?? []).filter(isGraphqlName);
      made = new GraphQLEnumType({
        name: names.type(name!.replaceAll('"', '')),
        values: Object.fromEntries(labels.map((label) => [label, { value: label }])),
      });
      enums.set(type, made);
    }
    return made;
  };
  const elementType = (kind: ColumnKind) => (typeof kind.scalar === 'string' ? SCALARS[kind.scalar] : enumType(kind.scalar.enumOf));
  const valueType = (kind: ColumnKind) => (kind.list ? new GraphQLList(elementType(kind)) : elementType(kind));
  const filterOf = (kind: ColumnKind) => {
    const element = elementType(kind);
    if (element instanceof GraphQLEnumType) return filters.enumFilter(element, kind.list);
    return typeof kind.scalar === 'string' && filterable(kind.scalar) ? filters.scalar(kind.scalar, element, kind.list) : undefined;
  };

  const objects = new Map<TableModel, GraphQLObjectType>();
  const connections = new Map<TableModel, GraphQLObjectType>();
  const filterInputs = new Map<TableModel, GraphQLInputObjectType>();
  const orderInputs = new Map<TableModel, GraphQLInputObjectType>();

  const collectionArgs = (table: TableModel): GraphQLFieldConfigArgumentMap => ({
    first: { type: GraphQLInt, description: 'Query the first `n` records in the collection' },
    last: { type: GraphQLInt, description: 'Query the last `n` records in the collection' },
    before: { type: SCALARS.Cursor, description: 'Query values in the collection before the provided cursor' },
    after: { type: SCALARS.Cursor, description: 'Query values in the collection after the provided cursor' },
    offset: {
      type: GraphQLInt,
      description: 'Skip n values from the after cursor. Alternative to cursor pagination. Backward pagination not supported.',
    },
    filter: { type: filterInputs.get(table)!, description: 'Filters to apply to the results set when querying from the collection' },
    orderBy: { type: new GraphQLList(nonNull(orderInputs.get(table)!)), description: 'Sort order to apply to the collection' },
  });

  for (const table of tables.values()) {
    const { typeName } = table;
    const object = new GraphQLObjectType({
      name: typeName,
      interfaces: [NODE],
      fields: () => {
        const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
        for (const [name, field] of table.fields) {
          if (field.kind === 'nodeId') fields[name] = { type: nonNull(GraphQLID), description: 'Globally Unique Record Identifier' };
          else if (field.kind === 'column') {
            const type = valueType(field.type);
            fields[name] = { type: field.column.nullable ? type : nonNull(type) };
          } else if (field.kind === 'toOne') {
            const nullable = field.local.some((local) => table.relation.columns.find((column) => column.name === local)?.nullable);
            const target = objects.get(field.target)!;
            fields[name] = { type: nullable ? target : nonNull(target) };
          } else fields[name] = { type: connections.get(field.target)!, args: collectionArgs(field.target) };
        }
        return fields;
      },
    });
    objects.set(table, object);
    const edge = new GraphQLObjectType({
      name: `${typeName}Edge`,
      fields: { cursor: { type: nonNull(GraphQLString) }, node: { type: nonNull(object) } },
    });
    connections.set(
      table,
      new GraphQLObjectType({
        name: `${typeName}Connection`,
        fields: {
          edges: { type: nonNull(new GraphQLList(nonNull(edge))) },
          pageInfo: { type: nonNull(PAGE_INFO) },
          ...(table.totalCount && {
            totalCount: { type: nonNull(GraphQLInt), description: 'The total number of records matching the `filter` criteria' },
          }),
        },
      }),
    );
    const filter: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: `${typeName}Filter`,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = {};
        for (const [name, column] of table.columns) {
          const type = filterOf(column.type);
          if (type) fields[name] = { type };
        }
        fields.nodeId = { type: filters.scalar('ID', GraphQLID, false)! };
        fields.and = {
          type: new GraphQLList(nonNull(filter)),
          description: 'Returns true only if all its inner filters are true, otherwise returns false',
        };
        fields.or = {
          type: new GraphQLList(nonNull(filter)),
          description: 'Returns true if at least one of its inner filters is true, otherwise returns false',
        };
        fields.not = { type: filter, description: 'Negates a filter' };
        return fields;
      },
    });
    filterInputs.set(table, filter);
    orderInputs.set(
      table,
      new GraphQLInputObjectType({
        name: `${typeName}OrderBy`,
        fields: () =>
          Object.fromEntries(
            [...table.columns].filter(([, column]) => !column.type.list).map(([name]) => [name, { type: ORDER_BY_DIRECTION }]),
          ),
      }),
    );
  }

  const writable = (table: TableModel) =>
    Object.fromEntries(
      [...table.columns].filter(([, field]) => !field.column.generated).map(([name, field]) => [name, { type: valueType(field.type) }]),
    );
  const response = (table: TableModel, suffix: string) =>
    new GraphQLObjectType({
      name: `${table.typeName}${suffix}Response`,
      fields: {
        affectedCount: { type: nonNull(GraphQLInt), description: 'Count of the records impacted by the mutation' },
        records: { type: nonNull(new GraphQLList(nonNull(objects.get(table)!))), description: 'Array of records impacted by the mutation' },
      },
    });
  const atMost = {
    type: nonNull(GraphQLInt),
    defaultValue: 1,
    description: 'The maximum number of records in the collection permitted to be affected',
  };
  const restricts = "Restricts the mutation's impact to records matching the criteria";

  const queryFields: GraphQLFieldConfigMap<unknown, unknown> = {};
  const mutationFields: GraphQLFieldConfigMap<unknown, unknown> = {};
  const collections = new Map<string, TableModel>();
  const mutations: Reflected['mutations'] = new Map();
  for (const table of tables.values()) {
    const { typeName } = table;
    const collection = collectionFieldName(typeName);
    collections.set(collection, table);
    queryFields[collection] = {
      type: connections.get(table)!,
      args: collectionArgs(table),
      description: `A pagable collection of type \`${typeName}\``,
    };
    const filter = { type: filterInputs.get(table)!, description: restricts };
    mutations.set(`insertInto${typeName}Collection`, { kind: 'insert', table });
    mutationFields[`insertInto${typeName}Collection`] = {
      type: response(table, 'Insert'),
      args: {
        objects: {
          type: nonNull(new GraphQLList(nonNull(new GraphQLInputObjectType({ name: `${typeName}InsertInput`, fields: writable(table) })))),
        },
      },
      description: `Adds one or more \`${typeName}\` records to the collection`,
    };
    mutations.set(`update${typeName}Collection`, { kind: 'update', table });
    mutationFields[`update${typeName}Collection`] = {
      type: nonNull(response(table, 'Update')),
      args: {
        set: {
          type: nonNull(new GraphQLInputObjectType({ name: `${typeName}UpdateInput`, fields: writable(table) })),
          description: 'Fields that are set will be updated for all records matching the `filter`',
        },
        filter,
        atMost,
      },
      description: `Updates zero or more records in the \`${typeName}\` collection`,
    };
    mutations.set(`deleteFrom${typeName}Collection`, { kind: 'delete', table });
    mutationFields[`deleteFrom${typeName}Collection`] = {
      type: nonNull(response(table, 'Delete')),
      args: { filter, atMost },
      description: `Deletes zero or more records from the \`${typeName}\` collection`,
    };
  }
  const functions = functionFields(cache);
  const taken = (name: string) => name in queryFields || name in mutationFields || name === 'node';
  for (const name of functions.keys()) if (taken(name)) functions.delete(name);
  Object.assign(queryFields, functionFieldConfigs(functions, false, valueType));
  Object.assign(mutationFields, functionFieldConfigs(functions, true, valueType));
  queryFields.node = {
    type: NODE,
    args: { nodeId: { type: nonNull(GraphQLID), description: "The record's `ID`" } },
    description: 'Retrieve a record by its `ID`',
  };

  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', description: 'The root type for querying data', fields: queryFields }),
    ...(Object.keys(mutationFields).length && {
      mutation: new GraphQLObjectType({
        name: 'Mutation',
        description: 'The root type for creating and mutating data',
        fields: mutationFields,
      }),
    }),
    types: [...objects.values()],
  });
  return { schema, tables, collections, mutations, functions };
}

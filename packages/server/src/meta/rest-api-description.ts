import type { ApiRestDescription, PgColumn, PgFunction, PgMaterializedView, PgTable, PgView } from '@basin/core/schemas';
import type { SchemaSnapshot } from './schema-snapshot.ts';

type Relation = PgTable | PgView | PgMaterializedView;

/**
 * The project's API described as PostgREST does (Swagger 2.0): a definition per exposed table and
 * view, `/{table}` paths with row filters, and `/rpc/{fn}` paths whose body lists the arguments.
 * Names outside the first exposed schema carry their schema: `other.table`.
 */
export function describeRestApi(snapshot: SchemaSnapshot, projectName: string): ApiRestDescription {
  const [first] = snapshot.schemas;
  const key = (item: { schema: string; name: string }) => (item.schema === first ? item.name : `${item.schema}.${item.name}`);
  const definitions: ApiRestDescription['definitions'] = {};
  const parameters: Record<string, unknown> = { ...SHARED_PARAMETERS };
  const paths: ApiRestDescription['paths'] = { '/': INTROSPECTION_PATH };

  const relations: Relation[] = [...snapshot.tables, ...snapshot.views, ...snapshot.materializedViews];
  for (const relation of relations) {
    const name = key(relation);
    const columns = relation.columns ?? [];
    definitions[name] = definition(snapshot, relation, columns);
    for (const column of columns) {
      parameters[`rowFilter.${name}.${column.name}`] = {
        name: column.name,
        description: columnDescription(relation, column),
        required: false,
        in: 'query',
        type: 'string',
        format: formatOf(snapshot, column.type_id),
      };
    }
    parameters[`body.${name}`] = { name, description: name, required: false, in: 'body', schema: { $ref: `#/definitions/${name}` } };
    paths[`/${name}`] = relationPath(
      name,
      columns,
      relation.comment,
      'primary_keys' in relation || ('is_updatable' in relation && relation.is_updatable),
    );
  }
  const overloads = new Map<string, PgFunction[]>();
  for (const fn of snapshot.functions) {
    if (fn.return_type === 'trigger' || fn.return_type === 'event_trigger') continue;
    overloads.set(key(fn), [...(overloads.get(key(fn)) ?? []), fn]);
  }
  for (const [name, fns] of overloads) paths[`/rpc/${name}`] = rpcPath(snapshot, name, fns);
  return {
    swagger: '2.0',
    info: { title: `${projectName}: ${snapshot.schemas.join(', ')}`, description: 'Generated from the exposed schemas', version: '1' },
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    produces: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    paths,
    definitions,
    parameters,
  };
}

const ref = (name: string) => ({ $ref: `#/parameters/${name}` });

const SHARED_PARAMETERS = {
  preferParams: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['params=single-object'],
    in: 'header',
    type: 'string',
  },
  preferReturn: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['return=representation', 'return=minimal', 'return=none'],
    in: 'header',
    type: 'string',
  },
  preferCount: { name: 'Prefer', description: 'Preference', required: false, enum: ['count=none'], in: 'header', type: 'string' },
  preferPost: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    in: 'header',
    type: 'string',
    enum: ['return=representation', 'return=minimal', 'return=none', 'resolution=ignore-duplicates', 'resolution=merge-duplicates'],
  },
  select: { name: 'select', description: 'Filtering Columns', required: false, in: 'query', type: 'string' },
  on_conflict: { name: 'on_conflict', description: 'On Conflict', required: false, in: 'query', type: 'string' },
  order: { name: 'order', description: 'Ordering', required: false, in: 'query', type: 'string' },
  range: { name: 'Range', description: 'Limiting and Pagination', required: false, in: 'header', type: 'string' },
  rangeUnit: {
    name: 'Range-Unit',
    description: 'Limiting and Pagination',
    required: false,
    default: 'items',
    in: 'header',
    type: 'string',
  },
  offset: { name: 'offset', description: 'Limiting and Pagination', required: false, in: 'query', type: 'string' },
  limit: { name: 'limit', description: 'Limiting and Pagination', required: false, in: 'query', type: 'string' },
};

const INTROSPECTION_PATH = {
  get: {
    tags: ['Introspection'],
    summary: 'OpenAPI description (this document)',
    produces: ['application/openapi+json', 'application/json'],
    responses: { 200: { description: 'OK' } },
  },
};

/** PostgREST's notes on keys, which the docs panel reads to label columns. */
function columnDescription(relation: Relation, column: PgColumn): string | undefined {
  const notes: string[] = [];
  if ('primary_keys' in relation && relation.primary_keys.some((k) => k.name === column.name)) notes.push('This is a Primary Key.<pk/>');
  const foreign =
    'relationships' in relation
      ? relation.relationships.find(
          (r) => r.source_schema === relation.schema && r.source_table_name === relation.name && r.source_column_name === column.name,
        )
      : undefined;
  if (foreign)
    notes.push(
      `This is a Foreign Key to \`${foreign.target_table_name}.${foreign.target_column_name}\`.<fk table='${foreign.target_table_name}' column='${foreign.target_column_name}'/>`,
    );
  const note = notes.length ? `Note:\n${notes.join('\n')}` : '';
  return [column.comment, note].filter(Boolean).join('\n\n') || undefined;
}

function formatOf(snapshot: SchemaSnapshot, typeId: number): string {
  return snapshot.typeNames.get(typeId)?.display ?? 'unknown';
}

/** Swagger's type for a Postgres type; json and jsonb have none (any JSON value). */
function swaggerType(snapshot: SchemaSnapshot, typeId: number): Record<string, unknown> {
  const type = snapshot.typeNames.get(typeId);
  if (!type) return { type: 'string' };
  if (type.element_id !== null) return { type: 'array', items: swaggerType(snapshot, type.element_id) };
  if (type.name === 'json' || type.name === 'jsonb') return {};
  if (type.name === 'bool') return { type: 'boolean' };
  if (['int2', 'int4', 'int8'].includes(type.name)) return { type: 'integer' };
  if (['numeric', 'float4', 'float8'].includes(type.name)) return { type: 'number' };
  return { type: 'string' };
}

function definition(snapshot: SchemaSnapshot, relation: Relation, columns: PgColumn[]): ApiRestDescription['definitions'][string] {
  const properties = Object.fromEntries(
    columns.map((column) => {
      const description = columnDescription(relation, column);
      return [
        column.name,
        {
          ...(description ? { description } : {}),
          format: formatOf(snapshot, column.type_id),
          ...swaggerType(snapshot, column.type_id),
          ...(column.enums.length ? { enum: column.enums } : {}),
        },
      ];
    }),
  );
  const required = columns
    .filter((c) => !c.is_nullable && c.default_value === null && !c.is_identity && !c.is_generated)
    .map((c) => c.name);
  return {
    type: 'object',
    ...(relation.comment ? { description: relation.comment } : {}),
    ...(required.length ? { required } : {}),
    properties,
  };
}

function relationPath(name: string, columns: PgColumn[], comment: string | null, writable: boolean): Record<string, unknown> {
  const filters = columns.map((c) => ref(`rowFilter.${name}.${c.name}`));
  const common = { tags: [name], ...(comment ? { summary: comment } : {}) };
  const get = {
    ...common,
    parameters: [...filters, ref('select'), ref('order'), ref('range'), ref('rangeUnit'), ref('offset'), ref('limit'), ref('preferCount')],
    responses: {
      200: { description: 'OK', schema: { type: 'array', items: { $ref: `#/definitions/${name}` } } },
      206: { description: 'Partial Content' },
    },
  };
  if (!writable) return { get };
  return {
    get,
    post: {
      ...common,
      parameters: [ref(`body.${name}`), ref('select'), ref('preferPost')],
      responses: { 201: { description: 'Created' } },
    },
    patch: {
      ...common,
      parameters: [...filters, ref(`body.${name}`), ref('preferReturn')],
      responses: { 204: { description: 'No Content' } },
    },
    delete: { ...common, parameters: [...filters, ref('preferReturn')], responses: { 204: { description: 'No Content' } } },
  };
}

/** Overloads share one path: every argument any of them takes, required when all of them require it. */
function rpcPath(snapshot: SchemaSnapshot, name: string, overloads: PgFunction[]): Record<string, unknown> {
  const inputsOf = (fn: PgFunction) => fn.args.filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic');
  const inputs = [...new Map(overloads.flatMap(inputsOf).map((a) => [a.name, a])).values()];
  const requiredByAll = (argName: string) => overloads.every((fn) => inputsOf(fn).some((a) => a.name === argName && !a.has_default));
  const properties = Object.fromEntries(
    inputs.map((a) => [a.name, { format: formatOf(snapshot, a.type_id), ...swaggerType(snapshot, a.type_id) }]),
  );
  const required = inputs.filter((a) => requiredByAll(a.name)).map((a) => a.name);
  const comment = overloads.find((fn) => fn.comment)?.comment;
  const common = { tags: [`(rpc) ${name}`], ...(comment ? { summary: comment } : {}), responses: { 200: { description: 'OK' } } };
  const body = { name: 'args', required: true, in: 'body', schema: { type: 'object', required, properties } };
  const query = inputs.map((a) => ({
    name: a.name,
    required: requiredByAll(a.name),
    in: 'query',
    format: formatOf(snapshot, a.type_id),
    ...swaggerType(snapshot, a.type_id),
  }));
  return {
    get: { ...common, parameters: query },
    post: { ...common, produces: ['application/json', 'application/vnd.pgrst.object+json'], parameters: [body, ref('preferParams')] },
  };
}

/**
 * What the data API knows of each project's exposed schemas (types.ts SchemaCache), read from
 * the catalogs with the platform's introspection (meta/schema-snapshot.ts) and kept until
 * something says it changed:
 * - the platform itself after a SQL editor run, a change of the exposed schemas, or a lifecycle
 *   operation (which closes it with the pool, pool.ts);
 * - a member, with `NOTIFY pgrst, 'reload schema'` (schema-listener.ts);
 * - a request naming a relation, function or column the cache lacks (reloadOnMiss), at most once
 *   a second per project. That stands in for PostgREST's DDL event trigger, which Basin cannot
 *   install: pg_dump dumps event triggers, and major upgrades load dumps as a login that is no
 *   superuser (instances/loader-role.ts), which may not create them.
 */
import type { SessionLogin } from '../instances/types.ts';
import { withCatalogPair } from '../meta/catalog-pool.ts';
import type { PgForeignTable } from '../meta/relations.ts';
import { readSchemaSnapshot, type SchemaSnapshot, type WithColumns } from '../meta/schema-snapshot.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { superuserLogin, dataApiLogin } from '../services/projects/project-instance.ts';
import { exposedSchemas } from '../store/project-api-settings.ts';
import type { ProjectRow } from '../store/projects.ts';
import { RestError } from './errors.ts';
import { formattedTypeName } from './sql-fragment.ts';
import { readSchemaLinks, type SchemaLinks } from './schema-links.ts';
import { SchemaListener } from './schema-listener.ts';
import { type RelationById, viewForeignKeys } from './view-keys.ts';
import { type CachedColumn, type CachedFunction, type CachedRelation, type ForeignKey, qualifiedName, type SchemaCache } from './types.ts';

const RELOAD_ON_MISS_EVERY_MS = 1_000;

interface ProjectSchema {
  /** The listener's login, and as text: an instance that moved gets a new entry. */
  login: SessionLogin;
  key: string;
  listener: SchemaListener;
  /** Shared by every caller while it loads; undefined once invalidated. */
  cache?: Promise<SchemaCache>;
  reloadedAt: number;
}

const projects = new Map<string, ProjectSchema>();

export function schemaCache(ctx: PlatformContext, project: ProjectRow): Promise<SchemaCache> {
  const entry = entryFor(ctx, project);
  if (entry.cache) return entry.cache;
  const cache = load(ctx, project, entry);
  entry.cache = cache;
  // A failed load is not kept: the next request tries again.
  cache.catch(() => {
    if (entry.cache === cache) entry.cache = undefined;
  });
  return cache;
}

/** The next request reads the catalogs again. */
export function invalidateSchemaCache(ref: string): void {
  const entry = projects.get(ref);
  if (entry) entry.cache = undefined;
}

/**
 * For a request that named something the cache lacks: a fresh cache, unless one was asked for
 * less than a second ago; then the cache loaded since (the caller may find the thing in it).
 */
export function reloadOnMiss(ctx: PlatformContext, project: ProjectRow): Promise<SchemaCache> {
  const entry = entryFor(ctx, project);
  if (Date.now() - entry.reloadedAt >= RELOAD_ON_MISS_EVERY_MS) {
    entry.reloadedAt = Date.now();
    entry.cache = undefined;
  }
  return schemaCache(ctx, project);
}

/** Forgets the project's cache and stops its listener. */
export async function closeSchemaCache(ref: string): Promise<void> {
  const entry = projects.get(ref);
  projects.delete(ref);
  await entry?.listener.close();
}

export async function closeAllSchemaCaches(): Promise<void> {
  await Promise.all([...projects.keys()].map(closeSchemaCache));
}

function entryFor(ctx: PlatformContext, project: ProjectRow): ProjectSchema {
  const login = dataApiLogin(ctx, project);
  const current = projects.get(project.ref);
  // The same login object (the same project row) is the usual case; a newer row compares as text.
  if (current?.login === login) return current;
  const key = JSON.stringify(login);
  if (current?.key === key) return Object.assign(current, { login });
  void current?.listener.close();
  const entry: ProjectSchema = { login, key, listener: new SchemaListener(login, () => invalidateSchemaCache(project.ref)), reloadedAt: 0 };
  projects.set(project.ref, entry);
  return entry;
}

/** PostgREST's answer while it cannot read its schema cache: 503 PGRST002 (the cause goes to the log). */
async function load(ctx: PlatformContext, project: ProjectRow, entry: ProjectSchema): Promise<SchemaCache> {
  // Listening before reading: a change made after the read is always heard.
  await entry.listener.ready;
  const schemas = await exposedSchemas(ctx.db, project.ref);
  try {
    return await withCatalogPair(project.ref, superuserLogin(ctx, project), async (pair) => {
      const snapshot = await readSchemaSnapshot(pair, schemas);
      return cacheOf(snapshot, await readSchemaLinks(pair[0], schemas));
    });
  } catch (error) {
    ctx.logger.warn({ err: error, ref: project.ref }, 'could not read the schema cache');
    throw new RestError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.');
  }
}

function cacheOf(snapshot: SchemaSnapshot, links: SchemaLinks): SchemaCache {
  const relations = new Map<string, CachedRelation>();
  const add = (kind: CachedRelation['kind'], list: WithColumns<PgForeignTable>[], primaryKeys = new Map<number, string[]>()) => {
    for (const relation of list) {
      relations.set(qualifiedName(relation.schema, relation.name), {
        schema: relation.schema,
        name: relation.name,
        kind,
        columns: relation.columns.map((column) => ({
          name: column.name,
          type: column.formatted_type,
          nullable: column.is_nullable,
          hasDefault: column.default_value !== null || column.is_identity,
          generated: column.is_generated,
        })),
        primaryKey: primaryKeys.get(relation.id) ?? [],
        ...(relation.comment ? { comment: relation.comment } : {}),
      });
    }
  };
  add('table', snapshot.tables, new Map(snapshot.tables.map((table) => [table.id, table.primary_keys.map((key) => key.name)])));
  add('view', snapshot.views);
  add('materialized_view', snapshot.materializedViews);
  add('foreign_table', snapshot.foreignTables);
  const keys = foreignKeysOf(snapshot);
  return {
    schemas: snapshot.schemas,
    relations,
    foreignKeys: [...keys, ...viewForeignKeys(keys, relationsById(snapshot), links.views)],
    computedRelationships: links.computed,
    functions: functionsOf(snapshot),
    enums: new Map(
      snapshot.types.filter((type) => type.enums.length).map((type) => [formattedTypeName(type.schema, type.name), type.enums]),
    ),
    schemaComments: new Map(Object.entries(links.schemaComments)),
  };
}

function relationsById(snapshot: SchemaSnapshot): RelationById[] {
  return [...snapshot.tables, ...snapshot.views, ...snapshot.materializedViews, ...snapshot.foreignTables].map((relation) => ({
    id: relation.id,
    schema: relation.schema,
    name: relation.name,
    columns: new Map(relation.columns.map((column) => [column.ordinal_position, column.name])),
  }));
}

/** The snapshot lists each foreign key under both its tables, one row per column pair, in key order. */
function foreignKeysOf(snapshot: SchemaSnapshot): ForeignKey[] {
  const keys = new Map<number, ForeignKey>();
  for (const table of snapshot.tables) {
    const readHere = new Set<number>();
    for (const pair of table.relationships) {
      let key = keys.get(pair.id);
      if (key && !readHere.has(pair.id)) continue; // read under its other table
      if (!key) {
        key = {
          name: pair.constraint_name,
          from: { schema: pair.source_schema, table: pair.source_table_name, columns: [] },
          to: { schema: pair.target_table_schema, table: pair.target_table_name, columns: [] },
        };
        keys.set(pair.id, key);
        readHere.add(pair.id);
      }
      key.from.columns.push(pair.source_column_name);
      key.to.columns.push(pair.target_column_name);
    }
  }
  return [...keys.values()];
}

const INPUT_MODES = new Set(['in', 'inout', 'variadic']);
const OUTPUT_MODES = new Set(['out', 'inout', 'table']);

function functionsOf(snapshot: SchemaSnapshot): Map<string, CachedFunction[]> {
  // Domains read as their base type (type-names.ts): a value of the base type converts implicitly.
  const typeName = (id: number) => snapshot.typeNames.get(id)?.display ?? 'unknown';
  const resultColumn = (name: string, typeId: number): CachedColumn => ({
    name,
    type: typeName(typeId),
    nullable: true,
    hasDefault: false,
    generated: false,
  });
  const compositeTypes = new Map(snapshot.types.map((type) => [type.id, type]));
  const functions = new Map<string, CachedFunction[]>();
  for (const fn of snapshot.functions) {
    const returned = snapshot.typeNames.get(fn.return_type_id);
    const rowType = returned?.typtype === 'c' ? returned : undefined;
    const outputs = fn.args.filter((arg) => OUTPUT_MODES.has(arg.mode));
    const cached: CachedFunction = {
      schema: fn.schema,
      name: fn.name,
      args: fn.args
        .filter((arg) => INPUT_MODES.has(arg.mode))
        .map((arg) => ({ name: arg.name, type: typeName(arg.type_id), hasDefault: arg.has_default, variadic: arg.mode === 'variadic' })),
      returnType: fn.return_type,
      returnsSet: fn.is_set_returning_function,
      ...(rowType ? { returnsRelation: { schema: rowType.schema, name: rowType.name } } : {}),
      returnsComposite: Boolean(rowType) || outputs.length > 0,
      // A table's or view's row: its relation's columns; a composite type's: its attributes.
      resultColumns: outputs.length
        ? outputs.map((arg) => resultColumn(arg.name, arg.type_id))
        : (compositeTypes.get(rowType?.id ?? -1)?.attributes ?? []).map((attribute) => resultColumn(attribute.name, attribute.type_id)),
      volatility: fn.behavior.toLowerCase() as CachedFunction['volatility'],
    };
    const key = qualifiedName(fn.schema, fn.name);
    functions.set(key, [...(functions.get(key) ?? []), cached]);
  }
  return functions;
}

/**
 * Gathers what the assistant's instructions may tell about a project, no more than the
 * organization's opt-in level allows: nothing at 'disabled'; the schema from Basin's own
 * introspection and the advisors' findings at 'schema'; recent errors of the logs too at
 * 'schema_and_log' and above. A part that cannot be read (the database is paused) is left out.
 */
import { AI_OPT_IN_LEVELS, type AiOptInLevel, type PgMaterializedView, type PgTable, type PgView } from '@basin/core/schemas';
import { projectLints } from '../services/observability/advisors.ts';
import { HttpError } from '../kernel/errors.ts';
import type { CatalogPair } from '../meta/catalog-pool.ts';
import { withProjectCatalogPair } from '../services/projects/project-catalog.ts';
import { listFunctions } from '../meta/functions.ts';
import { everything } from '../meta/list-filter.ts';
import { listRelations, type RelationKind } from '../meta/relations.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { exposedSchemas } from '../store/project-api-settings.ts';
import type { ProjectRow } from '../store/projects.ts';
import { recentErrors } from '../store/recent-errors.ts';
import type { LintLine, ProjectContext, SchemaRelation } from './prompt.ts';

const ERRORS_PER_SOURCE = 5;

const atLeast = (level: AiOptInLevel, wanted: AiOptInLevel) => AI_OPT_IN_LEVELS.indexOf(level) >= AI_OPT_IN_LEVELS.indexOf(wanted);

export async function gatherProjectContext(
  ctx: PlatformContext,
  project: ProjectRow,
  userId: string,
  level: AiOptInLevel,
  focus: ProjectContext['focus'],
): Promise<ProjectContext> {
  const schemas = await exposedSchemas(ctx.db, project.ref);
  const base: ProjectContext = {
    level,
    project: { name: project.name, ref: project.ref, postgresVersion: project.server_version || project.postgres_major },
    exposedSchemas: schemas,
    focus,
    databaseRunning: project.status === 'ACTIVE_HEALTHY',
  };
  if (!atLeast(level, 'schema')) return base;

  const read = [...new Set([...schemas, focus.schema])];
  const optional = <T>(what: string, reading: Promise<T>) => readable(ctx, project.ref, what, reading);
  const [snapshot, lints, logs] = await Promise.all([
    optional(
      'schema',
      withProjectCatalogPair(ctx, project.ref, userId, (pair: CatalogPair) => readSchema(pair, read)),
    ),
    optional('lints', projectLints(ctx, project.ref, userId, false)),
    atLeast(level, 'schema_and_log') ? optional('logs', recentErrors(ctx.db, project.ref, ERRORS_PER_SOURCE)) : undefined,
  ]);
  return {
    ...base,
    databaseRunning: base.databaseRunning && snapshot !== undefined,
    relations: snapshot?.relations,
    functions: snapshot?.functions,
    lints: lints && lintLines(lints),
    logs,
  };
}

interface AssistantSchema {
  relations: SchemaRelation[];
  functions: string[];
}

/**
 * Relations with their columns, keys and relationships, one catalog query per kind (the pg-meta
 * queries), tables on one session while the other reads views, materialized views and functions.
 */
async function readSchema([first, second]: CatalogPair, schemas: string[]): Promise<AssistantSchema> {
  const filter = everything(schemas);
  const relations = async <T>(client: CatalogPair[number], kind: RelationKind) =>
    JSON.parse((await listRelations(client, kind, filter, true)).json) as T[];
  const [tables, others] = await Promise.all([
    relations<PgTable>(first, 'tables'),
    (async () => ({
      views: await relations<PgView>(second, 'views'),
      materializedViews: await relations<PgMaterializedView>(second, 'materialized-views'),
      functions: (await listFunctions(second, filter)).rows,
    }))(),
  ]);
  return {
    relations: [
      ...tables.map((table) => describeRelation(table, 'table', table)),
      ...others.views.map((view) => describeRelation(view, 'view')),
      ...others.materializedViews.map((view) => describeRelation(view, 'materialized view')),
    ],
    functions: others.functions.map((fn) => `${fn.schema}.${fn.name}(${fn.argument_types}) returns ${fn.return_type}`),
  };
}

/**
 * undefined when it cannot be read: the project is not running (409 from the catalog readers),
 * or anything else went wrong (logged); the turn goes on without it.
 */
async function readable<T>(ctx: PlatformContext, ref: string, what: string, reading: Promise<T>): Promise<T | undefined> {
  try {
    return await reading;
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 409))
      ctx.logger.warn({ err: error, ref }, `assistant context: could not read the ${what}`);
    return undefined;
  }
}

function lintLines(lints: Awaited<ReturnType<typeof projectLints>>): LintLine[] {
  const order = { ERROR: 0, WARNING: 1, INFO: 2 } as const;
  return lints
    .filter((lint) => !lint.acknowledged && lint.level !== 'INFO')
    .sort((a, b) => order[a.level] - order[b.level])
    .map((lint) => ({ level: lint.level, title: lint.title, detail: lint.detail }));
}

type Described = Pick<PgView, 'schema' | 'name' | 'comment' | 'columns'>;

function describeRelation(relation: Described, kind: SchemaRelation['kind'], table?: PgTable): SchemaRelation {
  const keys = new Set(table?.primary_keys.map((key) => key.name));
  return {
    schema: relation.schema,
    name: relation.name,
    kind,
    rlsEnabled: table?.rls_enabled,
    comment: relation.comment,
    columns: (relation.columns ?? []).map((column) => ({
      name: column.name,
      // information_schema's words for built-in types, the type's own name for enums, domains and arrays
      type: column.data_type === 'USER-DEFINED' || column.data_type === 'ARRAY' ? column.format : column.data_type,
      nullable: column.is_nullable,
      defaultValue: column.default_value,
      primaryKey: keys.has(column.name),
      unique: column.is_unique,
    })),
    foreignKeys: (table?.relationships ?? [])
      .filter((fk) => fk.source_schema === relation.schema && fk.source_table_name === relation.name)
      .map((fk) => `${fk.source_column_name} → ${fk.target_table_schema}.${fk.target_table_name}.${fk.target_column_name}`),
  };
}

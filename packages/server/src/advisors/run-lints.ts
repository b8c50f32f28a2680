/**
 * Runs every lint of one project: the catalog queries in one superuser session on its instance,
 * the platform rules on the facts gathered beside them.
 */
import { LINTS, lintCacheKey, type LintName } from '@basin/core';
import type { Lint } from '@basin/core/schemas';
import type pg from 'pg';
import { newestInstalled, readServerFacts } from '../instances/server-facts.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { instanceSpec } from '../services/projects/project-instance.ts';
import * as authSettings from '../store/auth-settings.ts';
import * as edgeLogs from '../store/edge-logs.ts';
import { exposedSchemas } from '../store/project-api-settings.ts';
import type { ProjectRow } from '../store/projects.ts';
import { CATALOG_LINT_NAMES, CATALOG_LINT_QUERIES, type CatalogFinding } from './catalog-lints.ts';
import { platformFindings, type PlatformFacts } from './platform-lints.ts';

/** A finding before the project's acknowledgements are applied. */
export type LintItem = Omit<Lint, 'acknowledged'>;

const SESSION_TIMEOUT_MS = 30_000;
const INVALID_PASSWORD = '28P01';

function lintItem(name: LintName, detail: string, metadata: Lint['metadata'], object: string | null): LintItem {
  const lint = LINTS[name];
  return {
    name,
    title: lint.title,
    level: lint.level,
    facing: 'EXTERNAL',
    categories: [lint.category],
    description: lint.description,
    detail,
    remediation: lint.remediation,
    metadata,
    cache_key: lintCacheKey(name, metadata.schema, object),
  };
}

interface InstanceReading {
  catalog: { name: LintName; finding: CatalogFinding }[];
  ssl: boolean;
  serverVersionNum: number;
}

async function readInstance(client: pg.Client, schemas: string[]): Promise<InstanceReading> {
  const { ssl, serverVersionNum } = await readServerFacts(client);
  const catalog: InstanceReading['catalog'] = [];
  for (const name of CATALOG_LINT_NAMES) {
    const sql = CATALOG_LINT_QUERIES[name];
    const result = await client.query<CatalogFinding>(sql, sql.includes('$1') ? [schemas] : []); // only some read the exposed schemas
    for (const finding of result.rows) catalog.push({ name, finding });
  }
  return { catalog, ssl, serverVersionNum };
}

/** Every finding of the project, in catalogue order. The instance must be running. */
export async function runLints(ctx: PlatformContext, row: ProjectRow): Promise<LintItem[]> {
  const spec = instanceSpec(row, ctx.box);
  const schemas = await exposedSchemas(ctx.db, row.ref);
  let reading: InstanceReading | undefined;
  let adminLoginFailed = false;
  try {
    reading = await ctx.driver.adminSession(spec, SESSION_TIMEOUT_MS, (client) => readInstance(client, schemas));
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_PASSWORD) throw error;
    adminLoginFailed = true;
  }
  const facts: PlatformFacts = {
    auth: await authSettings.read(ctx.db, row.ref),
    ssl: reading?.ssl,
    serverVersionNum: reading?.serverVersionNum,
    newestInstalled: newestInstalled(ctx.driver, row.postgres_major),
    adminLoginFailed,
    keyLeaks: await edgeLogs.keyLeakCounts(ctx.db, row.ref),
    pitrEnabled: row.pitr_retention_days !== null,
  };
  const items = [
    ...(reading?.catalog ?? []).map(({ name, finding }) =>
      lintItem(
        name,
        finding.detail,
        {
          schema: finding.schema,
          name: finding.name,
          entity: finding.schema ? `${finding.schema}.${finding.name}` : finding.name,
          type: finding.type,
        },
        finding.object,
      ),
    ),
    ...platformFindings(facts).map((finding) =>
      lintItem(finding.name, finding.detail, { schema: null, name: finding.entity, entity: finding.entity, type: finding.type }, null),
    ),
  ];
  const order = Object.keys(LINTS);
  return items.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}

/**
 * `GET /table-export`: a table's rows (those the grid's filters pass, in its order) as a CSV or
 * SQL file, streamed: a cursor of one read-only transaction is fetched a batch at a time, and the
 * next batch is read only when the answer's reader has taken the last one, so neither the
 * platform nor the instance holds more than a batch whatever the table's size.
 */
import { Readable } from 'node:stream';
import type { TableExportQuery } from '@basin/core/schemas';
import type pg from 'pg';
import type { PlatformContext } from '../../../kernel/context.ts';
import { requirePermission, requireProject } from '../../organizations/access.ts';
import { memberDatabaseRole } from '../../projects/project-instance.ts';
import { exportFormatter, type TextRow } from './export-format.ts';
import { planExport } from './export-plan.ts';
import { openMemberSession } from './member-session.ts';
import { findTable, requireTable } from './table-relation.ts';
import { asHttpError } from './transfer-errors.ts';

const BATCH_ROWS = 2_000;
const FETCH = { text: `fetch ${BATCH_ROWS} from basin_export`, rowMode: 'array' as const };

export interface ExportFile {
  name: string;
  contentType: string;
  body: Readable;
}

/** A file name any header can carry: the table's name with anything unusual replaced. */
const fileName = (table: string, extension: string) => `${table.replace(/[^A-Za-z0-9._-]/g, '_') || 'table'}.${extension}`;

export async function exportTable(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  { schema, table, format }: TableExportQuery,
  filters: URLSearchParams,
): Promise<ExportFile> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'sql:execute');
  const role = memberDatabaseRole(project.role);
  const client = await openMemberSession(ctx, project, role);
  try {
    const { cache, relation } = await findTable(ctx, project, schema, table);
    const plan = planExport(cache, requireTable(relation, schema, table), filters);
    await client.query('begin read only');
    await client.query({ text: `declare basin_export no scroll cursor for ${plan.sql}`, values: plan.values });
    // The first batch before answering: a filter Postgres refuses is a 400, not a cut-off file.
    const first = await client.query<TextRow>(FETCH);
    const formatter = exportFormatter(format, schema, table, plan.columns);
    return {
      name: fileName(table, formatter.extension),
      contentType: formatter.contentType,
      body: Readable.from(batches(client, first.rows, formatter.head, formatter.rows)),
    };
  } catch (error) {
    await client.end().catch(() => {});
    throw asHttpError(error, role);
  }
}

async function* batches(client: pg.Client, first: TextRow[], head: string, format: (rows: TextRow[]) => string) {
  try {
    yield head;
    for (let rows = first; rows.length; rows = (await client.query<TextRow>(FETCH)).rows) {
      yield format(rows);
      if (rows.length < BATCH_ROWS) break;
    }
  } finally {
    // Also when the reader goes away: the transaction ends with the session.
    await client.end().catch(() => {});
  }
}

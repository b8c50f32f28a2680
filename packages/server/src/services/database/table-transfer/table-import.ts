/**
 * `POST /table-import`: a CSV streamed from the request into `COPY ... FROM STDIN` of one
 * transaction, as the member's database role. The body is parsed as it arrives and each record
 * mapped onto the table's columns (skipped ones left out, NULL an unquoted empty field), written
 * again as CSV for COPY; nothing is held but what is in flight, whatever the file's size. When
 * no column is skipped the bytes go to COPY as they came (COPY's column list follows the CSV's
 * order), which is many times faster than parsing them here. The first bad line rolls
 * everything back (and, for a new table, its creation too).
 */
import { TABLE_TRANSFER_MESSAGES } from '@basin/core';
import { ImportColumns, TABLE_IMPORT_MAX_BYTES, type TableImportQuery, type TableImportResult } from '@basin/core/schemas';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { PlatformContext } from '../../../kernel/context.ts';
import { badRequest, conflict, HttpError } from '../../../kernel/errors.ts';
import { invalidateSchemaCache } from '../../../rest/schema-cache.ts';
import { ident, qualified } from '../../../rest/sql-fragment.ts';
import { requirePermission, requireProject } from '../../organizations/access.ts';
import { memberDatabaseRole } from '../../projects/project-instance.ts';
import { byteLimit, MappedRecords } from './csv-rows.ts';
import { importFailure } from './import-failure.ts';
import { openMemberSession } from './member-session.ts';
import { createTableSql } from './new-table.ts';
import { findTable, requireTable } from './table-relation.ts';

export interface ImportUpload {
  query: TableImportQuery;
  body: Readable;
  /** Content-Length, when the sender gave one. */
  declaredLength: number | undefined;
}

const DUPLICATE_TABLE = '42P07';

function mappingOf(text: string) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(TABLE_TRANSFER_MESSAGES.badColumns);
  }
  const parsed = ImportColumns.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? TABLE_TRANSFER_MESSAGES.badColumns);
  return parsed.data;
}

/** An unquoted empty field is NULL, a quoted one the empty string (as COPY reads CSV). */
const nullWhenUnquoted = (value: string, context: { quoting: boolean }) => (value === '' && !context.quoting ? null : value);

export async function importTable(ctx: PlatformContext, ref: string, userId: string, upload: ImportUpload): Promise<TableImportResult> {
  const { query } = upload;
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'sql:execute');
  requirePermission(project.role, 'database.credentials:read', TABLE_TRANSFER_MESSAGES.readOnly);
  if (upload.declaredLength !== undefined && upload.declaredLength > TABLE_IMPORT_MAX_BYTES)
    throw new HttpError(413, TABLE_TRANSFER_MESSAGES.tooLarge);
  const columns = mappingOf(query.columns);
  const create = query.create === 'true';
  const ddl = create ? createTableSql(query.schema, query.table, columns) : undefined;
  if (!create) {
    const { relation } = await findTable(ctx, project, query.schema, query.table);
    const known = new Set(requireTable(relation, query.schema, query.table).columns.map((column) => column.name));
    const unknown = columns.find((column) => column && !known.has(column.name));
    if (unknown) throw badRequest(TABLE_TRANSFER_MESSAGES.unknownColumn(unknown.name));
  }

  const role = memberDatabaseRole(project.role);
  const client = await openMemberSession(ctx, project, role);
  const rows = new MappedRecords(columns.map(Boolean), query.header === 'true', TABLE_TRANSFER_MESSAGES.columnCount);
  try {
    await client.query('begin');
    // A big file takes longer than the SQL editor's statement timeout.
    await client.query("select pg_catalog.set_config('statement_timeout', '0', true)");
    if (ddl) {
      await client.query(ddl).catch((error: { code?: string }) => {
        throw error.code === DUPLICATE_TABLE ? conflict(TABLE_TRANSFER_MESSAGES.tableExists(query.schema, query.table)) : error;
      });
    }
    const targets = columns.flatMap((column) => (column ? [ident(column.name)] : []));
    const delimiter = query.delimiter === 'tab' ? '\t' : ',';
    const direct = columns.every(Boolean);
    // Fixed words only: the delimiter is one of two characters, the header a boolean.
    const options = direct ? `format csv, header ${query.header}, delimiter E'${query.delimiter === 'tab' ? '\\t' : ','}'` : 'format csv';
    const copy = client.query(
      copyFrom(`copy ${qualified(query.schema, query.table)} (${targets.join(', ')}) from stdin with (${options})`),
    );
    const limit = byteLimit(TABLE_IMPORT_MAX_BYTES);
    await (direct
      ? pipeline(upload.body, limit, copy)
      : pipeline(
          upload.body,
          limit,
          parse({ delimiter, bom: true, info: true, skip_empty_lines: true, cast: nullWhenUnquoted }),
          rows,
          stringify({ quoted_match: /^$/ }),
          copy,
        ));
    await client.query('commit');
    return { rows: copy.rowCount };
  } catch (error) {
    throw importFailure(error, columns.every(Boolean) ? undefined : rows, role);
  } finally {
    // Ending the session rolls back whatever did not commit.
    await client.end().catch(() => {});
    if (create) invalidateSchemaCache(ref);
  }
}

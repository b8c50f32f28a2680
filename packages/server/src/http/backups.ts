import { createRoute, z } from '@hono/zod-openapi';
import {
  DownloadableBackupsResponse,
  DownloadBackupBody,
  DownloadBackupResponse,
  ErrorResponse,
  PitrRestore,
  PitrStatusResponse,
  ProjectRef,
  RestorePitrBody,
  V1BackupsResponse,
} from '@basin/core/schemas';
import { Hono, type MiddlewareHandler } from 'hono';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import * as backups from '../services/backups/backups.ts';
import * as pitr from '../services/backups/pitr.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { notFound } from '../kernel/errors.ts';
import { createRouter, ERRORS, json, jsonBody, type AppEnv } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const tags = ['Backups'];

/** The list and the signed download link; mounted with the session-protected platform routes. */
export function backupRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/database/{ref}/backups/downloadable-backups',
        tags,
        request: { params: refParams },
        responses: { 200: json(DownloadableBackupsResponse, 'Completed physical backups, newest first'), ...ERRORS },
      }),
      async (c) => c.json(await backups.listDownloadableBackups(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/database/{ref}/backups/download',
        tags,
        request: { params: refParams, ...jsonBody(DownloadBackupBody) },
        responses: { 200: json(DownloadBackupResponse, 'A signed link to the .tar.gz, valid for 10 minutes'), ...ERRORS },
      }),
      async (c) => c.json(await backups.backupDownloadLink(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json').id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/database/{ref}/backups/pitr',
        tags,
        request: { params: refParams },
        responses: { 200: json(PitrStatusResponse, 'Whether WAL is archived, the recoverable window and the last restore'), ...ERRORS },
      }),
      async (c) => c.json(await pitr.pitrStatus(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/database/{ref}/backups/pitr',
        tags,
        request: { params: refParams, ...jsonBody(RestorePitrBody) },
        responses: { 202: json(PitrRestore, 'The restore has started; the project is RESTORING'), ...RESTORE_ERRORS },
      }),
      async (c) => c.json(await pitr.restoreToPoint(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 202),
    );
}

const RESTORE_ERRORS = { ...ERRORS, 409: json(ErrorResponse, 'The project is not healthy, so it cannot be restored now') } as const;

/** The management API's backups, as the Supabase CLI calls them (`supabase backups list`, `backups restore`). */
export function backupV1Routes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/database/backups',
        tags,
        request: { params: refParams },
        responses: { 200: json(V1BackupsResponse, 'Completed backups, and the point in time recovery window in Unix seconds'), ...ERRORS },
      }),
      async (c) => c.json(await pitr.backupsOverview(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/database/backups/restore-pitr',
        tags,
        description: 'Restores the project in place to `recovery_time_target_unix`, a second inside its recoverable window.',
        request: { params: refParams, ...jsonBody(RestorePitrBody) },
        responses: { 201: json(PitrRestore, 'The restore has started; the project is RESTORING'), ...RESTORE_ERRORS },
      }),
      async (c) => c.json(await pitr.restoreToPoint(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 201),
    );
}

/**
 * GET /backups/{ref}/{id}?expires=&signature=: the archive behind a signed link, a plain link the
 * browser follows with the session cookie (`session`): the link opens for the member it was made
 * for only, while they may download backups. Mounted outside the JSON platform routes (under /api).
 */
export function backupFileRoutes(ctx: PlatformContext, session: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>().get('/backups/:ref/:id', session, async (c) => {
    const ref = ProjectRef.safeParse(c.req.param('ref'));
    const id = Number(c.req.param('id'));
    if (!ref.success || !Number.isSafeInteger(id)) throw notFound('Backup');
    const download = await backups.openSignedBackup(ctx, c.var.userId, {
      ref: ref.data,
      id,
      expires: c.req.query('expires'),
      signature: c.req.query('signature'),
    });
    const file = await open(download.file).catch(() => {
      throw notFound('Backup');
    });
    const { size } = await file.stat();
    const body = Readable.toWeb(createReadStream('', { fd: file })) as ReadableStream<Uint8Array>;
    return c.body(body, 200, {
      'content-type': 'application/gzip',
      'content-length': String(size),
      'content-disposition': `attachment; filename="${download.filename}"`,
      'cache-control': 'no-store',
    });
  });
}

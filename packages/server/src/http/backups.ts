import { createRoute, z } from '@hono/zod-openapi';
import { DownloadableBackupsResponse, DownloadBackupBody, DownloadBackupResponse, ProjectRef } from '@basin/core/schemas';
import { Hono, type MiddlewareHandler } from 'hono';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import * as backups from '../services/backups/backups.ts';
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

import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeExpiredUploads } from '../src/storage/resumable.ts';
import { query } from './harness.ts';
import { type RestProject, startRestProject } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';

// Resumable uploads (TUS) as Supabase documents them: tus-js-client against
// /storage/v1/upload/resumable with the bucket and object named in the upload's metadata.
let project: RestProject;
let apiUrl: string;
let service: SupabaseClient;

const MB = 1024 * 1024;
const PASSWORD = 'a fine password 1';
let emailCount = 0;

const endpoint = () => `${apiUrl}/storage/v1/upload/resumable`;
const resumableDir = () => path.join(project.meta.platform.dataDir, 'storage', '.resumable');
const pendingUploads = async () => (await readdir(resumableDir()).catch(() => [])).filter((name) => !name.endsWith('.json'));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function signedInUser(): Promise<{ id: string; token: string }> {
  const email = `resumable-${Date.now().toString(36)}-${emailCount++}@example.com`;
  const { data, error } = await supabaseClient(apiUrl, project.keys.anon).auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { id: data.user!.id, token: data.session!.access_token };
}

interface UploadOptions {
  token: string;
  objectName: string;
  bucketName?: string;
  upsert?: boolean;
  uploadUrl?: string;
  /** Stop after this many bytes were accepted (a dropped connection, as the client sees it). */
  stopAfter?: number;
  contentType?: string;
}

interface UploadResult {
  url: string | null;
  /** The offset the client started sending from (0 for a fresh upload). */
  startedAt: number | undefined;
  error?: tus.DetailedError;
}

/** One tus-js-client upload in 5 MB chunks, as an app would run it; resolves on success, error or stop. */
function runUpload(bytes: Buffer, options: UploadOptions): Promise<UploadResult> {
  return new Promise((resolve) => {
    let startedAt: number | undefined;
    const upload: tus.Upload = new tus.Upload(bytes, {
      endpoint: endpoint(),
      uploadUrl: options.uploadUrl ?? null,
      chunkSize: 5 * MB,
      retryDelays: [],
      headers: { apikey: project.keys.anon, authorization: `Bearer ${options.token}`, 'x-upsert': String(options.upsert ?? false) },
      metadata: {
        bucketName: options.bucketName ?? 'docs',
        objectName: options.objectName,
        contentType: options.contentType ?? 'application/octet-stream',
        cacheControl: '3600',
      },
      onProgress(sent) {
        startedAt ??= sent;
      },
      onChunkComplete(_size, accepted) {
        if (options.stopAfter !== undefined && accepted >= options.stopAfter) {
          void upload.abort().then(() => resolve({ url: upload.url, startedAt }));
        }
      },
      onSuccess: () => resolve({ url: upload.url, startedAt }),
      onError: (error) => resolve({ url: upload.url, startedAt, error: error as tus.DetailedError }),
    });
    upload.start();
  });
}

const statusOf = (result: UploadResult) => result.error?.originalResponse?.getStatus();
const bodyOf = (result: UploadResult) => JSON.parse(result.error?.originalResponse?.getBody() ?? '{}') as { message?: string };

beforeAll(async () => {
  project = await startRestProject(`
    create policy "own folder read" on storage.objects for select to authenticated
      using (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
    create policy "own folder write" on storage.objects for insert to authenticated
      with check (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
    create policy "own folder update" on storage.objects for update to authenticated
      using (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
  `);
  apiUrl = `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;
  const configured = await project.meta.owner.patch(`/api/platform/auth/${project.meta.ref}/config`, { MAILER_AUTOCONFIRM: true });
  expect(configured.status).toBe(200);
  service = supabaseClient(apiUrl, project.keys.service);
  expect((await service.storage.createBucket('docs', { public: false, fileSizeLimit: '40MB' })).error).toBeNull();
}, 120_000);

afterAll(async () => {
  await project?.meta.platform.destroy();
});

describe('resumable uploads', () => {
  it('continue where a dropped upload stopped, and the object is the whole file, owned by its user', async () => {
    const user = await signedInUser();
    const bytes = randomBytes(22 * MB);
    const objectName = `${user.id}/video.bin`;

    const first = await runUpload(bytes, { token: user.token, objectName, stopAfter: 5 * MB });
    expect(first.error).toBeUndefined();
    expect(first.url).toMatch(new RegExp(`/storage/v1/upload/resumable/${project.meta.ref}-[0-9a-f]{32}$`));
    expect(await pendingUploads()).toHaveLength(1);
    // Nothing is an object until every byte arrived.
    expect((await service.storage.from('docs').exists(objectName)).data).toBe(false);

    const second = await runUpload(bytes, { token: user.token, objectName, uploadUrl: first.url! });
    expect(second.error).toBeUndefined();
    expect(second.startedAt).toBeGreaterThanOrEqual(5 * MB);

    const { data, error } = await supabaseClient(apiUrl, project.keys.anon, user.token).storage.from('docs').download(objectName);
    expect(error).toBeNull();
    expect(sha256(Buffer.from(await data!.arrayBuffer()))).toBe(sha256(bytes));
    const { rows } = await query(
      project.meta.connectionString,
      `select owner_id, metadata->>'size' as size, metadata->>'cacheControl' as cache from storage.objects where name = $1`,
      [objectName],
    );
    expect(rows).toEqual([{ owner_id: user.id, size: String(22 * MB), cache: 'max-age=3600' }]);
    // The finished upload is gone: its URL answers 404 now.
    expect(await pendingUploads()).toEqual([]);
    const head = await fetch(first.url!, {
      method: 'HEAD',
      headers: { apikey: project.keys.anon, authorization: `Bearer ${user.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(404);
  }, 60_000);

  it('are refused at creation by the policies, a bucket limit or missing metadata, storing nothing', async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const small = randomBytes(1024);

    const foreign = await runUpload(small, { token: user.token, objectName: `${other.id}/x.bin` });
    expect(statusOf(foreign)).toBe(403);
    expect(bodyOf(foreign).message).toMatch(/row-level security/);

    const tooLarge = await runUpload(randomBytes(41 * MB), { token: user.token, objectName: `${user.id}/big.bin` });
    expect(statusOf(tooLarge)).toBe(413);

    const noBucket = await runUpload(small, { token: user.token, objectName: `${user.id}/x.bin`, bucketName: 'nope' });
    expect(statusOf(noBucket)).toBe(404);

    const noName = await runUpload(small, { token: user.token, objectName: '' });
    expect(statusOf(noName)).toBe(400);
    expect(bodyOf(noName).message).toBe('The upload metadata must name the object (objectName)');

    expect(await pendingUploads()).toEqual([]);
  }, 60_000);

  it('replace an object only with x-upsert', async () => {
    const user = await signedInUser();
    const objectName = `${user.id}/note.txt`;
    expect((await runUpload(Buffer.from('one'), { token: user.token, objectName, contentType: 'text/plain' })).error).toBeUndefined();
    const again = await runUpload(Buffer.from('two'), { token: user.token, objectName, contentType: 'text/plain' });
    expect(statusOf(again)).toBe(409);
    expect(
      (await runUpload(Buffer.from('three'), { token: user.token, objectName, contentType: 'text/plain', upsert: true })).error,
    ).toBeUndefined();
    const { data } = await service.storage.from('docs').download(objectName);
    expect(await data!.text()).toBe('three');
  }, 60_000);

  it('belong to the user who started them: another user cannot see, continue or read one', async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const bytes = randomBytes(11 * MB);
    const started = await runUpload(bytes, { token: user.token, objectName: `${user.id}/secret.bin`, stopAfter: 5 * MB });
    const headers = (token: string) => ({ apikey: project.keys.anon, authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' });

    expect((await fetch(started.url!, { method: 'HEAD', headers: headers(other.token) })).status).toBe(404);
    const patch = await fetch(started.url!, {
      method: 'PATCH',
      headers: { ...headers(other.token), 'upload-offset': String(5 * MB), 'content-type': 'application/offset+octet-stream' },
      body: randomBytes(1024),
    });
    expect(patch.status).toBe(404);
    // Not even its owner reads the partial bytes over the TUS URL.
    expect((await fetch(started.url!, { headers: headers(user.token) })).status).toBe(404);
    const own = await fetch(started.url!, { method: 'HEAD', headers: headers(user.token) });
    expect(own.status).toBe(200);
    expect(Number(own.headers.get('upload-offset'))).toBeGreaterThanOrEqual(5 * MB);

    // The owner may cancel it (TUS termination): it is gone.
    expect((await fetch(started.url!, { method: 'DELETE', headers: headers(user.token) })).status).toBe(204);
    expect((await fetch(started.url!, { method: 'HEAD', headers: headers(user.token) })).status).toBe(404);
  }, 60_000);

  it('expire after a day unfinished', async () => {
    const user = await signedInUser();
    const started = await runUpload(randomBytes(6 * MB), { token: user.token, objectName: `${user.id}/old.bin`, stopAfter: 5 * MB });
    const id = started.url!.split('/').pop()!;
    const info = path.join(resumableDir(), `${id}.json`);
    const upload = JSON.parse(await readFile(info, 'utf8')) as { creation_date: string };
    upload.creation_date = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await writeFile(info, JSON.stringify(upload));

    expect(await removeExpiredUploads(project.meta.platform.ctx)).toBe(1);
    expect(await pendingUploads()).toEqual([]);
  }, 60_000);
});

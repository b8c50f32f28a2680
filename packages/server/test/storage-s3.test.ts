import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { storageBackendFromEnv } from '../src/config.ts';
import { query, waitFor } from './harness.ts';
import { type RestProject, startRestProject, withKey } from './rest-project.ts';
import { S3StandIn } from './s3-stand-in.ts';
import { supabaseClient } from './supabase-client.ts';

// A platform configured with BASIN_STORAGE_BACKEND=s3 against a local S3 stand-in, driven by the
// real supabase-js client: every byte goes to the S3 bucket under <prefix><ref>/, none to disk.
const MIB = 1024 * 1024;
let standIn: S3StandIn;
let project: RestProject;
let ref: string;
let apiUrl: string;
let service: SupabaseClient;

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const bytesOf = async (blob: Blob | null) => Buffer.from(await blob!.arrayBuffer());
/** The keys the project has in the S3 bucket, without `e2e/<ref>/`. */
const keys = (under = '') => standIn.keys('basin-files', `e2e/${ref}/${under}`).map((key) => key.slice(`e2e/${ref}/`.length));
const versionOf = (key: string) => keys(`${key}/`).map((k) => k.slice(key.length + 1));

beforeAll(async () => {
  standIn = await S3StandIn.start({ buckets: ['basin-files'] });
  const storageBackend = storageBackendFromEnv({
    BASIN_STORAGE_BACKEND: 's3',
    BASIN_S3_BUCKET: 'basin-files',
    BASIN_S3_ENDPOINT: standIn.url,
    BASIN_S3_FORCE_PATH_STYLE: 'true',
    BASIN_S3_PREFIX: 'e2e/',
    BASIN_S3_ACCESS_KEY_ID: 'basin-test',
    BASIN_S3_SECRET_ACCESS_KEY: 'basin-test-secret',
  });
  project = await startRestProject('select 1', { storageBackend });
  ref = project.meta.ref;
  apiUrl = `${project.meta.platform.url}/api/projects/${ref}/gateway`;
  service = supabaseClient(apiUrl, project.keys.service);
}, 120_000);

afterAll(async () => {
  await project?.meta.platform.stop();
  await standIn?.stop();
});

describe('storage on S3', () => {
  it('uploads to and downloads from the S3 bucket, nothing on disk', async () => {
    expect((await service.storage.createBucket('docs', { public: false })).error).toBeNull();
    const text = 'stored in S3, read through Basin';
    const uploaded = await service.storage.from('docs').upload('notes/hello.txt', new Blob([text], { type: 'text/plain' }));
    expect(uploaded.error).toBeNull();
    expect(versionOf('docs/notes/hello.txt')).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(existsSync(path.join(project.meta.platform.dataDir, 'storage', ref))).toBe(false);

    const downloaded = await service.storage.from('docs').download('notes/hello.txt');
    expect((await bytesOf(downloaded.data)).toString()).toBe(text);
    const info = await service.storage.from('docs').info('notes/hello.txt');
    expect(info.data).toMatchObject({ size: text.length, etag: `"${md5(Buffer.from(text))}"` });

    const ranged = await fetch(`${apiUrl}/storage/v1/object/docs/notes/hello.txt`, {
      headers: { ...withKey(project.keys.service), range: 'bytes=10-11' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 10-11/${text.length}`);
    expect(await ranged.text()).toBe('S3');
  });

  it('streams a large upload to S3 as a multipart upload', async () => {
    const big = randomBytes(12 * MIB);
    const parts = standIn.count('UploadPart');
    const uploaded = await service.storage.from('docs').upload('big.bin', big, { contentType: 'application/octet-stream' });
    expect(uploaded.error).toBeNull();
    expect(standIn.count('UploadPart') - parts).toBe(3); // 5 + 5 + 2 MiB
    expect(md5(await bytesOf((await service.storage.from('docs').download('big.bin')).data))).toBe(md5(big));
  });

  it('refuses a body past the bucket limit, aborting its multipart upload and leaving nothing', async () => {
    expect((await service.storage.createBucket('limited', { public: false, fileSizeLimit: 6 * MIB })).error).toBeNull();
    const aborts = standIn.count('AbortMultipartUpload');
    // Sent without a length, as a stream: only counting the bytes can find it too large. On a
    // connection of its own: one answered before its body was read is not reused.
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${apiUrl}/storage/v1/object/limited/too-big.bin`, {
        method: 'POST',
        agent: false,
        headers: { ...withKey(project.keys.service), 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      });
      request.on('response', async (answer) => {
        let body = '';
        for await (const chunk of answer) body += chunk;
        resolve({ status: answer.statusCode!, body });
      });
      // Writing on may fail (EPIPE) once the answer is sent: the answer is what counts.
      request.on('error', (error) => setTimeout(() => reject(error), 2000));
      const chunk = randomBytes(MIB);
      let sent = 0;
      const write = () => {
        while (sent < 8) {
          sent++;
          if (!request.write(chunk)) return void request.once('drain', write);
        }
        request.end();
      };
      write();
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ error: 'Payload too large' });
    expect(standIn.count('AbortMultipartUpload') - aborts).toBe(1);
    expect(keys('limited/')).toEqual([]);
    expect(standIn.openUploads()).toEqual([]);
    expect((await service.storage.from('limited').list()).data).toEqual([]);
  });

  it('moves and copies on the server side, and removes', async () => {
    const bucket = service.storage.from('docs');
    const version = versionOf('docs/notes/hello.txt')[0]!;
    const copies = standIn.count('CopyObject');
    const reads = standIn.count('GetObject');
    const moved = await bucket.move('notes/hello.txt', 'moved/hello.txt');
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual({ message: 'Successfully moved' });
    expect(versionOf('docs/notes/hello.txt')).toEqual([]);
    expect(versionOf('docs/moved/hello.txt')).toEqual([version]);
    expect((await bucket.copy('moved/hello.txt', 'copied/hello.txt')).error).toBeNull();
    expect(versionOf('docs/copied/hello.txt')).toHaveLength(1);
    expect(standIn.count('CopyObject') - copies).toBe(2);
    expect(standIn.count('GetObject') - reads).toBe(0);
    expect((await bucket.download('notes/hello.txt')).error).toMatchObject({ status: 404 });
    expect((await bytesOf((await bucket.download('copied/hello.txt')).data)).toString()).toBe('stored in S3, read through Basin');

    const removed = await bucket.remove(['copied/hello.txt', 'not/there.txt']);
    expect(removed.data?.map((object) => object.name)).toEqual(['copied/hello.txt']);
    expect(versionOf('docs/copied/hello.txt')).toEqual([]);
  });

  it('serves a signed URL over plain HTTP, with no key', async () => {
    const { data, error } = await service.storage.from('docs').createSignedUrl('moved/hello.txt', 60);
    expect(error).toBeNull();
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('stored in S3, read through Basin');
    const ranged = await fetch(data!.signedUrl, { headers: { range: 'bytes=0-5' } });
    expect(await ranged.text()).toBe('stored');
  });

  it('builds the storage archive from S3', async () => {
    const owner = project.meta.owner;
    expect((await owner.post(`/api/platform/storage/${ref}/archive`)).status).toBe(202);
    const ready = await waitFor(
      () => owner.get(`/api/platform/storage/${ref}/archive`),
      (answer) => answer.body.status !== 'RUNNING',
      60_000,
      200,
    );
    expect(ready.body).toMatchObject({ status: 'READY', objects: 2, error: null });
    const zip = await fetch(`${owner.baseUrl}${ready.body.fileUrl}`, { headers: { cookie: owner.cookie, origin: owner.baseUrl } });
    const entries = await unzip(Buffer.from(await zip.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(['docs/big.bin', 'docs/moved/hello.txt']);
    expect(entries.get('docs/moved/hello.txt')!.toString()).toBe('stored in S3, read through Basin');
    expect(entries.get('docs/big.bin')!.length).toBe(12 * MIB);
  });

  it('takes a resumable upload (tus-js-client), continued after a stop, to S3; nothing of it stays on disk', async () => {
    const bytes = randomBytes(11 * MIB);
    const resumable = path.join(project.meta.platform.dataDir, 'storage', '.resumable');
    const upload = (uploadUrl: string | null, stopAfter?: number) =>
      new Promise<{ url: string | null; startedAt: number | undefined; error?: Error }>((resolve) => {
        let startedAt: number | undefined;
        const run: tus.Upload = new tus.Upload(bytes, {
          endpoint: `${apiUrl}/storage/v1/upload/resumable`,
          uploadUrl,
          chunkSize: 5 * MIB,
          retryDelays: [],
          headers: withKey(project.keys.service),
          metadata: { bucketName: 'docs', objectName: 'resumable/big.bin', contentType: 'application/octet-stream' },
          onProgress: (sent) => void (startedAt ??= sent),
          onChunkComplete(_size, accepted) {
            if (stopAfter !== undefined && accepted >= stopAfter) void run.abort().then(() => resolve({ url: run.url, startedAt }));
          },
          onSuccess: () => resolve({ url: run.url, startedAt }),
          onError: (error) => resolve({ url: run.url, startedAt, error }),
        });
        run.start();
      });
    const first = await upload(null, 5 * MIB);
    expect(first.error).toBeUndefined();
    // The part waits on local disk, nothing is in the bucket yet.
    expect(versionOf('docs/resumable/big.bin')).toEqual([]);
    const second = await upload(first.url);
    expect(second).toMatchObject({ url: first.url, startedAt: 5 * MIB });
    expect(second.error).toBeUndefined();
    expect(versionOf('docs/resumable/big.bin')).toHaveLength(1);
    expect(md5(await bytesOf((await service.storage.from('docs').download('resumable/big.bin')).data))).toBe(md5(bytes));
    expect((await readdir(resumable)).filter((name) => name.startsWith(`${ref}-`))).toEqual([]);
  });

  it('counts the bytes S3 holds in the disk figures, whatever sizes members write in the rows', async () => {
    const owner = project.meta.owner;
    const measured = async () => (await owner.get(`/api/platform/projects/${ref}/infrastructure`)).body.disk.storage_bytes;
    const stored = 12 * MIB + 'stored in S3, read through Basin'.length + 11 * MIB;
    expect(await measured()).toBe(stored);
    await query(project.meta.connectionString, `update storage.objects set metadata = jsonb_set(metadata, '{size}', '1')`);
    expect(await measured()).toBe(stored);
  });

  it('empties and deletes a bucket with its objects', async () => {
    expect((await service.storage.createBucket('scratch', { public: true })).error).toBeNull();
    for (const name of ['a.txt', 'b/c.txt']) expect((await service.storage.from('scratch').upload(name, new Blob(['x']))).error).toBeNull();
    expect(keys('scratch/')).toHaveLength(2);
    expect((await service.storage.emptyBucket('scratch')).data).toEqual({
      message: 'Empty bucket has been queued. Completion may take up to an hour.',
    });
    expect(keys('scratch/')).toEqual([]);
    expect((await service.storage.deleteBucket('scratch')).data).toEqual({ message: 'Successfully deleted' });
    expect((await service.storage.deleteBucket('limited')).data).toEqual({ message: 'Successfully deleted' });
    expect(keys().filter((key) => !key.startsWith('docs/'))).toEqual([]);
  });

  it("removes the project's objects with the project", async () => {
    expect(keys().length).toBeGreaterThan(0);
    const owner = project.meta.owner;
    expect((await owner.delete(`/api/platform/projects/${ref}`)).status).toBe(200);
    await waitFor(
      async () => (await owner.get(`/api/platform/projects/${ref}/status`)).status,
      (status) => status === 404,
    );
    expect(keys()).toEqual([]);
  });
});

/** The entries of a zip and their bytes. */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        file.readEntry();
      });
    });
    file.on('end', resolve);
    file.on('error', reject);
    file.readEntry();
  });
  return entries;
}

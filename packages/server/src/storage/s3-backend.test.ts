import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3StandIn } from '../../test/s3-stand-in.ts';
import { configFromEnv, type S3Config, storageBackendFromEnv } from '../config.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { cloneProjectFiles, FileBackend, type ObjectLocation, storageBackend } from './backend.ts';
import { StorageApiError } from './errors.ts';
import { S3Backend, s3Client } from './s3-backend.ts';

// The S3 backend against a local stand-in for S3 (test/s3-stand-in.ts), through the real
// @aws-sdk/client-s3 and @aws-sdk/lib-storage.
const MIB = 1024 * 1024;
let standIn: S3StandIn;
let config: S3Config;
let client: S3Client;
let backend: S3Backend;

const at = (key: string, version = 'v1', bucket = 'docs'): ObjectLocation => ({ bucket, key, version });
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const backendOf = (ref: string, options: Partial<ConstructorParameters<typeof S3Backend>[0]> = {}) =>
  new S3Backend({ client, bucket: 'basin', root: `${config.prefix}${ref}/`, ...options });

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function put(target: S3Backend, location: ObjectLocation, bytes: Buffer | string, maxBytes = 10 * MIB) {
  return target.put(location, Readable.from([Buffer.from(bytes)]), maxBytes);
}

/** `total` pseudo-random bytes in 64 KiB chunks, made only as they are read; `produced` counts them. */
function generated(total: number) {
  const state = { produced: 0, hash: createHash('md5') };
  async function* chunks() {
    let seed = 12345;
    while (state.produced < total) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, total - state.produced));
      for (let i = 0; i < chunk.length; i += 4) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        chunk.writeUInt32LE(seed, i);
      }
      state.produced += chunk.length;
      state.hash.update(chunk);
      yield chunk;
    }
  }
  return { state, body: Readable.from(chunks(), { objectMode: false }) };
}

async function waitUntil(done: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

beforeAll(async () => {
  standIn = await S3StandIn.start({ maxKeys: 3, maxCopyObjectSize: 6 * MIB });
  config = storageBackendFromEnv({
    BASIN_STORAGE_BACKEND: 's3',
    BASIN_S3_BUCKET: 'basin',
    BASIN_S3_ENDPOINT: standIn.url,
    BASIN_S3_FORCE_PATH_STYLE: 'true',
    BASIN_S3_PREFIX: 'tenant',
    BASIN_S3_ACCESS_KEY_ID: 'test-key',
    BASIN_S3_SECRET_ACCESS_KEY: 'test-secret',
  }) as S3Config;
  client = s3Client(config);
  backend = backendOf('ref1');
});

afterAll(async () => {
  client?.destroy();
  await standIn?.stop();
});

beforeEach(() => {
  standIn.calls.length = 0;
});

describe('configuration', () => {
  it('is the file backend by default and S3 with a bucket', () => {
    expect(configFromEnv({}).storageBackend).toEqual({ kind: 'file' });
    expect(config).toEqual({
      kind: 's3',
      bucket: 'basin',
      region: 'us-east-1',
      endpoint: standIn.url,
      forcePathStyle: true,
      prefix: 'tenant/',
      credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
    });
    expect(
      storageBackendFromEnv({ BASIN_STORAGE_BACKEND: 's3', BASIN_S3_BUCKET: 'b', BASIN_S3_REGION: 'eu-west-3', BASIN_S3_PREFIX: '/a/b/' }),
    ).toEqual({
      kind: 's3',
      bucket: 'b',
      region: 'eu-west-3',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: 'a/b/',
      credentials: undefined,
    });
  });

  it('refuses combinations that cannot work, saying what is missing', () => {
    expect(() => configFromEnv({ BASIN_STORAGE_BACKEND: 's3' })).toThrow(/BASIN_STORAGE_BACKEND=s3 needs BASIN_S3_BUCKET/);
    expect(() => configFromEnv({ BASIN_STORAGE_BACKEND: 'gcs' })).toThrow(/BASIN_STORAGE_BACKEND must be file or s3/);
    expect(() => storageBackendFromEnv({ BASIN_STORAGE_BACKEND: 's3', BASIN_S3_BUCKET: 'b', BASIN_S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /set both, or neither/,
    );
    expect(() => storageBackendFromEnv({ BASIN_STORAGE_BACKEND: 's3', BASIN_S3_BUCKET: 'b', BASIN_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /must be an http\(s\) URL/,
    );
    expect(() => storageBackendFromEnv({ BASIN_STORAGE_BACKEND: 's3', BASIN_S3_BUCKET: 'b', BASIN_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /must be true or false/,
    );
  });

  it('gives each project its own key prefix on one client per platform', () => {
    const ctx = { config: { ...configFromEnv({}), storageBackend: config } } as PlatformContext;
    const a = storageBackend(ctx, 'aaaa') as S3Backend;
    const b = storageBackend(ctx, 'bbbb') as S3Backend;
    expect(a).toBeInstanceOf(S3Backend);
    expect(a.root).toBe('tenant/aaaa/');
    expect(b.root).toBe('tenant/bbbb/');
    expect(b.client).toBe(a.client);
    const other = { config: { ...ctx.config, storageBackend: { ...config } } } as PlatformContext;
    expect((storageBackend(other, 'aaaa') as S3Backend).client).not.toBe(a.client);
    expect(storageBackend({ config: configFromEnv({}) } as PlatformContext, 'aaaa')).toBeInstanceOf(FileBackend);
  });
});

describe('the S3 backend', () => {
  it('stores a version at <prefix><ref>/<bucket>/<key>/<version> and reads it whole or in a range', async () => {
    const stored = await put(backend, at('folder/hello world.txt'), 'hello, S3 backend');
    expect(stored).toEqual({ size: 17, etag: md5(Buffer.from('hello, S3 backend')) });
    expect(standIn.keys('basin', 'tenant/ref1/')).toEqual(['tenant/ref1/docs/folder/hello world.txt/v1']);
    expect(standIn.count('PutObject')).toBe(1);
    expect(standIn.count('CreateMultipartUpload')).toBe(0);

    const whole = await backend.get(at('folder/hello world.txt'));
    expect(whole.size).toBe(17);
    expect(await backend.size(at('folder/hello world.txt'))).toBe(17);
    expect((await bytesOf(whole.body)).toString()).toBe('hello, S3 backend');
    const part = await backend.get(at('folder/hello world.txt'), { start: 7, end: 8 });
    expect(part.size).toBe(17);
    expect((await bytesOf(part.body)).toString()).toBe('S3');

    const empty = await put(backend, at('empty'), '');
    expect(empty).toEqual({ size: 0, etag: md5(Buffer.alloc(0)) });
    expect((await bytesOf((await backend.get(at('empty'))).body)).length).toBe(0);
  });

  it('answers NoSuchKey for a missing version', async () => {
    const missing = backend.get(at('folder/hello world.txt', 'v404'));
    await expect(missing).rejects.toBeInstanceOf(StorageApiError);
    await expect(missing).rejects.toMatchObject({ status: 404, code: 'NoSuchKey' });
    await expect(backend.get(at('nope'), { start: 0, end: 1 })).rejects.toMatchObject({ code: 'NoSuchKey' });
    await expect(backend.size(at('nope'))).rejects.toMatchObject({ code: 'NoSuchKey' });
    await expect(backend.copy(at('nope'), at('nope', 'v2'))).rejects.toMatchObject({ code: 'NoSuchKey' });
  });

  it('copies on the server side', async () => {
    await put(backend, at('a.txt'), 'copied bytes');
    standIn.calls.length = 0;
    await backend.copy(at('a.txt'), at('b/a.txt', 'v9', 'other'));
    expect(standIn.calls.map((call) => call.operation)).toEqual(['CopyObject']);
    expect((await bytesOf((await backend.get(at('b/a.txt', 'v9', 'other'))).body)).toString()).toBe('copied bytes');
    expect((await bytesOf((await backend.get(at('a.txt'))).body)).toString()).toBe('copied bytes');
  });

  it('removes versions in batches of at most 1,000 keys; missing ones are no error', async () => {
    await put(backend, at('r1'), 'one');
    await put(backend, at('r2'), 'two');
    standIn.deleteBatches.length = 0;
    await backend.remove([at('r1'), at('r2'), at('never stored')]);
    expect(standIn.keys('basin', 'tenant/ref1/docs/r')).toEqual([]);
    await backend.remove(Array.from({ length: 2500 }, (_, i) => at(`gone/${i}`)));
    expect(standIn.deleteBatches).toEqual([3, 1000, 1000, 500]);
    await backend.remove([]);
    expect(standIn.deleteBatches).toHaveLength(4);
  });

  it('removes a bucket, page by page, and no other bucket or project', async () => {
    const mine = Array.from({ length: 7 }, (_, i) => at(`k${i}`, 'v1', 'pics'));
    for (const location of mine) await put(backend, location, 'x');
    await put(backend, at('k0', 'v1', 'pics2'), 'a neighbour whose name starts alike');
    const neighbour = backendOf('ref10');
    await put(neighbour, at('k0', 'v1', 'pics'), 'another project whose ref starts alike');
    standIn.calls.length = 0;

    await backend.removeBucket('pics');
    expect(standIn.keys('basin', 'tenant/ref1/pics/')).toEqual([]);
    expect(standIn.count('ListObjectsV2')).toBeGreaterThanOrEqual(3); // pages of 3 keys here
    expect(standIn.keys('basin', 'tenant/ref1/pics2/')).toHaveLength(1);
    expect(standIn.keys('basin', 'tenant/ref10/')).toEqual(['tenant/ref10/pics/k0/v1']);
    await backend.removeBucket('never made');
  });

  it('refuses a body past the limit leaving nothing: within the first part, and after parts were sent', async () => {
    const small = put(backend, at('too-big'), Buffer.alloc(2000), 1000);
    await expect(small).rejects.toMatchObject({ status: 413, code: 'EntityTooLarge' });
    expect(standIn.keys('basin', 'tenant/ref1/docs/too-big')).toEqual([]);
    expect(standIn.count('PutObject')).toBe(0);

    standIn.calls.length = 0;
    const { body } = generated(20 * MIB);
    await expect(backend.put(at('too-big', 'v2'), body, 12 * MIB)).rejects.toMatchObject({ status: 413, code: 'EntityTooLarge' });
    expect(body.destroyed).toBe(true);
    expect(standIn.count('CreateMultipartUpload')).toBe(1);
    expect(standIn.count('UploadPart')).toBeGreaterThanOrEqual(1);
    expect(standIn.count('AbortMultipartUpload')).toBe(1);
    expect(standIn.count('CompleteMultipartUpload')).toBe(0);
    expect(standIn.openUploads()).toEqual([]);
    expect(standIn.keys('basin', 'tenant/ref1/docs/too-big')).toEqual([]);
  });

  it('streams 20 MiB as a multipart upload holding a few parts at a time, never the whole body', async () => {
    const total = 20 * MIB;
    const { state, body } = generated(total);
    const receivedBefore = standIn.receivedBytes;
    const rssBefore = process.memoryUsage().rss;
    let held = 0;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      held = Math.max(held, state.produced - (standIn.receivedBytes - receivedBefore));
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 2);
    let stored;
    try {
      stored = await backend.put(at('big.bin'), body, 50 * MIB);
    } finally {
      clearInterval(sampler);
    }
    expect(stored).toEqual({ size: total, etag: state.hash.digest('hex') });
    expect(standIn.count('CreateMultipartUpload')).toBe(1);
    expect(standIn.count('UploadPart')).toBe(4); // 5 MiB parts
    expect(standIn.count('CompleteMultipartUpload')).toBe(1);
    expect(standIn.count('PutObject')).toBe(0);
    // Made but not yet at the stand-in: at most the parts being sent (2) and the one being cut.
    expect(held).toBeLessThan(16 * MIB);
    console.log(
      `20 MiB upload: at most ${(held / MIB).toFixed(1)} MiB held between the body and S3; RSS +${((rssPeak - rssBefore) / MIB).toFixed(1)} MiB`,
    );

    const back = await backend.get(at('big.bin'));
    expect(back.size).toBe(total);
    expect(md5(await bytesOf(back.body))).toBe(stored.etag);
    const tail = await backend.get(at('big.bin'), { start: total - 10, end: total - 1 });
    expect((await bytesOf(tail.body)).length).toBe(10);
  });

  it('copies an object larger than one CopyObject takes in parts, still on the server side', async () => {
    const small = backendOf('ref1', { maxCopyObjectSize: 6 * MIB, copyPartSize: 8 * MIB });
    standIn.calls.length = 0;
    await small.copy(at('big.bin'), at('big copy.bin', 'v2'));
    expect(standIn.calls.map((call) => `${call.operation} ${call.status}`)).toEqual([
      'CopyObject 400',
      'HeadObject 200',
      'CreateMultipartUpload 200',
      'UploadPartCopy 200',
      'UploadPartCopy 200',
      'UploadPartCopy 200',
      'CompleteMultipartUpload 200',
    ]);
    const original = md5(await bytesOf((await small.get(at('big.bin'))).body));
    expect(md5(await bytesOf((await small.get(at('big copy.bin', 'v2'))).body))).toBe(original);
  });

  it('clones a project into another ref with server-side copies, replacing what the target held', async () => {
    const source = backendOf('parent');
    const target = backendOf('branch');
    for (let i = 0; i < 5; i++) await put(source, at(`dir/f${i}`, `v${i}`), `file ${i}`);
    await put(source, at('k', 'v', 'b2'), 'other bucket');
    await put(target, at('stale'), 'left from an attempt that failed');
    standIn.calls.length = 0;

    await source.cloneInto(target);
    expect(standIn.keys('basin', 'tenant/branch/')).toEqual([
      'tenant/branch/b2/k/v',
      ...Array.from({ length: 5 }, (_, i) => `tenant/branch/docs/dir/f${i}/v${i}`),
    ]);
    expect(standIn.count('CopyObject')).toBe(6);
    expect(standIn.count('GetObject') + standIn.count('PutObject')).toBe(0);
    expect((await bytesOf((await target.get(at('dir/f3', 'v3'))).body)).toString()).toBe('file 3');
    expect(standIn.keys('basin', 'tenant/parent/')).toHaveLength(6);
  });

  it("gives a branch its parent's objects through cloneProjectFiles, as the platform is configured", async () => {
    const ctx = { config: { ...configFromEnv({}), storageBackend: config } } as PlatformContext;
    await put(backendOf('main1'), at('x/y.txt'), 'from the parent');
    await cloneProjectFiles(ctx, 'main1', 'preview1');
    expect(standIn.keys('basin', 'tenant/preview1/')).toEqual(['tenant/preview1/docs/x/y.txt/v1']);
    expect((await bytesOf((await storageBackend(ctx, 'preview1').get(at('x/y.txt'))).body)).toString()).toBe('from the parent');
    // A parent without files gives an empty branch (and a retry leaves nothing of the last attempt).
    await cloneProjectFiles(ctx, 'nothing-here', 'preview1');
    expect(standIn.keys('basin', 'tenant/preview1/')).toEqual([]);
  });

  it('removes a whole project, and the multipart uploads left under it', async () => {
    const project = backendOf('doomed');
    await put(project, at('a'), 'a');
    await put(project, at('b', 'v1', 'other'), 'b');
    // An upload under way (or cut off by a crash): parts sent, not completed.
    let cutOff = () => {};
    const stop = new Promise<void>((resolve) => (cutOff = resolve));
    const body = Readable.from(
      (async function* () {
        for (let i = 0; i < 11 * 16; i++) yield Buffer.alloc(64 * 1024, i);
        await stop;
        throw new Error('the client went away');
      })(),
    );
    const stuck = project.put(at('stuck'), body, 50 * MIB);
    stuck.catch(() => {});
    await waitUntil(() => standIn.openUploads().some((u) => u.key === 'tenant/doomed/docs/stuck/v1' && u.parts >= 2));
    await project.removeAll();
    expect(standIn.keys('basin', 'tenant/doomed/')).toEqual([]);
    expect(standIn.openUploads().filter((u) => u.key.startsWith('tenant/doomed/'))).toEqual([]);
    expect(standIn.keys('basin', 'tenant/ref1/').length).toBeGreaterThan(0);
    cutOff();
    await expect(stuck).rejects.toThrow();
    expect(standIn.keys('basin', 'tenant/doomed/')).toEqual([]);
  });
});

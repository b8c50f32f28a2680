import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from './harness.ts';
import { type RestProject, startRestProject, withKey } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';

// Supabase Storage's answers as the storage-js suite (packages/core/storage-js/test) and Storage's
// own list-v2 tests expect them, with the real supabase-js: listV2, sizes in units of 1000, the
// bucket's fields and messages, and image transformations.
let project: RestProject;
let apiUrl: string;
let service: SupabaseClient;
let anon: SupabaseClient;

const storageUrl = (rest: string) => `${apiUrl}/storage/v1${rest}`;

beforeAll(async () => {
  project = await startRestProject('select 1');
  apiUrl = `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;
  service = supabaseClient(apiUrl, project.keys.service);
  anon = supabaseClient(apiUrl, project.keys.anon);
}, 120_000);

afterAll(async () => {
  await project?.meta.platform.stop();
});

describe('listV2', () => {
  const bucket = 'listing';
  // Names as in Storage's own list-v2 test: uppercase sorts before lowercase, bytewise.
  const roots = ['AAB.txt', 'aaa.txt', 'aal.txt', 'abc.txt', 'zed.txt'];
  const nested = ['aaa/one.txt', 'aaa/two.txt', 'aal/x-1.txt', 'aal/x-2.txt', 'aal/x-3.txt', 'aal/deep/y.txt', 'mmm/z.txt'];

  beforeAll(async () => {
    expect((await service.storage.createBucket(bucket)).error).toBeNull();
    // Created one by one in this order: created_at follows it.
    for (const name of [...nested, ...roots]) {
      expect((await service.storage.from(bucket).upload(name, Buffer.from(name), { contentType: 'text/plain' })).error).toBeNull();
    }
  });

  it('lists every key under a prefix, whole names, without a delimiter', async () => {
    const { data, error } = await service.storage.from(bucket).listV2({ prefix: 'aal' });
    expect(error).toBeNull();
    expect(data).toEqual({ hasNext: false, folders: [], objects: expect.any(Array) });
    expect(data!.objects.map((object) => object.name)).toEqual(['aal.txt', 'aal/deep/y.txt', 'aal/x-1.txt', 'aal/x-2.txt', 'aal/x-3.txt']);
    expect(data!.objects[0]).toMatchObject({ id: expect.any(String), metadata: expect.objectContaining({ size: 7 }) });
  });

  it('folds keys into folders with with_delimiter, as storage-js’s suite expects them', async () => {
    const { data } = await service.storage.from(bucket).listV2({ with_delimiter: true });
    expect(data!.hasNext).toBe(false);
    expect(data!.folders).toEqual([
      expect.objectContaining({ key: 'aaa', name: 'aaa/' }),
      expect.objectContaining({ key: 'aal', name: 'aal/' }),
      expect.objectContaining({ key: 'mmm', name: 'mmm/' }),
    ]);
    expect(data!.objects.map((object) => object.name)).toEqual(roots);
    const inFolder = (await service.storage.from(bucket).listV2({ prefix: 'aal/', with_delimiter: true })).data!;
    expect(inFolder.folders.map((folder) => folder.name)).toEqual(['aal/deep/']);
    expect(inFolder.objects.map((object) => [object.key, object.name])).toEqual([
      ['x-1.txt', 'aal/x-1.txt'],
      ['x-2.txt', 'aal/x-2.txt'],
      ['x-3.txt', 'aal/x-3.txt'],
    ]);
    const noSlash = (await service.storage.from(bucket).listV2({ prefix: 'aal', with_delimiter: true })).data!;
    expect([noSlash.folders.map((folder) => folder.name), noSlash.objects.map((object) => object.name)]).toEqual([['aal/'], ['aal.txt']]);
  });

  it('pages with cursors, folders and objects in one order, by name or by time, either way', async () => {
    // Within a page folders and objects come in two lists: each page is compared as a set, the pages in order.
    const everything = async (options: Parameters<ReturnType<SupabaseClient['storage']['from']>['listV2']>[0]) => {
      const seen: string[][] = [];
      let cursor: string | undefined;
      let pages = 0;
      for (;;) {
        const { data, error } = await service.storage.from(bucket).listV2({ ...options, limit: 2, cursor });
        expect(error).toBeNull();
        const page = [...data!.folders, ...data!.objects];
        expect(page.length).toBeLessThanOrEqual(2);
        pages++;
        seen.push(page.map((entry) => entry.name).sort());
        if (!data!.hasNext) {
          expect(data!.nextCursor).toBeUndefined();
          break;
        }
        expect(page.length).toBe(2);
        cursor = data!.nextCursor;
      }
      return { seen, pages };
    };
    const pagesOf = (names: string[]) =>
      Array.from({ length: Math.ceil(names.length / 2) }, (_, page) => names.slice(page * 2, page * 2 + 2).sort());
    const byName = ['AAB.txt', 'aaa.txt', 'aaa/', 'aal.txt', 'aal/', 'abc.txt', 'mmm/', 'zed.txt'];
    expect(await everything({ with_delimiter: true })).toEqual({ seen: pagesOf(byName), pages: 4 });
    expect((await everything({ with_delimiter: true, sortBy: { column: 'name', order: 'desc' } })).seen).toEqual(
      pagesOf([...byName].reverse()),
    );
    // A folder's time is its first object's creation.
    const byCreation = ['aaa/', 'aal/', 'mmm/', ...roots];
    expect((await everything({ with_delimiter: true, sortBy: { column: 'created_at', order: 'asc' } })).seen).toEqual(pagesOf(byCreation));
    expect((await everything({ with_delimiter: true, sortBy: { column: 'updated_at', order: 'desc' } })).seen).toEqual(
      pagesOf([...byCreation].reverse()),
    );
    expect(await everything({})).toEqual({ seen: pagesOf([...roots, ...nested].sort()), pages: 6 });
  });

  it('shows only what the caller may read, refuses bad bodies, and never answers "Bucket not found" for a listing', async () => {
    expect((await anon.storage.from(bucket).listV2()).data).toEqual({ hasNext: false, folders: [], objects: [] });
    expect((await service.storage.from(bucket).listV2({ limit: 0 })).error).toMatchObject({ status: 400 });
    expect((await service.storage.from(bucket).listV2({ cursor: 'not-a-cursor' })).error).toMatchObject({ status: 400 });
    const response = await fetch(storageUrl(`/object/list-v2/${bucket}`), {
      method: 'POST',
      headers: { ...withKey(project.keys.service), 'content-type': 'application/json' },
      body: JSON.stringify({ sortBy: { column: 'size' } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400' });
  });
});

describe('buckets as Supabase Storage answers them', () => {
  it('refuses a request without a key in Storage’s words, as storage-js’s suite expects, and still serves public objects', async () => {
    // storage-js's `StorageClient(URL).listBuckets()` without headers reads this body's message.
    const listed = await fetch(storageUrl('/bucket'));
    expect([listed.status, await listed.json()]).toEqual([
      401,
      { statusCode: '401', code: 'InvalidJWT', error: 'Unauthorized', message: 'Invalid Compact JWS' },
    ]);
    for (const [method, route] of [
      ['GET', '/bucket'],
      ['POST', '/object/list-v2/listing'],
      ['GET', '/object/listing/aaa.txt'],
      ['GET', '/object/authenticated/listing/aaa.txt'],
      ['GET', '/render/image/authenticated/listing/aaa.txt'],
      ['POST', '/upload/resumable'],
    ] as const) {
      const response = await fetch(storageUrl(route), { method });
      expect([route, response.status, ((await response.json()) as { message: string }).message]).toEqual([
        route,
        401,
        'Invalid Compact JWS',
      ]);
    }
  });

  it('reads file size limits in units of 1000, as Supabase does', async () => {
    expect((await service.storage.createBucket('sized', { public: false, fileSizeLimit: '20mb' })).error).toBeNull();
    expect((await service.storage.getBucket('sized')).data).toMatchObject({ file_size_limit: 20_000_000 });
    for (const [limit, bytes] of [
      ['1.5KB', 1500],
      ['3 GB', 3_000_000_000],
      ['1kb', 1000],
      [2048, 2048],
    ] as const) {
      expect((await service.storage.updateBucket('sized', { public: false, fileSizeLimit: limit })).error).toBeNull();
      expect([limit, (await service.storage.getBucket('sized')).data?.file_size_limit]).toEqual([limit, bytes]);
    }
    await service.storage.updateBucket('sized', { public: false, fileSizeLimit: '1kb' });
    expect((await service.storage.from('sized').upload('ok.bin', Buffer.alloc(1000))).error).toBeNull();
    const refused = await service.storage.from('sized').upload('big.bin', Buffer.alloc(1001));
    expect(refused.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
  });

  it('sends the fields Storage sends, and Storage’s words when emptying', async () => {
    expect((await service.storage.createBucket('fields', { public: true, allowedMimeTypes: ['image/png'] })).error).toBeNull();
    const { data } = await service.storage.getBucket('fields');
    expect(Object.keys(data!).sort()).toEqual(
      ['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'owner_id', 'public', 'type', 'updated_at'].sort(),
    );
    expect(data).toMatchObject({ id: 'fields', name: 'fields', owner: '', owner_id: '', public: true, type: 'STANDARD' });
    const listed = (await service.storage.listBuckets()).data!.find((bucket) => bucket.id === 'fields');
    expect(listed).toEqual(data);
    expect((await service.storage.emptyBucket('fields')).data).toEqual({
      message: 'Empty bucket has been queued. Completion may take up to an hour.',
    });
  });
});

describe('image transformations', () => {
  let jpeg: Buffer;
  const bucket = 'pictures';
  const transformsOf = () => path.join(project.meta.platform.dataDir, 'storage', '.transforms', project.meta.ref, bucket);
  const variantFiles = async (key: string): Promise<string[]> => {
    const root = path.join(transformsOf(), key);
    const versions = await readdir(root).catch(() => [] as string[]);
    return (
      await Promise.all(versions.map(async (version) => (await readdir(path.join(root, version))).map((file) => `${version}/${file}`)))
    ).flat();
  };

  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect((await service.storage.createBucket(bucket, { public: true })).error).toBeNull();
    // As storage-js's suite uploads it: a Buffer, so stored as text/plain; the format is read from the bytes.
    expect((await service.storage.from(bucket).upload('cat.jpg', jpeg)).error).toBeNull();
    expect((await service.storage.createBucket('private-pictures')).error).toBeNull();
    expect((await service.storage.from('private-pictures').upload('cat.jpg', jpeg)).error).toBeNull();
  });

  it('downloads an authenticated transformed image, in its own format unless the client takes WebP or AVIF', async () => {
    const { data, error } = await service.storage.from('private-pictures').download('cat.jpg', { transform: { width: 200, height: 200 } });
    expect(error).toBeNull();
    expect(data!.type).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await data!.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 200 });

    const asWebp = await fetch(storageUrl('/render/image/authenticated/private-pictures/cat.jpg?width=100'), {
      headers: { ...withKey(project.keys.service), accept: 'image/webp,*/*' },
    });
    expect([asWebp.status, asWebp.headers.get('content-type'), asWebp.headers.get('vary')]).toEqual([200, 'image/webp', 'Accept']);
    expect(await sharp(Buffer.from(await asWebp.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 100, height: 75 });
    const asAvif = await fetch(storageUrl('/render/image/authenticated/private-pictures/cat.jpg?width=100'), {
      headers: { ...withKey(project.keys.service), accept: 'image/avif,image/webp' },
    });
    expect(asAvif.headers.get('content-type')).toBe('image/avif');
    await asAvif.arrayBuffer();
    const origin = await fetch(storageUrl('/render/image/authenticated/private-pictures/cat.jpg?width=100&format=origin'), {
      headers: { ...withKey(project.keys.service), accept: 'image/webp' },
    });
    expect(origin.headers.get('content-type')).toBe('image/jpeg');
    await origin.arrayBuffer();

    // Without a key, an authenticated render is refused; anon sees no object of a private bucket.
    expect((await fetch(storageUrl('/render/image/authenticated/private-pictures/cat.jpg?width=100'))).status).toBe(401);
    expect((await anon.storage.from('private-pictures').download('cat.jpg', { transform: { width: 10 } })).error).toMatchObject({
      status: 404,
    });
  });

  it('serves public render URLs without a key, with each resize mode', async () => {
    const url = (transform: { width?: number; height?: number; resize?: 'cover' | 'contain' | 'fill' }) =>
      service.storage.from(bucket).getPublicUrl('cat.jpg', { transform }).data.publicUrl;
    expect(url({ width: 200, height: 300 })).toBe(storageUrl(`/render/image/public/${bucket}/cat.jpg?width=200&height=300`));
    for (const [resize, width, height] of [
      ['cover', 200, 200],
      ['contain', 200, 150],
      ['fill', 200, 200],
    ] as const) {
      const response = await fetch(url({ width: 200, height: 200, resize }));
      expect([resize, response.status]).toEqual([resize, 200]);
      expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width, height });
    }
    const quality = await fetch(
      service.storage.from(bucket).getPublicUrl('cat.jpg', { transform: { width: 50, quality: 30 } }).data.publicUrl,
    );
    expect(quality.headers.get('x-transformations')).toBe('width:50,resizing_type:fill,quality:30');
    await quality.arrayBuffer();
    // A private bucket's objects are no one's through a public URL.
    const refused = await fetch(storageUrl('/render/image/public/private-pictures/cat.jpg?width=10'));
    expect(refused.status).toBe(404);
    // Nor through a signed URL route without a token.
    expect((await fetch(storageUrl('/render/image/sign/private-pictures/cat.jpg'))).status).toBe(400);
  });

  it('signs a transformed image: the token fixes the transformation, as storage-js’s suite expects', async () => {
    const { data, error } = await service.storage
      .from('private-pictures')
      .createSignedUrl('cat.jpg', 60, { transform: { width: 200, height: 200, quality: 60 } });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain(storageUrl('/render/image/sign/private-pictures/cat.jpg'));
    const response = await fetch(`${data!.signedUrl}&width=10`);
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(response.headers.get('x-transformations')).toBe('height:200,width:200,resizing_type:fill,quality:60');
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width: 200, height: 200 });
    const forged = await fetch(data!.signedUrl.replace('cat.jpg', 'dog.jpg'));
    expect(forged.status).toBe(400);
  });

  it('refuses what is out of bounds with a clear 4xx', async () => {
    const render = (query: string, key = 'cat.jpg') =>
      fetch(storageUrl(`/render/image/authenticated/${bucket}/${key}?${query}`), { headers: withKey(project.keys.service) });
    for (const query of ['width=2501', 'width=0', 'height=-4', 'width=abc', 'quality=10', 'quality=101', 'resize=stretch', 'format=gif']) {
      const response = await render(query);
      expect([query, response.status]).toEqual([query, 400]);
      expect(await response.json()).toMatchObject({
        statusCode: '400',
        message: expect.stringMatching(/width|height|quality|resize|format/),
      });
    }
    expect((await render('width=2500')).status).toBe(200);

    expect((await service.storage.from(bucket).upload('notes.txt', Buffer.from('not an image'))).error).toBeNull();
    const notImage = await render('width=10', 'notes.txt');
    expect(notImage.status).toBe(400);
    expect(await notImage.json()).toMatchObject({ message: 'The object is not an image that can be transformed' });

    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await service.storage.from(bucket).upload('huge.png', huge, { contentType: 'image/png' })).error).toBeNull();
    const tooManyPixels = await render('width=10', 'huge.png');
    expect(tooManyPixels.status).toBe(400);
    expect(await tooManyPixels.json()).toMatchObject({ message: expect.stringMatching(/50 megapixels/) });

    expect((await service.storage.from(bucket).upload('heavy.jpg', jpeg)).error).toBeNull();
    await query(
      project.meta.connectionString,
      `update storage.objects set metadata = jsonb_set(metadata, '{size}', '25000001') where bucket_id = $1 and name = 'heavy.jpg'`,
      [bucket],
    );
    const tooLarge = await render('width=10', 'heavy.jpg');
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ statusCode: '413', message: expect.stringMatching(/25 MB/) });
  });

  it('keeps each variant once per version, counted as the project’s, and drops it with the version', async () => {
    const key = 'cached.jpg';
    const files = service.storage.from(bucket);
    expect((await files.upload(key, jpeg)).error).toBeNull();
    const render = () => fetch(storageUrl(`/render/image/public/${bucket}/${key}?width=120`));
    const first = await render();
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const cached = await variantFiles(key);
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatch(/\.jpeg$/);
    const second = await render();
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(
      (
        await fetch(storageUrl(`/render/image/public/${bucket}/${key}?width=120`), {
          headers: { 'if-none-match': first.headers.get('etag')! },
        })
      ).status,
    ).toBe(304);
    expect(await variantFiles(key)).toEqual(cached);
    const size = (await stat(path.join(transformsOf(), key, cached[0]!))).size;
    expect(size).toBe(firstBytes.length);

    // A new version: a new variant; the old one goes with the old version.
    expect((await files.upload(key, jpeg, { upsert: true })).error).toBeNull();
    await (await render()).arrayBuffer();
    const after = await variantFiles(key);
    expect(after).toHaveLength(1);
    expect(after[0]!.split('/')[0]).not.toBe(cached[0]!.split('/')[0]);

    expect((await files.remove([key])).error).toBeNull();
    expect(await variantFiles(key)).toEqual([]);
    expect((await service.storage.emptyBucket(bucket)).error).toBeNull();
    expect((await service.storage.deleteBucket(bucket)).error).toBeNull();
    await expect(stat(transformsOf())).rejects.toThrow(/ENOENT/);
  });
});

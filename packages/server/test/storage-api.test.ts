import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from './harness.ts';
import { type RestProject, startRestProject, withKey } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';
import { signUserJwt } from './user-jwt.ts';

// The real supabase-js client on /storage/v1: buckets, uploads (raw and multipart), downloads,
// lists, moves, copies, removals, public and signed URLs fetched over plain HTTP without a key,
// and row level security on storage.objects written by a member as on Supabase.
let project: RestProject;
let apiUrl: string;
let service: SupabaseClient;
let anon: SupabaseClient;
let tmp: string;

const PASSWORD = 'a fine password 1';
let emailCount = 0;
const newEmail = () => `storage-${Date.now().toString(36)}-${emailCount++}@example.com`;

/** The policies Supabase's guides write: each signed-in user reads and writes `docs/<their id>/...` only. */
const OWN_FOLDER_POLICIES = `
  create policy "own folder read" on storage.objects for select to authenticated
    using (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "own folder write" on storage.objects for insert to authenticated
    with check (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "own folder update" on storage.objects for update to authenticated
    using (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "own folder delete" on storage.objects for delete to authenticated
    using (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
`;

const storageUrl = (rest: string) => `${apiUrl}/storage/v1${rest}`;
const bytesOf = async (blob: Blob | null) => Buffer.from(await blob!.arrayBuffer());

async function signedInUser(): Promise<{ id: string; client: SupabaseClient }> {
  const { data, error } = await supabaseClient(apiUrl, project.keys.anon).auth.signUp({ email: newEmail(), password: PASSWORD });
  expect(error).toBeNull();
  return { id: data.user!.id, client: supabaseClient(apiUrl, project.keys.anon, data.session!.access_token) };
}

beforeAll(async () => {
  project = await startRestProject('select 1');
  apiUrl = `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;
  const configured = await project.meta.owner.patch(`/api/platform/auth/${project.meta.ref}/config`, { MAILER_AUTOCONFIRM: true });
  expect(configured.status).toBe(200);
  service = supabaseClient(apiUrl, project.keys.service);
  anon = supabaseClient(apiUrl, project.keys.anon);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'basin-storage-test-'));
}, 120_000);

afterAll(async () => {
  await project?.meta.platform.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('the storage schema', () => {
  it('is Supabase-shaped, owned by a role that is no superuser, with row level security on and no policy', async () => {
    const { rows } = await query(
      project.meta.connectionString,
      `select c.relname, pg_get_userbyid(c.relowner) as owner, c.relrowsecurity as rls,
              (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
         from pg_class c where c.relnamespace = 'storage'::regnamespace and c.relkind = 'r' order by 1`,
    );
    expect(rows).toEqual([
      { relname: 'buckets', owner: 'supabase_storage_admin', rls: true, policies: 0 },
      { relname: 'objects', owner: 'supabase_storage_admin', rls: true, policies: 0 },
    ]);
    const role = await query(
      project.meta.connectionString,
      `select rolsuper, rolcanlogin from pg_roles where rolname = 'supabase_storage_admin'`,
    );
    expect(role.rows).toEqual([{ rolsuper: false, rolcanlogin: false }]);
    const schemaOwner = await query(
      project.meta.connectionString,
      `select pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = 'storage'`,
    );
    expect(schemaOwner.rows).toEqual([{ owner: 'basin_admin' }]);
    const helpers = await query(
      project.meta.connectionString,
      `select storage.foldername('a/b/c.png') as folders, storage.filename('a/b/c.png') as file, storage.extension('a/b/c.png') as ext`,
    );
    expect(helpers.rows).toEqual([{ folders: ['a', 'b'], file: 'c.png', ext: 'png' }]);
  });

  it('lets a member write the usual own-folder policies as postgres', async () => {
    await query(project.meta.connectionString, OWN_FOLDER_POLICIES);
    const { rows } = await query(
      project.meta.connectionString,
      `select policyname from pg_policies where schemaname = 'storage' order by 1`,
    );
    expect(rows.map((row) => row.policyname)).toEqual(['own folder delete', 'own folder read', 'own folder update', 'own folder write']);
  });
});

describe('buckets', () => {
  it('creates, reads, lists, updates, empties and deletes a bucket', async () => {
    const created = await service.storage.createBucket('photos', { public: true, fileSizeLimit: '1MB', allowedMimeTypes: ['image/*'] });
    expect(created).toEqual({ data: { name: 'photos' }, error: null });
    const { data: bucket } = await service.storage.getBucket('photos');
    expect(bucket).toMatchObject({
      id: 'photos',
      name: 'photos',
      public: true,
      file_size_limit: 1_000_000, // '1MB' as Supabase reads it: units of 1000
      allowed_mime_types: ['image/*'],
    });
    const { data: list } = await service.storage.listBuckets();
    expect(list!.map((b) => b.id)).toContain('photos');

    expect(
      (await service.storage.updateBucket('photos', { public: false, fileSizeLimit: 2048, allowedMimeTypes: ['image/png'] })).data,
    ).toEqual({
      message: 'Successfully updated',
    });
    expect((await service.storage.getBucket('photos')).data).toMatchObject({
      public: false,
      file_size_limit: 2048,
      allowed_mime_types: ['image/png'],
    });

    const again = await service.storage.createBucket('photos');
    expect(again.error).toMatchObject({ status: 409, message: 'The resource already exists' });
    expect((await service.storage.getBucket('nope')).error).toMatchObject({ status: 404, message: 'Bucket not found' });
    expect((await service.storage.createBucket('bad/name')).error).toMatchObject({ status: 400 });
    expect((await service.storage.createBucket('huge', { public: false, fileSizeLimit: '6GB' })).error).toMatchObject({ status: 400 });

    const png = new Blob([randomBytes(100)], { type: 'image/png' });
    expect((await service.storage.from('photos').upload('p.png', png)).error).toBeNull();
    const notEmpty = await service.storage.deleteBucket('photos');
    expect(notEmpty.error).toMatchObject({ status: 409, message: 'The bucket you tried to delete is not empty' });
    expect((await service.storage.emptyBucket('photos')).data).toEqual({
      message: 'Empty bucket has been queued. Completion may take up to an hour.',
    });
    expect((await service.storage.deleteBucket('photos')).data).toEqual({ message: 'Successfully deleted' });
    expect((await service.storage.getBucket('photos')).error).toMatchObject({ status: 404 });
    await expect(stat(path.join(project.meta.platform.dataDir, 'storage', project.meta.ref, 'photos'))).rejects.toThrow(/ENOENT/);
  });

  it('takes no bucket management from anon or a signed-in user without a policy on storage.buckets', async () => {
    const refused = await anon.storage.createBucket('sneaky');
    expect(refused.error).toMatchObject({ status: 403 });
    const { client } = await signedInUser();
    expect((await client.storage.createBucket('sneaky')).error).toMatchObject({ status: 403 });
    expect((await anon.storage.listBuckets()).data).toEqual([]);
  });
});

describe('objects', () => {
  beforeAll(async () => {
    expect((await service.storage.createBucket('files')).error).toBeNull();
    expect((await service.storage.createBucket('public-files', { public: true })).error).toBeNull();
  });

  it('uploads raw bodies and multipart forms, downloads them byte for byte and describes them', async () => {
    const raw = randomBytes(3000);
    const up = await service.storage
      .from('files')
      .upload('raw/one.bin', raw, { contentType: 'application/octet-stream', cacheControl: '60' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'raw/one.bin', fullPath: 'files/raw/one.bin' });
    expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await bytesOf((await service.storage.from('files').download('raw/one.bin')).data)).toEqual(raw);

    const text = new Blob(['hello, storage'], { type: 'text/plain' });
    const form = await service.storage.from('files').upload('form/hello.txt', text, { metadata: { kind: 'greeting' } });
    expect(form.error).toBeNull();
    const downloaded = await service.storage.from('files').download('form/hello.txt');
    expect(await downloaded.data!.text()).toBe('hello, storage');

    const { data: info } = await service.storage.from('files').info('form/hello.txt');
    expect(info).toMatchObject({
      name: 'form/hello.txt',
      bucketId: 'files',
      size: 14,
      contentType: 'text/plain',
      cacheControl: 'max-age=3600',
      metadata: { kind: 'greeting' },
    });
    expect(info!.etag).toBe(`"${createHash('md5').update('hello, storage').digest('hex')}"`);
    expect((await service.storage.from('files').exists('form/hello.txt')).data).toBe(true);
    expect((await service.storage.from('files').exists('form/nothing.txt')).data).toBe(false);

    const response = await fetch(storageUrl('/object/files/raw/one.bin'), { headers: withKey(project.keys.service) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-length')).toBe('3000');
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(response.headers.get('etag')).toBe(`"${createHash('md5').update(raw).digest('hex')}"`);
    expect(response.headers.get('last-modified')).toBeTruthy();
    await response.arrayBuffer();
    const cached = await fetch(storageUrl('/object/files/raw/one.bin'), {
      headers: { ...withKey(project.keys.service), 'if-none-match': response.headers.get('etag')! },
    });
    expect(cached.status).toBe(304);
  });

  it('refuses a second upload of a key unless upserting, and replaces the bytes when it is', async () => {
    const bucket = service.storage.from('files');
    expect((await bucket.upload('dup.txt', Buffer.from('first'))).error).toBeNull();
    expect((await bucket.upload('dup.txt', Buffer.from('second'))).error).toMatchObject({
      status: 409,
      message: 'The resource already exists',
    });
    expect((await bucket.upload('dup.txt', Buffer.from('second'), { upsert: true })).error).toBeNull();
    expect(await (await bucket.download('dup.txt')).data!.text()).toBe('second');
    expect((await bucket.update('dup.txt', Buffer.from('third'))).error).toBeNull();
    expect(await (await bucket.download('dup.txt')).data!.text()).toBe('third');
    // One version's bytes on disk: the replaced ones are gone.
    const versions = await readdir(path.join(project.meta.platform.dataDir, 'storage', project.meta.ref, 'files', 'dup.txt'));
    expect(versions).toHaveLength(1);
  });

  it('checks uploads against the bucket’s allowed types and size limit', async () => {
    expect(
      (await service.storage.createBucket('images', { public: false, allowedMimeTypes: ['image/*'], fileSizeLimit: 1024 })).error,
    ).toBeNull();
    const bucket = service.storage.from('images');
    const wrongType = await bucket.upload('a.txt', Buffer.from('text'), { contentType: 'text/plain' });
    expect(wrongType.error).toMatchObject({ status: 415, message: 'mime type text/plain is not supported' });
    const tooBig = await bucket.upload('big.png', randomBytes(2048), { contentType: 'image/png' });
    expect(tooBig.error).toMatchObject({ status: 413, message: 'The object exceeded the maximum allowed size' });
    const tooBigForm = await bucket.upload('big2.png', new Blob([randomBytes(2048)], { type: 'image/png' }));
    expect(tooBigForm.error).toMatchObject({ status: 413 });
    expect((await bucket.upload('ok.png', randomBytes(1024), { contentType: 'image/png' })).error).toBeNull();
    const { data: listed } = await bucket.list();
    expect(listed!.map((entry) => entry.name)).toEqual(['ok.png']);
    // The project's own limit (Storage settings) caps every bucket's.
    expect((await project.meta.owner.patch(`/api/platform/storage/${project.meta.ref}/settings`, { file_size_limit: 512 })).status).toBe(
      200,
    );
    expect((await bucket.upload('capped.png', randomBytes(600), { contentType: 'image/png' })).error).toMatchObject({ status: 413 });
    expect((await service.storage.from('files').upload('capped.bin', randomBytes(600))).error).toMatchObject({ status: 413 });
    expect(
      (await project.meta.owner.patch(`/api/platform/storage/${project.meta.ref}/settings`, { file_size_limit: 50 * 1024 * 1024 })).status,
    ).toBe(200);
    // Nothing half-written is left behind by the refusals.
    expect(await readdir(path.join(project.meta.platform.dataDir, 'storage', project.meta.ref, '.tmp'))).toEqual([]);
  });

  it('lists folders then files under a prefix, with search, sort, limit and offset', async () => {
    const bucket = service.storage.from('files');
    for (const name of ['tree/b.txt', 'tree/a.txt', 'tree/C.txt', 'tree/sub/deep.txt', 'tree/sub2/x/y.txt', 'tree-sibling.txt']) {
      expect((await bucket.upload(name, Buffer.from(name))).error).toBeNull();
    }
    const { data: top } = await bucket.list('tree');
    expect(top!.map((entry) => entry.name)).toEqual(['sub', 'sub2', 'C.txt', 'a.txt', 'b.txt']);
    expect(top![0]).toMatchObject({ id: null, metadata: null });
    expect(top![2]).toMatchObject({ metadata: { size: 10, mimetype: 'text/plain;charset=UTF-8' } });
    expect((await bucket.list('tree/')).data!.map((entry) => entry.name)).toEqual(['sub', 'sub2', 'C.txt', 'a.txt', 'b.txt']);
    expect((await bucket.list('tree', { search: 'c' })).data!.map((entry) => entry.name)).toEqual(['C.txt']);
    expect((await bucket.list('tree', { search: 'sub' })).data!.map((entry) => entry.name)).toEqual(['sub', 'sub2']);
    expect((await bucket.list('tree', { sortBy: { column: 'name', order: 'desc' } })).data!.map((entry) => entry.name)).toEqual([
      'sub2',
      'sub',
      'b.txt',
      'a.txt',
      'C.txt',
    ]);
    expect((await bucket.list('tree', { limit: 2, offset: 2 })).data!.map((entry) => entry.name)).toEqual(['C.txt', 'a.txt']);
    const root = (await bucket.list()).data!.map((entry) => entry.name);
    expect(root).toEqual(expect.arrayContaining(['tree', 'raw', 'form', 'tree-sibling.txt', 'dup.txt']));
    expect((await bucket.list('tree', { search: '%' })).data).toEqual([]);
    expect((await bucket.list('tree', { sortBy: { column: 'name; drop table x', order: 'asc' } })).error).toMatchObject({ status: 400 });
  });

  it('moves, copies and removes objects', async () => {
    const bucket = service.storage.from('files');
    expect((await bucket.upload('mv/source.txt', Buffer.from('moving'))).error).toBeNull();
    expect((await bucket.move('mv/source.txt', 'mv/target.txt')).data).toEqual({ message: 'Successfully moved' });
    expect((await bucket.download('mv/source.txt')).error).toMatchObject({ status: 404 });
    expect(await (await bucket.download('mv/target.txt')).data!.text()).toBe('moving');
    expect((await bucket.move('mv/missing.txt', 'mv/x.txt')).error).toMatchObject({ status: 404, message: 'Object not found' });

    const copied = await bucket.copy('mv/target.txt', 'mv/copy.txt');
    expect(copied).toEqual({ data: { path: 'files/mv/copy.txt' }, error: null });
    expect(await (await bucket.download('mv/copy.txt')).data!.text()).toBe('moving');
    expect((await bucket.copy('mv/target.txt', 'mv/copy.txt')).error).toMatchObject({ status: 409 });
    const across = await bucket.copy('mv/target.txt', 'elsewhere/copy.txt', { destinationBucket: 'public-files' });
    expect(across.error).toBeNull();
    expect(await (await service.storage.from('public-files').download('elsewhere/copy.txt')).data!.text()).toBe('moving');

    const removed = await bucket.remove(['mv/target.txt', 'mv/copy.txt', 'mv/never.txt']);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((object) => object.name).sort()).toEqual(['mv/copy.txt', 'mv/target.txt']);
    expect((await bucket.list('mv')).data).toEqual([]);
    // The copy in the other bucket keeps its bytes (copies share them until one is removed).
    expect(await (await service.storage.from('public-files').download('elsewhere/copy.txt')).data!.text()).toBe('moving');
  });

  it('holds a copy, or a move into another bucket, to that bucket’s limits as an upload, changing nothing when refused', async () => {
    expect(
      (await service.storage.createBucket('small-pngs', { public: false, allowedMimeTypes: ['image/png'], fileSizeLimit: 1024 })).error,
    ).toBeNull();
    const files = service.storage.from('files');
    const page = randomBytes(3 * 1024);
    expect((await files.upload('limits/page.html', page, { contentType: 'text/html' })).error).toBeNull();
    expect((await files.upload('limits/big.png', randomBytes(3 * 1024), { contentType: 'image/png' })).error).toBeNull();
    expect((await files.upload('limits/small.html', Buffer.from('<p>hi</p>'), { contentType: 'text/html' })).error).toBeNull();
    const into = { destinationBucket: 'small-pngs' };
    const tooBig = { status: 413, statusCode: '413', message: 'The object exceeded the maximum allowed size' };
    const wrongType = { status: 415, statusCode: '415', message: 'mime type text/html is not supported' };
    // The case: 3 KB of text/html into a bucket of 1 KB image/png files.
    expect((await files.copy('limits/page.html', 'page.html', into)).error).toMatchObject(tooBig);
    expect((await files.move('limits/page.html', 'page.html', into)).error).toMatchObject(tooBig);
    expect((await files.copy('limits/big.png', 'big.png', into)).error).toMatchObject(tooBig);
    expect((await files.move('limits/big.png', 'big.png', into)).error).toMatchObject(tooBig);
    expect((await files.copy('limits/small.html', 'small.html', into)).error).toMatchObject(wrongType);
    expect((await files.move('limits/small.html', 'small.html', into)).error).toMatchObject(wrongType);
    // A copy within the bucket meets its limits too.
    expect((await service.storage.from('small-pngs').upload('ok.png', randomBytes(100), { contentType: 'image/png' })).error).toBeNull();
    await query(
      project.meta.connectionString,
      `update storage.buckets set file_size_limit = 50, allowed_mime_types = '{image/png}' where id = 'small-pngs'`,
    );
    expect((await service.storage.from('small-pngs').copy('ok.png', 'again.png')).error).toMatchObject(tooBig);
    await query(project.meta.connectionString, `update storage.buckets set file_size_limit = 1024 where id = 'small-pngs'`);

    // Nothing moved, nothing copied, no bytes left behind.
    expect((await service.storage.from('small-pngs').list()).data!.map((entry) => entry.name)).toEqual(['ok.png']);
    expect((await files.list('limits')).data!.map((entry) => entry.name)).toEqual(['big.png', 'page.html', 'small.html']);
    expect((await bytesOf((await files.download('limits/page.html')).data)).equals(page)).toBe(true);
    expect(await readdir(path.join(project.meta.platform.dataDir, 'storage', project.meta.ref, 'small-pngs'))).toEqual(['ok.png']);

    // What fits goes in, both ways.
    expect((await files.upload('limits/fits.png', randomBytes(1000), { contentType: 'image/png' })).error).toBeNull();
    expect((await files.copy('limits/fits.png', 'copied.png', into)).error).toBeNull();
    expect((await files.move('limits/fits.png', 'moved.png', into)).error).toBeNull();
    expect((await service.storage.from('small-pngs').list()).data!.map((entry) => entry.name)).toEqual([
      'copied.png',
      'moved.png',
      'ok.png',
    ]);
  });

  it('serves Range requests and HEAD', async () => {
    const content = Buffer.from('0123456789abcdefghij');
    expect((await service.storage.from('files').upload('range.txt', content, { contentType: 'text/plain' })).error).toBeNull();
    const url = storageUrl('/object/files/range.txt');
    const part = await fetch(url, { headers: { ...withKey(project.keys.service), range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/20');
    expect(part.headers.get('content-length')).toBe('4');
    expect(await part.text()).toBe('2345');
    const suffix = await fetch(url, { headers: { ...withKey(project.keys.service), range: 'bytes=-3' } });
    expect(await suffix.text()).toBe('hij');
    const open = await fetch(url, { headers: { ...withKey(project.keys.service), range: 'bytes=18-' } });
    expect(await open.text()).toBe('ij');
    const beyond = await fetch(url, { headers: { ...withKey(project.keys.service), range: 'bytes=50-60' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */20');
    await beyond.arrayBuffer();
    const head = await fetch(url, { method: 'HEAD', headers: withKey(project.keys.service) });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('20');
    expect(head.headers.get('accept-ranges')).toBe('bytes');
  });

  it('refuses bad keys and bad bodies with 4xx, never 5xx', async () => {
    const headers = { ...withKey(project.keys.service), 'content-type': 'text/plain' };
    for (const key of ['a%2F..%2F..%2Fescape', '..', 'a%2F.%2Fb', 'nul%00byte', 'x'.repeat(1100), 'a%2F%2Fb', 'bad%FFescape']) {
      const response = await fetch(storageUrl(`/object/files/${key}`), { method: 'POST', headers, body: 'x' });
      expect([400, 404], key).toContain(response.status);
      expect(((await response.json()) as { statusCode: string }).statusCode).toBe(String(response.status));
    }
    const badJson = await fetch(storageUrl('/object/list/files'), {
      method: 'POST',
      headers: { ...withKey(project.keys.service), 'content-type': 'application/json' },
      body: '{',
    });
    expect(badJson.status).toBe(400);
    const noExpiry = await fetch(storageUrl('/object/sign/files/range.txt'), {
      method: 'POST',
      headers: withKey(project.keys.service),
      body: '{}',
    });
    expect(noExpiry.status).toBe(400);
    const brokenForm = await fetch(storageUrl('/object/files/broken.txt'), {
      method: 'POST',
      headers: { ...withKey(project.keys.service), 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name=""; filename="a"\r\n\r\nno closing boundary',
    });
    expect(brokenForm.status).toBe(400);
    expect((await service.storage.from('files').exists('broken.txt')).data).toBe(false);
    const unknown = await fetch(storageUrl('/nothing-here'), { headers: withKey(project.keys.service) });
    expect(unknown.status).toBe(404);
  });

  it('refuses a content type with a control character (as Supabase: invalid mime type), and serves any stored type', async () => {
    // A header cannot carry a vertical tab from fetch; the multipart form's contentType field can.
    const form = new FormData();
    form.set('contentType', 'text/plain\v; x');
    form.set('', new Blob(['tabbed']), 'tab.txt');
    const refused = await fetch(storageUrl('/object/files/types/tab.txt'), {
      method: 'POST',
      headers: withKey(project.keys.service),
      body: form,
    });
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ statusCode: '415', code: 'InvalidMimeType', error: 'invalid_mime_type' });
    expect((await service.storage.from('files').exists('types/tab.txt')).data).toBe(false);

    // A type is stored as parsed; one a member writes in SQL is read the same way, or as bytes.
    const bucket = service.storage.from('files');
    expect((await bucket.upload('types/a.txt', Buffer.from('plain'), { contentType: ' Text/Plain; Charset=utf-8' })).error).toBeNull();
    expect((await bucket.info('types/a.txt')).data).toMatchObject({ contentType: 'text/plain;charset=utf-8' });
    for (const [stored, served] of [
      ['text/plain\u000b; x', 'application/octet-stream'],
      ['text/plain;\u000b x=1', 'application/octet-stream'],
      [' text/html', 'text/html'],
      ['not a type', 'application/octet-stream'],
    ]) {
      await query(
        project.meta.connectionString,
        `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', $1::jsonb) where name = 'types/a.txt'`,
        [JSON.stringify(stored)],
      );
      const response = await fetch(storageUrl('/object/files/types/a.txt'), { headers: withKey(project.keys.service) });
      expect([stored, response.status, response.headers.get('content-type')]).toEqual([stored, 200, served]);
      expect(await response.text()).toBe('plain');
    }
  });

  it('refuses an expired user token in Storage’s own words, which storage-js reads', async () => {
    const expired = await signUserJwt(project.keys.secret, { role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001' }, -3600);
    const { error } = await supabaseClient(apiUrl, project.keys.anon, expired).storage.from('files').list();
    expect(error).toMatchObject({ status: 401, statusCode: '401', message: expect.stringMatching(/expired/) });
  });
});

describe('public and signed URLs over plain HTTP', () => {
  it('serves objects of public buckets without a key, and nothing of private ones', async () => {
    expect((await service.storage.from('public-files').upload('pub/logo.txt', Buffer.from('public bytes'))).error).toBeNull();
    const { publicUrl } = service.storage.from('public-files').getPublicUrl('pub/logo.txt').data;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('public bytes');
    const download = await fetch(
      service.storage.from('public-files').getPublicUrl('pub/logo.txt', { download: 'saved.txt' }).data.publicUrl,
    );
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="saved.txt"');
    await download.arrayBuffer();

    const privateUrl = service.storage.from('files').getPublicUrl('range.txt').data.publicUrl;
    const refused = await fetch(privateUrl);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    // Other storage routes still need a key.
    expect((await fetch(storageUrl('/object/files/range.txt'))).status).toBe(401);
  });

  it('serves HTML only as an attachment, sandboxed, so an uploaded page never runs in the API origin', async () => {
    await service.storage.from('public-files').upload('page.html', Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html' });
    // Also when a member wrote the type in SQL with a leading space, as the attacker's probe did.
    await query(
      project.meta.connectionString,
      `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', '" text/html"') where name = 'page.html'`,
    );
    const response = await fetch(service.storage.from('public-files').getPublicUrl('page.html').data.publicUrl);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(/^sandbox(;|$)/);
    await response.arrayBuffer();
  });

  it('signs URLs that work without a key until they expire, for the object they name only', async () => {
    const bucket = service.storage.from('files');
    const { data, error } = await bucket.createSignedUrl('range.txt', 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/storage/v1/object/sign/files/range.txt?token=');
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('0123456789abcdefghij');
    const ranged = await fetch(data!.signedUrl, { headers: { range: 'bytes=0-1' } });
    expect(await ranged.text()).toBe('01');

    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const otherObject = await fetch(storageUrl(`/object/sign/files/dup.txt?token=${token}`));
    expect(otherObject.status).toBe(400);
    expect(await otherObject.json()).toMatchObject({ message: 'The url do not match the signature' });
    const tampered = await fetch(storageUrl(`/object/sign/files/range.txt?token=${token.slice(0, -4)}AAAA`));
    expect(tampered.status).toBe(400);
    await tampered.arrayBuffer();
    const expired = await signUserJwt(project.keys.secret, { url: 'files/range.txt' }, -10);
    const late = await fetch(storageUrl(`/object/sign/files/range.txt?token=${expired}`));
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: 'Invalid JWT', message: 'jwt expired' });
    expect((await fetch(storageUrl('/object/sign/files/range.txt'))).status).toBe(400);

    const many = await bucket.createSignedUrls(['range.txt', 'missing.txt'], 60);
    expect(many.data).toEqual([
      expect.objectContaining({ path: 'range.txt', error: null, signedUrl: expect.stringContaining('token=') }),
      expect.objectContaining({
        path: 'missing.txt',
        error: 'Either the object does not exist or you do not have access to it',
        signedUrl: null,
      }),
    ]);
    expect((await bucket.createSignedUrl('missing.txt', 60)).error).toMatchObject({ status: 404 });
  });

  it('takes an upload through a signed upload URL, once, with no key', async () => {
    const bucket = service.storage.from('files');
    const { data, error } = await bucket.createSignedUploadUrl('signed/upload.txt');
    expect(error).toBeNull();
    const keyless = supabaseClient(apiUrl, 'no-key-at-all');
    const up = await keyless.storage.from('files').uploadToSignedUrl('signed/upload.txt', data!.token, Buffer.from('signed upload'));
    // supabase-js sends its (here invalid) key along; the plain-HTTP upload below sends none.
    expect(up.error).not.toBeNull();
    const plain = await fetch(data!.signedUrl, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'signed upload' });
    expect(plain.status).toBe(200);
    expect(await plain.json()).toMatchObject({ Key: 'files/signed/upload.txt' });
    expect(await (await bucket.download('signed/upload.txt')).data!.text()).toBe('signed upload');
    const again = await fetch(data!.signedUrl, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'again' });
    expect(again.status).toBe(409);
    await again.arrayBuffer();

    const withClient = await bucket.createSignedUploadUrl('signed/client.txt');
    const viaClient = await anon.storage
      .from('files')
      .uploadToSignedUrl('signed/client.txt', withClient.data!.token, Buffer.from('from client'));
    expect(viaClient.error).toBeNull();
    expect(viaClient.data).toMatchObject({ path: 'signed/client.txt', fullPath: 'files/signed/client.txt' });
    // A download token does not stand in for an upload token.
    const download = await bucket.createSignedUrl('signed/client.txt', 60);
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!;
    const misuse = await fetch(storageUrl(`/object/upload/sign/files/signed/client.txt?token=${downloadToken}`), {
      method: 'PUT',
      body: 'x',
    });
    expect(misuse.status).toBe(400);
    await misuse.arrayBuffer();
  });
});

describe('row level security on storage.objects', () => {
  let a: { id: string; client: SupabaseClient };
  let b: { id: string; client: SupabaseClient };

  beforeAll(async () => {
    expect((await service.storage.createBucket('docs')).error).toBeNull();
    [a, b] = [await signedInUser(), await signedInUser()];
  });

  it('lets each user write and read only their own folder', async () => {
    const mine = await a.client.storage.from('docs').upload(`${a.id}/notes.txt`, Buffer.from('A private'));
    expect(mine.error).toBeNull();
    const { rows } = await query(project.meta.connectionString, `select owner::text, owner_id from storage.objects where name = $1`, [
      `${a.id}/notes.txt`,
    ]);
    expect(rows).toEqual([{ owner: a.id, owner_id: a.id }]);
    expect((await b.client.storage.from('docs').upload(`${b.id}/notes.txt`, Buffer.from('B private'))).error).toBeNull();

    const intruding = await a.client.storage.from('docs').upload(`${b.id}/planted.txt`, Buffer.from('x'));
    expect(intruding.error).toMatchObject({ status: 403 });
    expect(intruding.error!.message).toMatch(/row-level security/);
    await expect(stat(path.join(project.meta.platform.dataDir, 'storage', project.meta.ref, 'docs', b.id, 'planted.txt'))).rejects.toThrow(
      /ENOENT/,
    );

    expect(await (await a.client.storage.from('docs').download(`${a.id}/notes.txt`)).data!.text()).toBe('A private');
    expect((await b.client.storage.from('docs').download(`${a.id}/notes.txt`)).error).toMatchObject({ status: 404 });
    expect((await b.client.storage.from('docs').list(a.id)).data).toEqual([]);
    expect((await b.client.storage.from('docs').list()).data!.map((entry) => entry.name)).toEqual([b.id]);
    expect((await b.client.storage.from('docs').createSignedUrl(`${a.id}/notes.txt`, 60)).error).toMatchObject({ status: 404 });
    expect((await b.client.storage.from('docs').remove([`${a.id}/notes.txt`])).data).toEqual([]);
    expect((await b.client.storage.from('docs').move(`${a.id}/notes.txt`, `${b.id}/stolen.txt`)).error).toMatchObject({ status: 404 });
    expect((await b.client.storage.from('docs').copy(`${a.id}/notes.txt`, `${b.id}/stolen.txt`)).error).toMatchObject({ status: 404 });
    expect((await b.client.storage.from('docs').createSignedUploadUrl(`${a.id}/over.txt`)).error).toMatchObject({ status: 403 });
  });

  it('shows anon nothing and service_role everything', async () => {
    expect((await anon.storage.from('docs').list(a.id)).data).toEqual([]);
    expect((await anon.storage.from('docs').download(`${a.id}/notes.txt`)).error).toMatchObject({ status: 404 });
    expect((await anon.storage.from('docs').upload('anon.txt', Buffer.from('x'))).error).toMatchObject({ status: 403 });
    const all = (await service.storage.from('docs').list()).data!.map((entry) => entry.name).sort();
    expect(all).toEqual([a.id, b.id].sort());
    expect(await (await service.storage.from('docs').download(`${b.id}/notes.txt`)).data!.text()).toBe('B private');
  });

  it('honours a user token forged with another secret as no one', async () => {
    const forged = await signUserJwt('not the project secret at all, not at all', { sub: a.id, role: 'authenticated' });
    const response = await fetch(storageUrl(`/object/docs/${a.id}/notes.txt`), { headers: withKey(project.keys.anon, forged) });
    expect(response.status).toBe(401);
    await response.arrayBuffer();
  });
});

describe('a 50 MB file', () => {
  it('streams up and down without holding the file in memory', async () => {
    const size = 50 * 1024 * 1024;
    const file = path.join(tmp, 'big.bin');
    const hash = createHash('md5');
    const out = createWriteStream(file);
    for (let written = 0; written < size; written += 1024 * 1024) {
      const chunk = randomBytes(1024 * 1024);
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const md5 = hash.digest('hex');
    expect((await service.storage.createBucket('big')).error).toBeNull();

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      const up = await service.storage.from('big').upload('big.bin', createReadStream(file), { contentType: 'application/octet-stream' });
      expect(up.error).toBeNull();
      const response = await fetch(storageUrl('/object/big/big.bin'), { headers: withKey(project.keys.service) });
      expect(response.headers.get('content-length')).toBe(String(size));
      const downloaded = createHash('md5');
      let received = 0;
      for await (const chunk of response.body!) {
        downloaded.update(chunk);
        received += chunk.length;
      }
      expect(received).toBe(size);
      expect(downloaded.digest('hex')).toBe(md5);
    } finally {
      clearInterval(sampler);
    }
    // Client and platform share this process, whose RSS also moves with everything else loaded (GC,
    // allocator arenas): holding the file on both sides would pass twice its size. The platform's
    // own growth is measured precisely by `npm run bench` (a 200 MB transfer).
    expect(peak - baseline).toBeLessThan(2 * size);
    const { data: info } = await service.storage.from('big').info('big.bin');
    expect(info).toMatchObject({ size, etag: `"${md5}"` });
    const onDisk = await readdir(path.join(project.meta.platform.dataDir, 'storage', project.meta.ref, 'big', 'big.bin'));
    expect((await stat(path.join(project.meta.platform.dataDir, 'storage', project.meta.ref, 'big', 'big.bin', onDisk[0]!))).size).toBe(
      size,
    );

    const over = await service.storage.from('big').upload('over.bin', randomBytes(size + 1), { contentType: 'application/octet-stream' });
    expect(over.error).toMatchObject({ status: 413 });
  }, 120_000);
});

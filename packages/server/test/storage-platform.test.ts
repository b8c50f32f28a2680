import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ApiClient, query, uniqueEmail, waitFor, waitForStatus } from './harness.ts';
import { signUpMember } from './membership.ts';
import { type RestProject, startRestProject } from './rest-project.ts';

// The dashboard's Storage routes (/platform/storage/{ref}/...) with members' sessions: buckets,
// files streamed up and down, folders, moves, signed and public URLs, the project's file size
// limit, and the archive of every bucket as a real zip.
let project: RestProject;
let ref: string;
let owner: ApiClient;
const members = {} as Record<'admin' | 'developer' | 'reader', ApiClient>;
const base = () => `/api/platform/storage/${ref}`;

/** A request with the member's session, any body (streamed uploads), as the dashboard sends it. */
function send(client: ApiClient, method: string, path: string, body?: RequestInit['body'], headers: Record<string, string> = {}) {
  return fetch(`${client.baseUrl}${path}`, {
    method,
    headers: { cookie: client.cookie, origin: client.baseUrl, ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
}
const objectPath = (bucket: string, key: string) =>
  `${base()}/buckets/${encodeURIComponent(bucket)}/objects/${key.split('/').map(encodeURIComponent).join('/')}`;
const upload = (
  client: ApiClient,
  bucket: string,
  key: string,
  body: RequestInit['body'],
  type = 'application/octet-stream',
  headers: Record<string, string> = {},
) => send(client, 'PUT', objectPath(bucket, key), body, { 'content-type': type, ...headers });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
/** The project's gateway for a URL made for `http://{ref}.{BASIN_DOMAIN}`. */

beforeAll(async () => {
  project = await startRestProject('select 1');
  ref = project.meta.ref;
  owner = project.meta.owner;
  for (const [name, role] of [
    ['admin', 'Administrator'],
    ['developer', 'Developer'],
    ['reader', 'Read-only'],
  ] as const) {
    const client = await signUpMember(owner, project.meta.slug, role, `storage-${name}`);
    members[name] = client;
  }
}, 120_000);

afterAll(async () => {
  await project?.meta.platform.stop();
});

describe('buckets', () => {
  it('are created, read, changed and listed by builders; read-only members read them', async () => {
    expect(await owner.get(`${base()}/buckets`)).toMatchObject({ status: 200, body: [] });
    const created = await owner.post(`${base()}/buckets`, { name: 'docs' });
    expect(created).toMatchObject({
      status: 201,
      body: { id: 'docs', name: 'docs', public: false, file_size_limit: null, allowed_mime_types: null },
    });
    const pics = await members.developer.post(`${base()}/buckets`, {
      name: 'pics',
      public: true,
      file_size_limit: 1024 * 1024,
      allowed_mime_types: ['image/*'],
    });
    expect(pics).toMatchObject({
      status: 201,
      body: { id: 'pics', public: true, file_size_limit: 1048576, allowed_mime_types: ['image/*'] },
    });

    expect(await members.reader.post(`${base()}/buckets`, { name: 'nope' })).toMatchObject({
      status: 403,
      body: { message: expect.stringMatching(/Owner, Administrator or Developer/) },
    });
    expect(await owner.post(`${base()}/buckets`, { name: 'docs' })).toMatchObject({ status: 409 });
    expect((await owner.post(`${base()}/buckets`, { name: '.hidden' })).status).toBe(400);
    expect((await owner.post(`${base()}/buckets`, { name: 'a/b' })).status).toBe(400);
    expect(await owner.post(`${base()}/buckets`, { name: 'huge', file_size_limit: 1024 ** 3 })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/may not exceed the project's limit \(50 MB\)/) },
    });

    const listed = await members.reader.get(`${base()}/buckets`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((bucket: { name: string }) => bucket.name)).toEqual(['docs', 'pics']);
    expect(await members.reader.get(`${base()}/buckets/pics`)).toMatchObject({ status: 200, body: { public: true } });
    expect((await members.reader.get(`${base()}/buckets/missing`)).status).toBe(404);

    expect(await members.reader.patch(`${base()}/buckets/pics`, { public: false })).toMatchObject({ status: 403 });
    expect(await members.admin.patch(`${base()}/buckets/pics`, { allowed_mime_types: ['image/png', 'image/jpeg'] })).toMatchObject({
      status: 200,
      body: { public: true, allowed_mime_types: ['image/png', 'image/jpeg'] },
    });
    expect((await owner.patch(`${base()}/buckets/pics`, {})).status).toBe(400);
    // What the dashboard changes is what storage-js sees.
    const { rows } = await query(
      project.meta.connectionString,
      `select id, public, file_size_limit, allowed_mime_types from storage.buckets order by id`,
    );
    expect(rows).toEqual([
      { id: 'docs', public: false, file_size_limit: null, allowed_mime_types: null },
      { id: 'pics', public: true, file_size_limit: '1048576', allowed_mime_types: ['image/png', 'image/jpeg'] },
    ]);
  });
});

describe('files', () => {
  const big = randomBytes(12 * 1024 * 1024);

  it('upload streamed (beyond the platform body limit), list by folder, download as attachments', async () => {
    expect((await upload(owner, 'docs', 'notes/hello.txt', 'hello world', 'text/plain')).status).toBe(200);
    expect((await upload(members.developer, 'docs', 'notes/deep/b.md', '# b', 'text/markdown')).status).toBe(200);
    const upBig = await upload(owner, 'docs', 'big.bin', big);
    expect(upBig.status).toBe(200);
    expect(await upBig.json()).toMatchObject({ Key: 'docs/big.bin', Id: expect.any(String) });
    // A name with spaces and non-ASCII letters, through the path's percent-encoding.
    expect((await upload(owner, 'docs', 'notes/my file (1).txt', 'one', 'text/plain')).status).toBe(200);

    const reader = await upload(members.reader, 'docs', 'x.txt', 'x', 'text/plain');
    expect(reader.status).toBe(403);
    expect(await reader.json()).toMatchObject({ message: expect.stringMatching(/Owner, Administrator or Developer/) });
    expect((await upload(owner, 'docs', 'notes/hello.txt', 'again', 'text/plain')).status).toBe(409);
    expect((await upload(owner, 'docs', 'notes/hello.txt', 'hello again', 'text/plain', { 'x-upsert': 'true' })).status).toBe(200);
    const refusedType = await upload(owner, 'pics', 'a.txt', 'text', 'text/plain');
    expect(refusedType.status).toBe(415);
    expect((await upload(owner, 'pics', 'big.png', randomBytes(1024 * 1024 + 1), 'image/png')).status).toBe(413);
    expect((await upload(owner, 'pics', 'logo.png', randomBytes(2048), 'image/png')).status).toBe(200);

    const root = await members.reader.post(`${base()}/buckets/docs/objects/list`, { path: '' });
    expect(root.status).toBe(200);
    expect(root.body.map((entry: { name: string; id: string | null }) => [entry.name, entry.id === null])).toEqual([
      ['notes', true],
      ['big.bin', false],
    ]);
    expect(root.body[1].metadata).toMatchObject({ size: big.length, mimetype: 'application/octet-stream' });
    const notes = await owner.post(`${base()}/buckets/docs/objects/list`, { path: 'notes/' });
    expect(notes.body.map((entry: { name: string }) => entry.name)).toEqual(['deep', 'hello.txt', 'my file (1).txt']);
    const searched = await owner.post(`${base()}/buckets/docs/objects/list`, { path: 'notes', search: 'HEL' });
    expect(searched.body.map((entry: { name: string }) => entry.name)).toEqual(['hello.txt']);
    expect((await owner.post(`${base()}/buckets/docs/objects/list`, { path: '', sortBy: { column: 'size' } })).status).toBe(400);
    expect((await owner.post(`${base()}/buckets/missing/objects/list`, {})).status).toBe(404);

    const down = await send(members.reader, 'GET', objectPath('docs', 'big.bin'));
    expect(down.status).toBe(200);
    expect(down.headers.get('content-disposition')).toMatch(/^attachment; filename="big.bin"/);
    expect((await bytesOf(down)).equals(big)).toBe(true);
    const unicode = await send(owner, 'GET', objectPath('docs', 'notes/my file (1).txt'));
    expect(await unicode.text()).toBe('one');
    expect(unicode.headers.get('content-disposition')).toContain("filename*=UTF-8''my%20file%20(1).txt");
    const inline = await send(owner, 'GET', `${objectPath('docs', 'notes/hello.txt')}?inline`);
    expect(inline.headers.get('content-disposition')).toBeNull();
    expect(await inline.text()).toBe('hello again');
    expect((await send(owner, 'GET', objectPath('docs', 'missing.txt'))).status).toBe(404);
    const outsider = new ApiClient(project.meta.platform.url);
    await outsider.signUp(uniqueEmail('storage-outsider'));
    expect((await send(outsider, 'GET', objectPath('docs', 'big.bin'))).status).toBe(404);
    expect((await send(new ApiClient(project.meta.platform.url), 'GET', objectPath('docs', 'big.bin'))).status).toBe(401);
  });

  it('signed and public URLs download without a key', async () => {
    expect(await members.reader.post(`${base()}/buckets/docs/objects/sign`, { path: 'notes/hello.txt', expiresIn: 60 })).toMatchObject({
      status: 403,
    });
    const signed = await members.developer.post(`${base()}/buckets/docs/objects/sign`, { path: 'notes/my file (1).txt', expiresIn: 60 });
    expect(signed).toMatchObject({
      status: 200,
      body: { signedUrl: expect.stringMatching(/\/storage\/v1\/object\/sign\/docs\/notes\/.+\?token=/), expiresAt: expect.any(String) },
    });
    const fetched = await fetch(signed.body.signedUrl);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe('one');
    expect((await owner.post(`${base()}/buckets/docs/objects/sign`, { path: 'missing.txt', expiresIn: 60 })).status).toBe(404);
    expect((await owner.post(`${base()}/buckets/docs/objects/sign`, { path: 'big.bin', expiresIn: 0 })).status).toBe(400);

    const publicUrl = await members.reader.post(`${base()}/buckets/pics/objects/public-url`, { path: 'logo.png' });
    expect(publicUrl).toMatchObject({
      status: 200,
      body: { publicUrl: expect.stringMatching(/\/storage\/v1\/object\/public\/pics\/logo\.png$/) },
    });
    expect((await fetch(publicUrl.body.publicUrl)).status).toBe(200);
    expect(await owner.post(`${base()}/buckets/docs/objects/public-url`, { path: 'big.bin' })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/not public/) },
    });
  });

  it('move, and delete many (a folder with everything under it)', async () => {
    expect(await members.reader.post(`${base()}/buckets/docs/objects/move`, { from: 'big.bin', to: 'archive/big.bin' })).toMatchObject({
      status: 403,
    });
    expect(await owner.post(`${base()}/buckets/docs/objects/move`, { from: 'big.bin', to: 'archive/big.bin' })).toMatchObject({
      status: 200,
    });
    expect((await send(owner, 'GET', objectPath('docs', 'big.bin'))).status).toBe(404);
    expect((await bytesOf(await send(owner, 'GET', objectPath('docs', 'archive/big.bin')))).equals(big)).toBe(true);

    expect((await upload(owner, 'docs', 'tmp/.emptyFolderPlaceholder', '', 'application/octet-stream')).status).toBe(200);
    expect((await upload(owner, 'docs', 'tmp/one.txt', '1', 'text/plain')).status).toBe(200);
    expect(await members.reader.post(`${base()}/buckets/docs/objects/delete`, { paths: ['tmp/one.txt'] })).toMatchObject({ status: 403 });
    const removed = await members.developer.post(`${base()}/buckets/docs/objects/delete`, { paths: ['tmp/', 'notes/deep/b.md'] });
    expect(removed.status).toBe(200);
    expect(removed.body.map((entry: { name: string }) => entry.name).sort()).toEqual([
      'notes/deep/b.md',
      'tmp/.emptyFolderPlaceholder',
      'tmp/one.txt',
    ]);
    const root = await owner.post(`${base()}/buckets/docs/objects/list`, {});
    expect(root.body.map((entry: { name: string }) => entry.name)).toEqual(['archive', 'notes']);
    expect((await owner.post(`${base()}/buckets/docs/objects/delete`, { paths: [] })).status).toBe(400);
  });
});

describe("stored content on the dashboard's origin", () => {
  /** The object's stored type, written in SQL as a Developer may (storage.objects.metadata is theirs). */
  const storeType = async (key: string, type: string) =>
    expect(
      await members.developer.post(`/api/platform/pg-meta/${ref}/query`, {
        query: `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', '${JSON.stringify(type).replaceAll("'", "''")}') where bucket_id = 'docs' and name = '${key}'`,
      }),
    ).toMatchObject({ status: 200 });

  it('is sandboxed, and previewed inline only for inert types, whatever type a member wrote', async () => {
    const page = '<script>document.title = "pwned"</script>';
    expect((await upload(members.developer, 'docs', 'served/page.txt', page, 'text/plain')).status).toBe(200);
    for (const [stored, type, inline] of [
      [' text/html', 'text/html', false],
      ['TEXT/HTML; charset=utf-8', 'text/html;charset=utf-8', false],
      ['image/svg+xml', 'image/svg+xml', false],
      ['application/xhtml+xml', 'application/xhtml+xml', false],
      ['text/xml', 'text/xml', false],
      ['application/pdf', 'application/pdf', false],
      ['text/plain\u000b; x', 'application/octet-stream', false],
      ['not a type', 'application/octet-stream', false],
      [' IMAGE/PNG', 'image/png', true],
      ['image/webp', 'image/webp', true],
      ['text/plain; charset=utf-8', 'text/plain;charset=utf-8', true],
    ] as const) {
      await storeType('served/page.txt', stored);
      for (const suffix of ['?inline', '']) {
        const answer = await send(owner, 'GET', `${objectPath('docs', 'served/page.txt')}${suffix}`);
        const seen = [
          stored,
          suffix,
          answer.status,
          answer.headers.get('content-type'),
          answer.headers.get('content-disposition') === null,
        ];
        expect(seen).toEqual([stored, suffix, 200, type, inline && suffix === '?inline']);
        expect(answer.headers.get('content-security-policy')).toMatch(/^sandbox(;|$)/);
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(await answer.text()).toBe(page);
      }
    }

    // The same bytes through the project's gateway on this origin (a signed URL, no key) are sandboxed too.
    await storeType('served/page.txt', ' text/html');
    const signed = await owner.post(`${base()}/buckets/docs/objects/sign`, { path: 'served/page.txt', expiresIn: 60 });
    const viaPath = await fetch(signed.body.signedUrl);
    expect(viaPath.headers.get('content-security-policy')).toMatch(/^sandbox(;|$)/);
    expect(viaPath.headers.get('x-content-type-options')).toBe('nosniff');
    expect(viaPath.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(await viaPath.text()).toBe(page);
    expect((await owner.post(`${base()}/buckets/docs/objects/delete`, { paths: ['served/'] })).status).toBe(200);
  });
});

describe('storage settings', () => {
  it("the project's file size limit: read by all, set by Owners and Administrators, held on uploads and bucket limits", async () => {
    expect(await members.reader.get(`${base()}/settings`)).toMatchObject({
      status: 200,
      // BASIN_STORAGE_MAX_FILE_SIZE's '5GB', in units of 1000 as Supabase reads sizes.
      body: { file_size_limit: 50 * 1024 * 1024, max_file_size_limit: 5_000_000_000 },
    });
    expect(await members.developer.patch(`${base()}/settings`, { file_size_limit: 1024 })).toMatchObject({
      status: 403,
      body: { message: expect.stringMatching(/Owner or Administrator/) },
    });
    expect((await owner.patch(`${base()}/settings`, { file_size_limit: 6 * 1024 ** 3 })).status).toBe(400);
    expect(await members.admin.patch(`${base()}/settings`, { file_size_limit: 10 * 1024 * 1024 })).toMatchObject({
      status: 200,
      body: { file_size_limit: 10485760 },
    });
    const tooLarge = await upload(owner, 'docs', 'large.bin', randomBytes(11 * 1024 * 1024));
    expect(tooLarge.status).toBe(413);
    expect((await owner.patch(`${base()}/buckets/docs`, { file_size_limit: 20 * 1024 * 1024 })).status).toBe(400);
    expect((await owner.patch(`${base()}/settings`, { file_size_limit: 50 * 1024 * 1024 })).status).toBe(200);
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

describe('the storage archive', () => {
  it("is a zip of every bucket's objects, polled until ready", async () => {
    expect(await members.reader.get(`${base()}/archive`)).toMatchObject({ status: 404, body: { message: 'Storage archive not found' } });
    expect((await members.reader.post(`${base()}/archive`)).status).toBe(403);
    const started = await members.developer.post(`${base()}/archive`);
    expect(started).toMatchObject({ status: 202, body: { status: 'RUNNING', fileUrl: null } });
    const ready = await waitFor(
      () => members.reader.get(`${base()}/archive`),
      (answer) => answer.body.status !== 'RUNNING',
      60_000,
      200,
    );
    expect(ready.body).toMatchObject({ status: 'READY', fileUrl: `/api/platform/storage/${ref}/archive/download`, error: null });

    const download = await send(members.reader, 'GET', ready.body.fileUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(/attachment; filename="storage-.+\.zip"/);
    expect(download.headers.get('content-security-policy')).toMatch(/^sandbox(;|$)/);
    const entries = await unzip(await bytesOf(download));

    const { rows } = await query(project.meta.connectionString, `select bucket_id || '/' || name as path from storage.objects order by 1`);
    expect([...entries.keys()].sort()).toEqual(rows.map((row) => row.path as string).sort());
    expect(ready.body.objects).toBe(rows.length);
    for (const path of entries.keys()) {
      const [bucket, ...key] = path.split('/');
      const original = await bytesOf(await send(owner, 'GET', objectPath(bucket!, key.join('/'))));
      expect(entries.get(path)!.equals(original), path).toBe(true);
    }
    expect(entries.get('docs/notes/hello.txt')!.toString()).toBe('hello again');
  });
});

describe('the bucket lifecycle and a stopped project', () => {
  it('empties and deletes buckets (with their files)', async () => {
    expect((await members.reader.post(`${base()}/buckets/pics/empty`)).status).toBe(403);
    expect(await owner.post(`${base()}/buckets/pics/empty`)).toMatchObject({ status: 200 });
    expect((await owner.post(`${base()}/buckets/pics/objects/list`, {})).body).toEqual([]);
    expect((await members.reader.delete(`${base()}/buckets/docs`)).status).toBe(403);
    expect(await members.developer.delete(`${base()}/buckets/docs`)).toMatchObject({ status: 200 });
    expect((await owner.get(`${base()}/buckets`)).body.map((bucket: { name: string }) => bucket.name)).toEqual(['pics']);
    const { rows } = await query(project.meta.connectionString, `select count(*)::int as n from storage.objects where bucket_id = 'docs'`);
    expect(rows[0].n).toBe(0);
  });

  it('answers 409 with a clear message while the project is not running', async () => {
    expect((await owner.post(`/api/platform/projects/${ref}/restart`)).status).toBeLessThan(300);
    expect(await members.reader.get(`${base()}/buckets`)).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/not running \(status RESTARTING\)/) },
    });
    expect((await upload(owner, 'pics', 'a.png', 'x', 'image/png')).status).toBe(409);
  });

  it('removes the files and the archive with the project', async () => {
    const { dataDir } = project.meta.platform.ctx.config;
    const places = [path.join(dataDir, 'storage', ref), path.join(dataDir, 'storage-archives', ref)];
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY', 60_000);
    expect(places.map((place) => existsSync(place))).toEqual([true, true]);
    expect((await owner.delete(`/api/platform/projects/${ref}`)).status).toBe(200);
    await waitFor(
      async () => (await owner.get(`/api/platform/projects/${ref}/status`)).status,
      (status) => status === 404,
    );
    expect(places.map((place) => existsSync(place))).toEqual([false, false]);
  });
});

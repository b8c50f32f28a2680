import { DISK_MESSAGES } from '@basin/core';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBytes, setStoredDisk } from './disk-helpers.ts';
import { ApiClient, query, startTestPlatform, uniqueEmail } from './harness.ts';
import { organization, projectWithRows, type Org } from './lifecycle-helpers.ts';
import { storedFiles } from './stored-files.ts';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('project disk', () => {
  let platform: TestPlatform;
  let org: Org;
  let ref: string;
  let connectionString: string;
  beforeAll(async () => {
    platform = await startTestPlatform();
    org = await organization(platform.url);
    ({ ref, connectionString } = await projectWithRows(org, '17', 10));
  });
  afterAll(() => platform?.destroy());

  const disk = (client = org.owner) => client.get(`/api/platform/projects/${ref}/disk`);
  const update = (attributes: unknown, client = org.owner) => client.post(`/api/platform/projects/${ref}/disk`, { attributes });

  it('starts with the default gp3 disk and no cooldown, readable by every member only', async () => {
    const expected = { attributes: { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 }, last_modified_at: null };
    expect(await disk()).toEqual({ status: 200, body: expected });
    expect(await disk(org.developer)).toEqual({ status: 200, body: expected });
    const stranger = new ApiClient(platform.url);
    await stranger.signUp(uniqueEmail('stranger'));
    expect((await disk(stranger)).status).toBe(404);
  });

  it('refuses what is out of the type’s limits and changes nothing', async () => {
    expect(await update({ type: 'gp3', size_gb: 8, iops: 100 })).toEqual({
      status: 400,
      body: { message: 'iops must be between 3000 and 16000 IOPS' },
    });
    expect(await update({ type: 'io2', size_gb: 8, iops: 2000, throughput_mbps: 200 })).toEqual({
      status: 400,
      body: { message: DISK_MESSAGES.throughputOnlyGp3 },
    });
    expect(await update({ type: 'gp3', size_gb: 9, iops: 3000 }, org.developer)).toEqual({
      status: 403,
      body: { message: DISK_MESSAGES.updateForbidden },
    });
    expect((await disk()).body.last_modified_at).toBeNull();
  });

  it('stores a change, then refuses the next one during the cooldown', async () => {
    const changed = await update({ type: 'gp3', size_gb: 20, iops: 4000, throughput_mbps: 250 });
    expect(changed).toMatchObject({ status: 200, body: { attributes: { type: 'gp3', size_gb: 20, iops: 4000, throughput_mbps: 250 } } });
    expect(Date.parse(changed.body.last_modified_at)).toBeGreaterThan(Date.now() - 60_000);

    const refused = await update({ type: 'gp3', size_gb: 30, iops: 4000 });
    expect(refused).toEqual({
      status: 400,
      body: {
        message: `Disk changes are on cooldown until ${new Date(Date.parse(changed.body.last_modified_at) + 6 * 3600 * 1000).toISOString()}`,
      },
    });
    expect((await disk()).body.attributes.size_gb).toBe(20);
  });

  it('keeps each stored change in the disk history, readable by every member only', async () => {
    const history = (client = org.owner) => client.get(`/api/platform/projects/${ref}/disk/history`);
    const { body: current } = await disk();
    expect(await history(org.developer)).toEqual({
      status: 200,
      body: [
        {
          changed_at: current.last_modified_at,
          cause: 'member',
          previous: { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 },
          attributes: { type: 'gp3', size_gb: 20, iops: 4000, throughput_mbps: 250 },
          used_bytes: null,
        },
      ],
    });
    const stranger = new ApiClient(platform.url);
    await stranger.signUp(uniqueEmail('stranger'));
    expect((await history(stranger)).status).toBe(404);
  });

  it('accepts a change again once the cooldown is over, and drops throughput for io2', async () => {
    await setStoredDisk(platform.ctx.db, ref, 20, new Date(Date.now() - 7 * 3600 * 1000));
    const changed = await update({ type: 'io2', size_gb: 40, iops: 2000 });
    expect(changed).toMatchObject({ status: 200, body: { attributes: { type: 'io2', size_gb: 40, iops: 2000 } } });
    expect(changed.body.attributes).not.toHaveProperty('throughput_mbps');
    expect((await disk()).body.attributes).toEqual({ type: 'io2', size_gb: 40, iops: 2000 });
  });

  describe('with stored files', () => {
    const usage = async () => (await org.owner.get(`/api/platform/projects/${ref}/infrastructure`)).body.disk;
    const warning = async () => (await org.owner.get(`/api/platform/projects-resource-warnings?ref=${ref}`)).body[0];
    let stored = 0;

    it('counts the stored files in the disk used, beside the databases, by the bytes stored', async () => {
      const files = storedFiles(org.owner, ref);
      const before = await usage();
      expect(before).toMatchObject({ storage_bytes: 0, used_bytes: before.database_bytes });
      await files.createBucket('media');
      await files.upload('media', 'clips/a.bin', randomBytes(3 * MB));
      await files.upload('media', 'b.txt', 'x'.repeat(1234), 'text/plain');
      stored = 3 * MB + 1234;

      const after = await usage();
      expect(after.storage_bytes).toBe(stored);
      expect(after.used_bytes).toBe(after.database_bytes + stored);
      // The databases measured as before, within what statistics files move between two reads.
      expect(Math.abs(after.database_bytes - (await databaseBytes(platform.ctx, ref)))).toBeLessThan(MB);
    });

    it('goes read-only when the files fill the disk: an upload is refused with a clear answer', async () => {
      const files = storedFiles(org.owner, ref);
      const databases = await databaseBytes(platform.ctx, ref);
      // Enough files that the databases alone stay under 80% of the disk and, with them, pass 95%.
      const filler = Math.ceil((databases * 0.4) / (20 * MB));
      for (let i = 0; i < filler; i++) await files.upload('media', `filler/${i}.bin`, randomBytes(20 * MB));
      stored += filler * 20 * MB;
      // Changed a moment ago, so autoscaling waits for the cooldown and read-only mode is what is left.
      await setStoredDisk(platform.ctx.db, ref, (databases + stored) / 0.97 / GB, new Date());
      expect(databases / ((databases + stored) / 0.97)).toBeLessThan(0.8);

      expect((await usage()).used_bytes).toBeGreaterThanOrEqual(databases + stored);
      expect(await warning()).toMatchObject({ is_readonly_mode_enabled: true });
      const refused = await files.tryUpload('media', 'one-more.txt', 'more', 'text/plain');
      expect({ status: refused.status, body: await refused.json() }).toEqual({
        status: 503,
        body: { message: 'The project is in read-only mode: its disk is full' },
      });

      // Files that cannot be measured (their folder cannot be read) never lift read-only mode.
      const folder = path.join(platform.dataDir, 'storage', ref);
      await rename(folder, `${folder}.aside`);
      await writeFile(folder, 'not a folder');
      try {
        expect(await usage()).toMatchObject({ storage_bytes: null, used_bytes: expect.any(Number) });
        expect(await warning()).toMatchObject({ is_readonly_mode_enabled: true });
      } finally {
        await rm(folder);
        await rename(`${folder}.aside`, folder);
      }

      await setStoredDisk(platform.ctx.db, ref, 8);
      expect(await warning()).toMatchObject({ is_readonly_mode_enabled: false });
      await files.upload('media', 'one-more.txt', 'more', 'text/plain');
      stored += 4;
    });

    it('counts the bytes stored, whatever sizes members write in the rows', async () => {
      // Members own the rows (and may alter the table): what they write there changes nothing.
      await query(connectionString, `update storage.objects set metadata = jsonb_set(metadata, '{size}', '"lots"') where name = 'b.txt'`);
      await query(
        connectionString,
        `update storage.objects set metadata = jsonb_set(metadata, '{size}', '-5000000') where name = 'clips/a.bin'`,
      );
      await query(connectionString, `update storage.objects set metadata = jsonb_set(metadata, '{size}', '1') where name like 'filler/%'`);
      await query(connectionString, `update storage.objects set metadata = '{}' where name = 'one-more.txt'`);
      expect((await usage()).storage_bytes).toBe(stored);
    });

    it('counts uploads under way: a temporary file and the parts of an unfinished resumable upload', async () => {
      const temporary = path.join(platform.dataDir, 'storage', ref, '.tmp');
      await mkdir(temporary, { recursive: true });
      await writeFile(path.join(temporary, 'half-written'), Buffer.alloc(1000));
      const part = randomBytes(2 * MB);
      const upload = await startResumableUpload('media', 'big/resumable.bin', 5 * MB, part);
      const measured = (await usage()).storage_bytes;
      // The part and the upload's small record beside it.
      expect(measured).toBeGreaterThanOrEqual(stored + 1000 + part.length);
      expect(measured).toBeLessThan(stored + 1000 + part.length + 4096);
      expect((await fetch(upload, { method: 'DELETE', headers: { ...serviceKey(), 'tus-resumable': '1.0.0' } })).status).toBe(204);
      await rm(temporary, { recursive: true });
      expect((await usage()).storage_bytes).toBe(stored);
    });

    const serviceKey = () => ({ apikey: keys.service, authorization: `Bearer ${keys.service}` });
    let keys: { service: string };
    beforeAll(async () => {
      const settings = (await org.owner.get(`/api/platform/projects/${ref}/settings`)).body;
      keys = { service: settings.service_api_keys.find((k: { tags: string }) => k.tags === 'service_role').api_key };
    });

    /** Creates a TUS upload of `length` bytes and sends its first part, as tus-js-client would; its URL. */
    async function startResumableUpload(bucket: string, key: string, length: number, part: Buffer): Promise<string> {
      const base64 = (value: string) => Buffer.from(value).toString('base64');
      const created = await fetch(`${platform.url}/api/projects/${ref}/gateway/storage/v1/upload/resumable`, {
        method: 'POST',
        headers: {
          ...serviceKey(),
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': `bucketName ${base64(bucket)},objectName ${base64(key)},contentType ${base64('application/octet-stream')}`,
        },
      });
      if (created.status !== 201) throw new Error(`resumable upload: ${created.status} ${await created.text()}`);
      const url = new URL(created.headers.get('location')!, `${platform.url}/api/projects/${ref}/gateway/storage/v1/upload/resumable`).href;
      const sent = await fetch(url, {
        method: 'PATCH',
        headers: { ...serviceKey(), 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: part,
      });
      if (sent.status !== 204) throw new Error(`resumable part: ${sent.status} ${await sent.text()}`);
      return url;
    }
  });
});

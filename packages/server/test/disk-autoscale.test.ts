import { DISK_COOLDOWN_SECONDS, DISK_MESSAGES } from '@basin/core';
import { mkdir, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as disks from '../src/store/disks.ts';
import * as projects from '../src/store/projects.ts';
import { databaseBytes, setStoredDisk } from './disk-helpers.ts';
import { query, startTestPlatform, waitFor } from './harness.ts';
import { organization, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';

type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;
const GB = 1024 ** 3;
const HOUR_MS = 3600 * 1000;

describe('disk autoscaling', () => {
  let platform: TestPlatform;
  let org: Org;
  let project: ProjectWithRows;
  let projectId: number;
  let filler: string;
  beforeAll(async () => {
    // Sampling five times a second, where a real install samples every minute.
    platform = await startTestPlatform({ resourceSampleIntervalMs: 200 });
    org = await organization(platform.url, 'pro');
    project = await projectWithRows(org, '17', 10);
    projectId = (await projects.findByRef(platform.ctx.db, project.ref))!.id;
    // Bytes an upload under way holds count in the disk used, by their size: a sparse file stands for
    // gigabytes the test machine does not have.
    const uploads = path.join(platform.dataDir, 'storage', project.ref, '.tmp');
    await mkdir(uploads, { recursive: true });
    filler = path.join(uploads, 'filler');
  });
  afterAll(() => platform?.destroy());

  const disk = async () => (await org.owner.get(`/api/platform/projects/${project.ref}/disk`)).body;
  const history = async () => (await org.owner.get(`/api/platform/projects/${project.ref}/disk/history`)).body;
  const warning = async () => (await org.owner.get(`/api/platform/projects-resource-warnings?ref=${project.ref}`)).body[0];
  const usedBytes = async () => (await org.owner.get(`/api/platform/projects/${project.ref}/infrastructure`)).body.disk.used_bytes;
  const insertNote = () => query(project.connectionString, `insert into notes (body) values ('more')`);
  /** Stored bytes that bring the disk used to `ratio` of `sizeGb`. */
  const fillTo = async (ratio: number, sizeGb: number) => {
    await writeFile(filler, '');
    const others = await usedBytes();
    await truncate(filler, Math.ceil(ratio * sizeGb * GB - others));
  };

  it('grows a small disk filling past 90% by 4 GB (its half being less, rounded up to whole GB) before it would go read-only, and records it', async () => {
    const sizeGb = (await databaseBytes(platform.ctx, project.ref)) / 0.85 / GB;
    await setStoredDisk(platform.ctx.db, project.ref, sizeGb);
    // About 10 MB of rows: well past 95% of the small disk.
    await query(
      project.connectionString,
      'create table filler as select repeat(md5(i::text), 30) as body from generate_series(1, 10000) i',
    );

    const grown = await waitFor(disk, (d) => d.attributes.size_gb > sizeGb, 30_000);
    expect(grown.attributes).toEqual({ type: 'gp3', size_gb: Math.ceil(sizeGb + 4), iops: 3000, throughput_mbps: 125 });
    expect(Date.parse(grown.last_modified_at)).toBeGreaterThan(Date.now() - 60_000);
    const entries = await history();
    expect(entries).toEqual([
      {
        changed_at: grown.last_modified_at,
        cause: 'autoscale',
        previous: { type: 'gp3', size_gb: sizeGb, iops: 3000, throughput_mbps: 125 },
        attributes: grown.attributes,
        used_bytes: expect.any(Number),
      },
    ]);
    expect(entries[0].used_bytes).toBeGreaterThan(0.9 * sizeGb * GB);
    // Read-only mode never came: the disk grew in the measure that found it full.
    expect((await disks.find(platform.ctx.db, projectId)).readonly_mode).toBe(false);
    await insertNote();
    expect(await warning()).toMatchObject({ disk_space: null, is_readonly_mode_enabled: false, disk_autoscale_blocked: null });
  });

  it('does not grow again inside the cooldown but says why; past 95% read-only mode is the last resort', async () => {
    const { attributes, last_modified_at: grownAt } = await disk();
    await fillTo(0.92, attributes.size_gb);
    const retryAt = new Date(Date.parse(grownAt) + DISK_COOLDOWN_SECONDS * 1000).toISOString();
    const blocked = await waitFor(warning, (w) => w?.disk_autoscale_blocked !== null, 30_000);
    expect(blocked).toMatchObject({
      disk_space: 'warning',
      is_readonly_mode_enabled: false,
      disk_autoscale_blocked: {
        reason: 'cooldown',
        retry_at: retryAt,
        message: DISK_MESSAGES.autoscaleBlocked({ reason: 'cooldown', retryAt }),
      },
    });
    expect(blocked.disk_autoscale_blocked.message).toMatch(/^The disk is more than 90% full but changed less than 6 hours ago/);

    await fillTo(0.97, attributes.size_gb);
    await waitFor(warning, (w) => w?.is_readonly_mode_enabled === true, 30_000);
    await expect(insertNote()).rejects.toThrow(/read-only transaction/);
    expect((await disk()).attributes).toEqual(attributes);
    expect(await history()).toHaveLength(1);
    // A member's change waits for the same cooldown.
    const refused = await org.owner.post(`/api/platform/projects/${project.ref}/disk`, {
      attributes: { type: 'gp3', size_gb: 20, iops: 3000, throughput_mbps: 125 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Disk changes are on cooldown until /);
  });

  it('grows no further than 200 GB by itself, and says so', async () => {
    // The cooldown over; 185 GB used of 150 GB: half would be 225 GB.
    await setStoredDisk(platform.ctx.db, project.ref, 150, new Date(Date.now() - 7 * HOUR_MS));
    await fillTo(185 / 150, 150);
    const grown = await waitFor(disk, (d) => d.attributes.size_gb !== 150, 30_000);
    expect(grown.attributes.size_gb).toBe(200);
    expect((await history())[0]).toMatchObject({ cause: 'autoscale', previous: { size_gb: 150 }, attributes: { size_gb: 200 } });
    // 92.5% of 200 GB: writable again, and growth blocked by the limit before the cooldown.
    const blocked = await waitFor(
      warning,
      (w) => w?.disk_autoscale_blocked?.reason === 'size_limit' && !w.is_readonly_mode_enabled,
      30_000,
    );
    expect(blocked).toMatchObject({
      disk_space: 'warning',
      disk_autoscale_blocked: { retry_at: null, message: DISK_MESSAGES.autoscaleBlocked({ reason: 'size_limit' }) },
    });
    await insertNote();

    // At the limit, out of the cooldown, it stays as it is.
    await setStoredDisk(platform.ctx.db, project.ref, 200, new Date(Date.now() - 7 * HOUR_MS));
    await fillTo(0.97, 200);
    await waitFor(warning, (w) => w?.is_readonly_mode_enabled === true, 30_000);
    expect((await disk()).attributes.size_gb).toBe(200);
    expect((await warning()).disk_autoscale_blocked.reason).toBe('size_limit');
    expect(await history()).toHaveLength(2);
  });

  it('never grows a disk on the free plan', async () => {
    expect((await org.owner.put(`/api/platform/organizations/${org.slug}/billing/subscription`, { plan: 'free' })).status).toBe(200);
    await setStoredDisk(platform.ctx.db, project.ref, 150, new Date(Date.now() - 7 * HOUR_MS));
    const blocked = await waitFor(warning, (w) => w?.disk_autoscale_blocked?.reason === 'free_plan', 30_000);
    expect(blocked.disk_autoscale_blocked.message).toMatch(/disks on the Free plan do not grow automatically/);
    expect((await disk()).attributes.size_gb).toBe(150);
    await rm(filler);
    await waitFor(warning, (w) => w?.disk_autoscale_blocked === null && !w.is_readonly_mode_enabled, 30_000);
  });
});

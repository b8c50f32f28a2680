import { DISK_MESSAGES } from '@basin/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStoredDisk } from './disk-helpers.ts';
import { ApiClient, startTestPlatform, uniqueEmail } from './harness.ts';
import { organization, projectWithRows, type Org } from './lifecycle-helpers.ts';

type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('project disk', () => {
  let platform: TestPlatform;
  let org: Org;
  let ref: string;
  beforeAll(async () => {
    platform = await startTestPlatform();
    org = await organization(platform.url);
    ref = (await projectWithRows(org, '17', 10)).ref;
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
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Disk changes are on cooldown until /);
    expect((await disk()).body.attributes.size_gb).toBe(20);
  });

  it('accepts a change again once the cooldown is over, and drops throughput for io2', async () => {
    await setStoredDisk(platform.ctx.db, ref, 20, new Date(Date.now() - 7 * 3600 * 1000));
    const changed = await update({ type: 'io2', size_gb: 40, iops: 2000 });
    expect(changed).toMatchObject({ status: 200, body: { attributes: { type: 'io2', size_gb: 40, iops: 2000 } } });
    expect(changed.body.attributes).not.toHaveProperty('throughput_mbps');
    expect((await disk()).body.attributes).toEqual({ type: 'io2', size_gb: 40, iops: 2000 });
  });
});

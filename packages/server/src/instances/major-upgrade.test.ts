import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPGRADE_STEPS, type UpgradeStep } from '@basin/core';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, member, readonly, run, testSpec } from '../../test/instance-fixture.ts';
import { EmbeddedDriver } from './embedded-driver.ts';
import { upgradeRefs } from './major-upgrade.ts';
import type { InstanceSpec } from './types.ts';

// Real servers: a Postgres 15 instance with members' objects, moved to 17 by the driver.
let root: string;
let driver: EmbeddedDriver;

/** A 15 instance with a table, a view, a function, a role with a GRANT, and a second database. */
async function populated(ref: string): Promise<InstanceSpec> {
  const spec = await testSpec(ref);
  await driver.create(spec);
  await run(
    spec,
    `create table orders (id serial primary key, total numeric not null check (total >= 0));
     insert into orders (total) select g from generate_series(1, 500) g;
     create view big_orders as select * from orders where total > 400;
     create function order_count() returns bigint language sql as 'select count(*) from orders';`,
    member(spec),
  );
  // Before 16, postgres cannot create roles: members' extra roles come from the platform.
  await run(spec, `create role reporter login password 'reporter-pw'; grant select on orders to reporter`, admin(spec));
  await run(spec, 'create database archive', member(spec));
  await run(spec, `create table notes (body text); insert into notes values ('kept')`, member(spec), 'archive');
  return spec;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'basin-upgrade-'));
  await chmod(root, 0o711); // mkdtemp makes it 0700; the postgres system user must pass through
  driver = new EmbeddedDriver({ projectsDir: join(root, 'projects') });
});
afterAll(async () => {
  await driver.stopAll();
  await rm(root, { recursive: true, force: true });
});

describe('major upgrade on the embedded driver', () => {
  it('has the client tools it needs on this machine', async () => {
    expect(await driver.upgradeBlocker('15')).toBeUndefined();
    expect(await driver.upgradeBlocker('17')).toMatch(/postgresql-client/);
  });

  it('moves a running 15 instance to 17 with its data, roles, grants and databases, through the 8 steps in order', async () => {
    const spec = await populated('moves');
    const steps: UpgradeStep[] = [];
    await driver.upgrade(spec, '17', async (step) => {
      steps.push(step);
    });
    expect(steps).toEqual([...UPGRADE_STEPS]);

    const upgraded = { ...spec, major: '17' as const };
    expect(await driver.isHealthy(upgraded)).toBe(true);
    expect((await run(spec, 'show server_version', member(spec)))[0]!.server_version).toMatch(/^17\./);
    expect(await run(spec, 'select count(*)::int as n, sum(total)::int as total from orders', member(spec))).toEqual([
      { n: 500, total: 125250 },
    ]);
    expect(await run(spec, 'select count(*)::int as n from big_orders', member(spec))).toEqual([{ n: 100 }]);
    expect(await run(spec, 'select order_count()::int as n', member(spec))).toEqual([{ n: 500 }]);
    expect(await run(spec, 'select count(*)::int as n from orders', { user: 'reporter', password: 'reporter-pw' })).toEqual([{ n: 500 }]);
    expect(await run(spec, 'select count(*)::int as n from orders', readonly(spec))).toEqual([{ n: 500 }]);
    await expect(run(spec, 'insert into orders (total) values (1)', readonly(spec))).rejects.toThrow(/read-only/);
    expect(await run(spec, 'select body from notes', member(spec), 'archive')).toEqual([{ body: 'kept' }]);
    // New rows take the next ids: the sequence moved too.
    expect(await run(spec, 'insert into orders (total) values (1) returning id', member(spec))).toEqual([{ id: 501 }]);
    await expect(run(spec, 'insert into orders (total) values (-1)', member(spec))).rejects.toThrow(/check constraint/);
    const refs = upgradeRefs(spec.ref);
    for (const side of Object.values(refs)) expect(existsSync(driver.dataDir(side))).toBe(false);
  });

  it('a failure at any step leaves the old instance serving its data, and nothing beside it', async () => {
    const spec = await populated('fails');
    await expect(
      driver.upgrade(spec, '17', async (step) => {
        if (step === 'migrate to new database') throw new Error('Injected fault at step 5');
      }),
    ).rejects.toThrow('Injected fault at step 5');
    expect((await run(spec, 'show server_version', member(spec)))[0]!.server_version).toMatch(/^15\./);
    expect(await run(spec, 'select count(*)::int as n from orders', member(spec))).toEqual([{ n: 500 }]);
    expect(existsSync(driver.dataDir(upgradeRefs(spec.ref).next))).toBe(false);
  });

  it('upgrades a stopped instance and leaves it stopped when that fails', async () => {
    const spec = await populated('paused');
    await driver.stop(spec.ref);
    await expect(
      driver.upgrade(spec, '17', async (step) => {
        if (step === 'optimize database') throw new Error('late failure');
      }),
    ).rejects.toThrow('late failure');
    expect(await driver.isHealthy(spec)).toBe(false);
    await driver.upgrade(spec, '17', async () => {});
    expect(await run(spec, 'select count(*)::int as n from orders', member(spec))).toEqual([{ n: 500 }]);
  });

  it('after a crash in the middle of the swap, settling puts the old data back', async () => {
    const spec = await populated('crashed');
    const refs = upgradeRefs(spec.ref);
    await driver.create({ ...spec, ref: refs.next, major: '17', port: await getPort() });
    // The crash: old data moved aside, new data not yet in place, the new server still running.
    await driver.stop(spec.ref);
    await rename(driver.dataDir(spec.ref), driver.dataDir(refs.previous));
    expect(await driver.settleUpgrade(spec.ref)).toBe('15');
    expect(existsSync(driver.dataDir(refs.next))).toBe(false);
    expect(existsSync(driver.dataDir(refs.previous))).toBe(false);
    await driver.start(spec);
    expect(await run(spec, 'select count(*)::int as n from orders', member(spec))).toEqual([{ n: 500 }]);
  });
});

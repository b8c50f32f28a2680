/**
 * What Realtime leaves behind, and what the platform does about it: the WAL a replication slot
 * holds back counts in the disk figures and warnings until the slot goes; realtime.messages keeps
 * a few days of messages; and the reports chart Realtime's messages and peak of open sockets.
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type { ReportSeries } from '@basin/core/schemas';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdmin } from '../src/instances/admin-session.ts';
import { pruneRealtimeMessages, REALTIME_MESSAGES_RETENTION_DAYS, REALTIME_PRUNE_QUEUE } from '../src/jobs/realtime-retention.ts';
import { instanceSpec } from '../src/services/projects/project-instance.ts';
import * as projects from '../src/store/projects.ts';
import { setStoredDisk } from './disk-helpers.ts';
import { startTestPlatform, waitFor } from './harness.ts';
import { organization, projectWithRows, type Org } from './lifecycle-helpers.ts';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let org: Org;
let ref: string;
const clients: SupabaseClient[] = [];

/** A session of the project's superuser, as the platform opens them. */
async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const row = (await projects.findByRef(platform.ctx.db, ref))!;
  return withAdmin(instanceSpec(row, platform.ctx.box), 30_000, work);
}

beforeAll(async () => {
  platform = await startTestPlatform({ resourceSampleIntervalMs: 300 });
  org = await organization(platform.url);
  ({ ref } = await projectWithRows(org, '17', 10));
}, 180_000);

afterAll(async () => {
  for (const made of clients) await made.removeAllChannels();
  await platform?.destroy();
}, 60_000);

describe('the WAL a replication slot holds', () => {
  const disk = async () =>
    (await org.owner.get(`/api/platform/projects/${ref}/infrastructure`)).body.disk as {
      used_bytes: number;
      database_bytes: number;
      storage_bytes: number;
    };
  /** What the disk figure counts beside the databases and the stored files. */
  const beyondDatabases = (figures: Awaited<ReturnType<typeof disk>>) =>
    figures.used_bytes - figures.database_bytes - figures.storage_bytes;
  const warning = async () => (await org.owner.get(`/api/platform/projects-resource-warnings?ref=${ref}`)).body[0];

  it('counts in the disk used and its warning while the slot holds it, and no longer once the slot is dropped', async () => {
    const before = await disk();
    expect(beyondDatabases(before)).toBe(0);

    // A slot nobody reads (as Realtime's is while the platform is down): the WAL written after it stays.
    await asAdmin((client) => client.query(`select pg_create_logical_replication_slot('held_by_nobody', 'pgoutput')`));
    // WAL alone, without a row in any table: the databases do not grow with it.
    const written = 24 * MB;
    await asAdmin((client) =>
      client.query(`select count(pg_logical_emit_message(false, 'upkeep-test', repeat('x', $1))) from generate_series(1, $2)`, [
        MB,
        written / MB,
      ]),
    );
    const held = await disk();
    expect(beyondDatabases(held)).toBeGreaterThanOrEqual(written);
    expect(beyondDatabases(held)).toBeLessThan(written + 16 * MB);
    expect(held.database_bytes - before.database_bytes).toBeLessThan(4 * MB);

    // A disk on which the databases alone stay under the warning, and with the WAL go past it.
    const sizeGb = held.used_bytes / 0.85 / GB;
    expect(held.database_bytes / (sizeGb * GB)).toBeLessThan(0.8);
    await setStoredDisk(platform.ctx.db, ref, sizeGb);
    try {
      expect(await waitFor(warning, (found) => found?.disk_space === 'warning', 15_000)).toMatchObject({
        is_readonly_mode_enabled: false,
      });

      await asAdmin((client) => client.query(`select pg_drop_replication_slot('held_by_nobody')`));
      expect(beyondDatabases(await disk())).toBe(0);
      expect((await waitFor(warning, (found) => found?.disk_space === null, 15_000)).disk_space).toBeNull();
    } finally {
      await setStoredDisk(platform.ctx.db, ref, 8);
    }
  });
});

describe('realtime.messages', () => {
  it('loses the messages older than the retention in the hourly prune, and keeps the newer ones', async () => {
    const schedules = await platform.ctx.queue.getSchedules();
    expect(schedules.map((schedule) => schedule.name)).toContain(REALTIME_PRUNE_QUEUE);
    const days = REALTIME_MESSAGES_RETENTION_DAYS;
    const age = (shift: string) => `localtimestamp - make_interval(days => ${days}) ${shift}`;
    await asAdmin((client) =>
      client.query(
        `insert into realtime.messages (topic, extension, event, payload, inserted_at)
         select 'old', 'broadcast', 'e', '{}', ${age("- interval '1 hour'")} from generate_series(1, 10002);
         insert into realtime.messages (topic, extension, event, payload, inserted_at)
         values ('recent', 'broadcast', 'e', '{}', ${age("+ interval '1 hour'")})`,
      ),
    );
    await asAdmin((client) => client.query(`select realtime.send('{"n": 1}', 'e', 'new', false)`));

    // Beyond one batch of deletions.
    expect(await pruneRealtimeMessages(platform.ctx)).toEqual({ [ref]: 10002 });
    const left = await asAdmin(async (client) => (await client.query('select topic from realtime.messages order by inserted_at')).rows);
    expect(left.map((row) => row.topic)).toEqual(['recent', 'new']);
    expect(await pruneRealtimeMessages(platform.ctx)).toEqual({});
  });
});

describe('the Realtime reports', () => {
  const series = (chart: string, range = '1h') =>
    org.developer.get<ReportSeries>(`/api/platform/projects/${ref}/reports/series/${chart}?range=${range}`);
  const total = (answer: ReportSeries, key: string) => answer.points.reduce((sum, point) => sum + (point.values[key] ?? 0), 0);
  const peak = (answer: ReportSeries, key: string) => Math.max(...answer.points.map((point) => point.values[key] ?? 0));

  function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
    return new Promise((resolve, reject) => {
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve(channel);
        else if (status !== 'CLOSED') reject(new Error(`${status}: ${error?.message ?? ''}`));
      });
    });
  }

  it('charts the messages sent to clients and the most sockets open at once, as the usage page counts them', async () => {
    const settings = (await org.owner.get(`/api/platform/projects/${ref}/settings`)).body;
    const anon = settings.service_api_keys.find((k: { tags: string }) => k.tags === 'anon').api_key as string;
    const topic = `room-${randomUUID()}`;
    const heard: unknown[] = [];
    const joined: RealtimeChannel[] = [];
    for (let i = 0; i < 3; i += 1) {
      const made = createClient(`${platform.url}/api/projects/${ref}/gateway`, anon, {
        realtime: { transport: WebSocket as never },
        auth: { persistSession: false, autoRefreshToken: false },
      });
      clients.push(made);
      joined.push(await subscribed(made.channel(topic).on('broadcast', { event: 'tick' }, (message) => heard.push(message))));
    }
    for (let n = 0; n < 4; n += 1) await joined[0]!.httpSend('tick', { n });
    await waitFor(
      async () => heard.length,
      (count) => count === 12,
      10_000,
    );

    // The counters reach the store every few seconds.
    const messages = await waitFor(
      async () => (await series('realtime-messages')).body,
      (answer) => total(answer, 'messages') >= 12,
      30_000,
      500,
    );
    expect(messages).toMatchObject({ chart: 'realtime-messages', unit: 'count', series: [{ key: 'messages', label: 'Messages' }] });
    expect(messages.points).toHaveLength(60);
    const connections = (await series('realtime-connections')).body;
    expect(connections.series).toEqual([{ key: 'connections', label: 'Peak connections' }]);
    expect(peak(connections, 'connections')).toBeGreaterThanOrEqual(3);
    // A peak is the largest of the buckets, never their sum: three sockets, whichever minutes they opened in.
    expect(peak(connections, 'connections')).toBeLessThanOrEqual(3);

    // The same counts as the usage page's, over every range.
    const usage = (await org.owner.get(`/api/platform/projects/${ref}/usage`)).body.metrics as { metric: string; usage: number }[];
    const metric = (name: string) => usage.find((m) => m.metric === name)?.usage;
    const week = (await series('realtime-messages', '7d')).body;
    expect([week.points.length, total(week, 'messages')]).toEqual([84, metric('realtime_messages')]);
    expect(total((await series('realtime-messages', '24h')).body, 'messages')).toBe(metric('realtime_messages'));
    expect(peak((await series('realtime-connections', '7d')).body, 'connections')).toBe(metric('realtime_peak_connections'));
  }, 60_000);
});

/**
 * Realtime across a crash of the platform (`kill -9`): the real supabase-js reconnects by itself
 * to the platform started again on the same data directory and port, joins its channel again and
 * hears changes; the project keeps one `basin_realtime` slot (the one the killed process left is
 * dropped or taken over, never kept beside a new one); and row level security still decides what
 * each subscriber hears.
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, expect, it } from 'vitest';
import { ChildPlatform } from './child-platform.ts';
import { ApiClient, healthyProject, query, uniqueEmail, waitFor, waitForStatus } from './harness.ts';
import { signUserJwt } from './user-jwt.ts';

const SQL = `
create table public.notes (id bigint generated always as identity primary key, owner uuid, body text);
alter table public.notes enable row level security;
create policy "own notes" on public.notes for select to authenticated using (owner = auth.uid());
create policy "unowned notes" on public.notes for select to anon using (owner is null);
grant select on public.notes to anon, authenticated;
alter publication supabase_realtime add table public.notes;
`;

const running: ChildPlatform[] = [];
const clients: SupabaseClient[] = [];
let dataDir: string | undefined;

afterAll(async () => {
  for (const made of clients) await made.removeAllChannels();
  for (const platform of running) await platform.interrupt();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

async function start(dir: string, port?: number): Promise<ChildPlatform> {
  const platform = await ChildPlatform.start(dir, port);
  running.push(platform);
  return platform;
}

type Note = { new: { id: number; owner: string; body: string } };

function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(new Error(`${status}: ${error?.message ?? ''}`));
    });
  });
}

it('after kill -9 and a new start, clients reconnect and hear changes again, one slot remains, and RLS still decides', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'basin-realtime-crash-'));
  const first = await start(dataDir);
  const owner = new ApiClient(first.url);
  await owner.signUp(uniqueEmail('realtime-crash'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Crashes' })).body.slug as string;
  const ref = await healthyProject(owner, slug, 'Live', { timeoutMs: 120_000 });
  const settings = (await owner.get(`/api/platform/projects/${ref}/settings`)).body;
  const anonKey = settings.service_api_keys.find((k: { tags: string }) => k.tags === 'anon').api_key as string;
  const { connectionString } = (await owner.get(`/api/platform/projects/${ref}`)).body as { connectionString: string };
  const sql = (text: string, values: unknown[] = []) => query(connectionString, text, values);
  await sql(SQL);

  const [alice, bob] = [randomUUID(), randomUUID()];
  const gateway = `${first.url}/api/projects/${ref}/gateway`;
  /** A client that hears the inserts into notes, as the role its token (if any) gives it. */
  async function listener(token?: string): Promise<Note['new'][]> {
    // A user's token as an app with its own auth passes it (supabase-js's accessToken option):
    // realtime-js asks for it again on every connect, so the channel rejoins as that user. (A
    // token given to realtime.setAuth alone is replaced on reconnect by the client's own, the anon key.)
    const made = createClient(gateway, anonKey, {
      ...(token ? { accessToken: async () => token } : {}),
      realtime: { transport: WebSocket as never },
      auth: { persistSession: false, autoRefreshToken: false },
    });
    clients.push(made);
    if (token) await made.realtime.setAuth();
    const heard: Note['new'][] = [];
    await subscribed(
      made
        .channel(`notes-${randomUUID()}`)
        .on('postgres_changes' as never, { event: 'INSERT', schema: 'public', table: 'notes' }, (change: Note) => heard.push(change.new)),
    );
    return heard;
  }
  const heard = await listener(await signUserJwt(settings.jwt_secret, { sub: alice, role: 'authenticated' }));
  const heardByAnon = await listener();
  await sql(
    `insert into notes (owner, body) values ($1, 'before the crash'), ($2, 'bob before the crash'), (null, 'anyone before the crash')`,
    [alice, bob],
  );
  await waitFor(
    async () => heard.length + heardByAnon.length,
    (count) => count > 1,
    10_000,
  );
  expect(heard.map((note) => note.body)).toEqual(['before the crash']);
  expect(heardByAnon.map((note) => note.body)).toEqual(['anyone before the crash']);
  const slots = async () =>
    (await sql(`select slot_name, active from pg_replication_slots order by slot_name`)).rows as { slot_name: string; active: boolean }[];
  expect(await slots()).toEqual([{ slot_name: 'basin_realtime', active: true }]);

  expect(await first.kill()).toBeNull();
  // The instance outlives the platform; the slot the killed process read stays until the next start sees to it.
  expect((await waitFor(slots, (rows) => rows.every((row) => !row.active), 10_000)).map((row) => row.slot_name)).toEqual([
    'basin_realtime',
  ]);

  // What is written while the platform is down is for nobody: the next start must not keep a slot holding it.
  await sql(`insert into notes (owner, body) select $1, 'while down ' || g from generate_series(1, 1000) g`, [bob]);
  const downAt = (await sql(`select pg_current_wal_lsn()::text as lsn`)).rows[0].lsn as string;

  const second = await start(dataDir, Number(new URL(first.url).port));
  const again = new ApiClient(second.url);
  again.cookie = owner.cookie;
  await waitForStatus(again, ref, 'ACTIVE_HEALTHY', 120_000);

  // realtime-js reconnects with backoff and joins its channels again: insert until both hear one.
  // Each round also writes a row neither may see, before theirs: they must never hear it.
  let round = 0;
  await waitFor(
    async () => {
      round += 1;
      await sql(`insert into notes (owner, body) values ($1, $2), ($3, $4), (null, $5)`, [
        bob,
        `bob ${round}`,
        alice,
        `after the crash ${round}`,
        `anyone after the crash ${round}`,
      ]);
      return Math.min(heard.length, heardByAnon.length);
    },
    (count) => count > 1,
    90_000,
    1_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(heard.slice(1).every((note) => note.owner === alice && note.body.startsWith('after the crash'))).toBe(true);
  expect(heardByAnon.slice(1).every((note) => note.owner === null && note.body.startsWith('anyone after the crash'))).toBe(true);
  // One slot, read by the new platform: none left over beside it.
  expect(await slots()).toEqual([{ slot_name: 'basin_realtime', active: true }]);
  const held = await sql(`select pg_wal_lsn_diff(restart_lsn, $1::pg_lsn)::float8 as after_down from pg_replication_slots`, [downAt]);
  expect(held.rows[0].after_down).toBeGreaterThanOrEqual(0);
}, 360_000);

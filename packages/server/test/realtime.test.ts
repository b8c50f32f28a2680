/**
 * Realtime with the real supabase-js (its realtime-js, protocol 2.0.0 and 1.0.0) through the
 * project gateway: Postgres Changes decided by row level security, filters and old records;
 * Broadcast over the socket and over HTTP; Presence; token expiry; refusals at the door.
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedVisible } from '../src/realtime/visibility.ts';
import { findSnapshot } from '../src/store/projects.ts';
import { query, waitFor, waitForStatus } from './harness.ts';
import { type RestProject, startRestProject } from './rest-project.ts';
import { signUserJwt } from './user-jwt.ts';

const SQL = `
create table public.notes (id bigint generated always as identity primary key, owner uuid, body text, done boolean default false, meta jsonb);
alter table public.notes enable row level security;
create policy "own notes" on public.notes for select to authenticated using (owner = auth.uid());
create policy "unowned notes" on public.notes for select to anon using (owner is null);
grant select on public.notes to anon, authenticated;
alter publication supabase_realtime add table public.notes;
create table public.items (id int primary key, label text, qty int);
grant select on public.items to anon;
alter publication supabase_realtime add table public.items;
create table public.full_items (id int primary key, label text);
alter table public.full_items replica identity full;
grant select on public.full_items to anon;
alter publication supabase_realtime add table public.full_items;
create policy "members read the members room" on realtime.messages for select to authenticated
  using (realtime.topic() = 'members' and auth.uid() is not null);
create policy "writers send to the members room" on realtime.messages for insert to authenticated
  with check (realtime.topic() = 'members' and auth.jwt() ->> 'writer' = 'yes');
create function public.announce() returns trigger language plpgsql security definer as $$
begin
  perform realtime.broadcast_changes('items-feed', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end $$;
create trigger announce after insert on public.items for each row execute function public.announce();
`;

type Change = {
  eventType: string;
  table: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors: unknown;
  commit_timestamp: string;
};

let project: RestProject;
let apiUrl: string;
const clients: SupabaseClient[] = [];

/** supabase-js as an app makes it. */
function client(key = project.keys.anon, options: { vsn?: '1.0.0' | '2.0.0' } = {}): SupabaseClient {
  const made = createClient(apiUrl, key, {
    realtime: { transport: WebSocket as never, ...(options.vsn ? { vsn: options.vsn } : {}) },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  clients.push(made);
  return made;
}

/** A signed-in user's client: its token goes to realtime before any channel joins, as Supabase's guides do it. */
async function signedIn(accessToken: string): Promise<SupabaseClient> {
  const made = client();
  await made.realtime.setAuth(accessToken);
  return made;
}

/** Subscribes and waits for SUBSCRIBED; rejects with the status and error otherwise. */
function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status !== 'CLOSED') reject(new Error(`${status}: ${error?.message ?? ''}`));
    });
  });
}

/** Changes heard on `table` by a client, collected in order. */
async function listen(made: SupabaseClient, table: string, filter?: string, event = '*'): Promise<Change[]> {
  const heard: Change[] = [];
  const channel = made
    .channel(`changes-${randomUUID()}`)
    .on('postgres_changes' as never, { event, schema: 'public', table, ...(filter ? { filter } : {}) }, (payload: Change) =>
      heard.push(payload),
    );
  await subscribed(channel);
  return heard;
}

/** Waits until `check` holds (what the clients heard arrives on its own). */
const until = (check: () => boolean, timeoutMs: number) => waitFor(async () => check(), Boolean, timeoutMs);
const sql = (text: string, values: unknown[] = []) => query(project.meta.connectionString, text, values);
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

beforeAll(async () => {
  project = await startRestProject(SQL);
  apiUrl = project.url.replace(/\/rest\/v1$/, '');
}, 180_000);

afterAll(async () => {
  for (const made of clients) await made.removeAllChannels();
  await project?.meta.platform.stop();
}, 60_000);

describe('Postgres Changes', () => {
  it('delivers inserts, updates and deletes with typed values, as Supabase shapes them', async () => {
    const heard = await listen(client(), 'items');
    await sql(`insert into items values (1, 'pen', 3)`);
    await sql(`update items set qty = 4 where id = 1`);
    // The check of an update reads the row as it is when the change is read: still there.
    await until(() => heard.length === 2, 10_000);
    await sql(`delete from items where id = 1`);
    await until(() => heard.length === 3, 10_000);
    expect(heard.map((change) => change.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(heard[0]).toMatchObject({ table: 'items', new: { id: 1, label: 'pen', qty: 3 }, old: {}, errors: null });
    expect(Number.isNaN(Date.parse(heard[0]!.commit_timestamp))).toBe(false);
    expect(heard[1]).toMatchObject({ new: { id: 1, qty: 4 } });
    // Without replica identity full, the old row is its key alone.
    expect(heard[2]!.old).toEqual({ id: 1 });
  });

  it('delivers every one of many quick commits to a subscriber whose rows are checked', async () => {
    // The stream can hand over a commit before new snapshots see it: the check must wait for it.
    const heard = await listen(client(), 'items', 'id=gte.1000');
    const connection = new pg.Client({ connectionString: project.meta.connectionString });
    await connection.connect();
    try {
      for (let id = 1000; id < 1150; id++) await connection.query('insert into items values ($1, $2, 1)', [id, 'quick']);
    } finally {
      await connection.end();
    }
    await until(() => heard.length === 150, 20_000);
    expect(new Set(heard.map((change) => change.new.id)).size).toBe(150);
  });

  it('checks a row only once its transaction is visible to new snapshots', async () => {
    const { platform, ref } = project.meta;
    const row = (await findSnapshot(platform.ctx.db, ref))!;
    const writer = new pg.Client({ connectionString: project.meta.connectionString });
    await writer.connect();
    try {
      await writer.query('begin');
      const { rows } = await writer.query<{ xid: string }>(`select (pg_current_xact_id()::text::bigint & 4294967295)::text as xid`);
      let visible = false;
      const waiting = committedVisible(platform.ctx, row, Number(rows[0]!.xid)).then(() => (visible = true));
      await settle();
      expect(visible).toBe(false);
      await writer.query('commit');
      await waiting;
      expect(visible).toBe(true);
    } finally {
      await writer.end();
    }
  });

  it('gives the whole old row with replica identity full', async () => {
    const heard = await listen(client(), 'full_items');
    await sql(`insert into full_items values (1, 'old label')`);
    await sql(`update full_items set label = 'new label' where id = 1`);
    await until(() => heard.length === 2, 10_000);
    await sql(`delete from full_items where id = 1`);
    await until(() => heard.length === 3, 10_000);
    expect(heard[1]).toMatchObject({ old: { id: 1, label: 'old label' }, new: { id: 1, label: 'new label' } });
    expect(heard[2]!.old).toEqual({ id: 1, label: 'new label' });
  });

  it('applies eq and in filters and the event', async () => {
    const made = client();
    const eq = await listen(made, 'items', 'id=eq.12');
    const within = await listen(made, 'items', 'label=in.(red,"blue, dark")');
    const inserts = await listen(made, 'items', undefined, 'INSERT');
    await sql(`insert into items values (11, 'red', 1), (12, 'green', 1), (13, 'blue, dark', 1)`);
    await sql(`update items set qty = 2 where id = 12`);
    await until(() => eq.length === 2 && within.length === 2 && inserts.length === 3, 10_000);
    await settle();
    expect(eq.map((change) => [change.eventType, change.new.id])).toEqual([
      ['INSERT', 12],
      ['UPDATE', 12],
    ]);
    expect(within.map((change) => change.new.id)).toEqual([11, 13]);
    expect(inserts).toHaveLength(3);
  });

  it('lets each subscriber hear only the rows its role and claims may select', async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    const token = (sub: string) => signUserJwt(project.keys.secret, { sub, role: 'authenticated' });
    const asUser = async (sub: string) => signedIn(await token(sub));
    const heardBy = {
      alice: await listen(await asUser(alice), 'notes'),
      alice2: await listen(await asUser(alice), 'notes'),
      bob: await listen(await asUser(bob), 'notes'),
      anon: await listen(client(), 'notes'),
      service: await listen(client(project.keys.service), 'notes'),
    };
    await sql(
      `insert into notes (owner, body, meta) values ($1, 'for alice', '{"tag": "a"}'), ($2, 'for bob', null), (null, 'for all', null)`,
      [alice, bob],
    );
    await until(() => heardBy.service.length === 3 && heardBy.anon.length === 1 && heardBy.alice2.length === 1, 10_000);
    await settle();
    const bodies = (heard: Change[]) => heard.map((change) => change.new.body);
    expect(bodies(heardBy.alice)).toEqual(['for alice']);
    expect(heardBy.alice[0]!.new.meta).toEqual({ tag: 'a' });
    expect(bodies(heardBy.alice2)).toEqual(['for alice']);
    expect(bodies(heardBy.bob)).toEqual(['for bob']);
    expect(bodies(heardBy.anon)).toEqual(['for all']);
    expect(bodies(heardBy.service)).toEqual(['for alice', 'for bob', 'for all']);
  });

  it('sends a deleted row of a table with row level security as its key alone', async () => {
    await sql('alter table notes replica identity full');
    const heard = await listen(client(project.keys.service), 'notes', undefined, 'DELETE');
    await sql(`delete from notes where body = 'for bob'`);
    await until(() => heard.length === 1, 10_000);
    expect(Object.keys(heard[0]!.old)).toEqual(['id']);
  });
});

describe('Broadcast', () => {
  it('reaches the other clients of the topic, the sender only with self, and acknowledges with ack', async () => {
    const topic = `room-${randomUUID()}`;
    const heard: { sender: unknown[]; other: unknown[]; legacy: unknown[] } = { sender: [], other: [], legacy: [] };
    const sender = client().channel(topic, { config: { broadcast: { self: true, ack: true } } });
    sender.on('broadcast', { event: 'cursor' }, ({ payload }) => heard.sender.push(payload));
    const other = client()
      .channel(topic)
      .on('broadcast', { event: 'cursor' }, ({ payload }) => heard.other.push(payload));
    const legacy = client(project.keys.anon, { vsn: '1.0.0' })
      .channel(topic)
      .on('broadcast', { event: 'cursor' }, ({ payload }) => heard.legacy.push(payload));
    await Promise.all([subscribed(sender), subscribed(other), subscribed(legacy)]);
    expect(await sender.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })).toBe('ok');
    await until(() => heard.sender.length === 1 && heard.other.length === 1 && heard.legacy.length === 1, 10_000);
    expect(heard).toEqual({ sender: [{ x: 1 }], other: [{ x: 1 }], legacy: [{ x: 1 }] });
    const quiet = client().channel(topic);
    await subscribed(quiet);
    await quiet.send({ type: 'broadcast', event: 'cursor', payload: { x: 2 } });
    await until(() => heard.other.length === 2, 10_000);
    await settle();
    expect(heard.sender).toHaveLength(2);
  });

  it('goes out over HTTP without a socket (send before subscribing, and httpSend)', async () => {
    const topic = `http-${randomUUID()}`;
    const heard: unknown[] = [];
    await subscribed(
      client()
        .channel(topic)
        .on('broadcast', { event: 'news' }, ({ payload }) => heard.push(payload)),
    );
    const unsubscribed = client().channel(topic);
    expect(await unsubscribed.send({ type: 'broadcast', event: 'news', payload: { n: 1 } })).toBe('ok');
    expect(await unsubscribed.httpSend('news', { n: 2 })).toEqual({ success: true });
    await until(() => heard.length === 2, 10_000);
    expect(heard).toEqual([{ n: 1 }, { n: 2 }]);
  });
});

describe('Private channels and broadcasts from SQL', () => {
  const member = (writer: 'yes' | 'no') => signUserJwt(project.keys.secret, { sub: randomUUID(), role: 'authenticated', writer });

  it('joins only when a policy on realtime.messages lets the role select, and sends only when one lets it insert', async () => {
    const room = (made: SupabaseClient) => made.channel('members', { config: { private: true, broadcast: { ack: true } } });
    await expect(subscribed(room(client()))).rejects.toThrow(
      /Unauthorized: You do not have permissions to read from this Channel topic: members/,
    );
    const heard: unknown[] = [];
    const reader = room(await signedIn(await member('no')));
    reader.on('broadcast', { event: 'note' }, ({ payload }) => heard.push(payload));
    const writer = room(await signedIn(await member('yes')));
    await Promise.all([subscribed(reader), subscribed(writer)]);
    expect(await reader.send({ type: 'broadcast', event: 'note', payload: { from: 'reader' } })).toBe('error');
    expect(await writer.send({ type: 'broadcast', event: 'note', payload: { from: 'writer' } })).toBe('ok');
    // A public channel of the same name is another channel.
    await client().channel('members').httpSend('note', { from: 'public' });
    await until(() => heard.length === 1, 10_000);
    await settle();
    expect(heard).toEqual([{ from: 'writer' }]);
  });

  it('sends realtime.send and realtime.broadcast_changes to the topic', async () => {
    const heard: { event: string; payload: Record<string, unknown> }[] = [];
    const feed = client(project.keys.service).channel('items-feed', { config: { private: true } });
    feed.on('broadcast', { event: '*' }, (message) => heard.push(message as never));
    await subscribed(feed);
    await sql(`insert into items values (31, 'from a trigger', 1)`);
    await sql(`select realtime.send('{"hello": "world"}', 'greeting', 'items-feed', true)`);
    await until(() => heard.length === 2, 10_000);
    expect(heard[0]).toMatchObject({
      event: 'INSERT',
      payload: { operation: 'INSERT', table: 'items', record: { id: 31, label: 'from a trigger' } },
    });
    expect(heard[1]).toMatchObject({ event: 'greeting', payload: { hello: 'world' } });
  });
});

describe('Presence', () => {
  it('syncs tracked state, joins and leaves, and a closed socket leaves', async () => {
    const topic = `lobby-${randomUUID()}`;
    const watcher = client().channel(topic, { config: { presence: { key: 'watcher' } } });
    const leaves: string[] = [];
    watcher.on('presence', { event: 'sync' }, () => {});
    watcher.on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    await subscribed(watcher);
    const guestClient = client();
    const guest = guestClient.channel(topic, { config: { presence: { key: 'guest' } } });
    await subscribed(guest);
    expect(await guest.track({ name: 'Guest', online_at: 1 })).toBe('ok');
    await until(() => Object.keys(watcher.presenceState()).includes('guest'), 10_000);
    expect(watcher.presenceState().guest).toEqual([expect.objectContaining({ name: 'Guest', online_at: 1 })]);
    await guestClient.realtime.disconnect();
    await until(() => leaves.includes('guest'), 10_000);
    expect(watcher.presenceState().guest).toBeUndefined();
  });
});

describe('Tokens and the door', () => {
  it('closes a channel whose token expires, with Realtime’s message', async () => {
    const made = await signedIn(await signUserJwt(project.keys.secret, { sub: randomUUID(), role: 'authenticated' }, 2));
    const messages: string[] = [];
    const channel = made
      .channel(`short-${randomUUID()}`)
      .on('system', {}, (payload: { message: string }) => messages.push(payload.message));
    const closed = new Promise((resolve) => channel.subscribe((status) => status === 'CLOSED' && resolve(status)));
    await until(() => messages.some((message) => /^Token has expired \d+ seconds ago$/.test(message)), 15_000);
    expect(await closed).toBe('CLOSED');
  });

  it('refuses a join with a token of another secret, and a socket without a valid key', async () => {
    const made = await signedIn(await signUserJwt('another secret of at least thirty-two characters', { sub: 'x', role: 'authenticated' }));
    await expect(subscribed(made.channel('forged'))).rejects.toThrow(/JwtSignatureError: Failed to validate JWT signature/);
    const status = (url: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, { headers });
        ws.on('unexpected-response', (_, response) => resolve(response.statusCode ?? 0));
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
      });
    const socketUrl = `${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket`;
    expect(await status(`${socketUrl}?vsn=2.0.0`)).toBe(401);
    expect(await status(`${socketUrl}?vsn=2.0.0&apikey=not-a-key`)).toBe(401);
    expect(await status(`${socketUrl}?vsn=3.0.0&apikey=${project.keys.anon}`)).toBe(400);
    expect(await status(`${socketUrl}?vsn=2.0.0&apikey=${project.keys.anon}`)).toBe(101);
    // The host form: the project's own host, as a proxy in front would send it.
    const { port } = new URL(project.meta.platform.url);
    const byHost = `ws://127.0.0.1:${port}/realtime/v1/websocket?vsn=2.0.0&apikey=${project.keys.anon}`;
    expect(await status(byHost, { host: `${project.meta.ref}.localhost:${port}` })).toBe(101);
  });
});

describe('Settings and limits', () => {
  const configPath = () => `/api/platform/projects/${project.meta.ref}/config/realtime`;

  it('reads and changes the settings, refusing values out of range', async () => {
    const { owner, ref } = project.meta;
    expect((await owner.get(configPath())).body).toMatchObject({
      private_only: false,
      max_channels_per_client: 100,
      max_payload_size_in_kb: 256,
    });
    expect(await owner.patch(configPath(), { max_channels_per_client: 0 })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Max channels per client must be at least 1') },
    });
    expect((await owner.patch(`/api/v1/projects/${ref}/config/realtime`, { max_events_per_second: 50 })).body).toMatchObject({
      max_events_per_second: 50,
    });
    expect((await owner.patch(configPath(), { max_events_per_second: 100 })).status).toBe(200);
  });

  it('refuses joins over the limits with Realtime’s errors, and shuts a channel that sends too fast', async () => {
    const { owner } = project.meta;
    try {
      await owner.patch(configPath(), { max_channels_per_client: 1, max_payload_size_in_kb: 1, max_events_per_second: 3 });
      const made = client();
      const first = made.channel(`limited-${randomUUID()}`, { config: { broadcast: { ack: true } } });
      await subscribed(first);
      await expect(subscribed(made.channel(`second-${randomUUID()}`))).rejects.toThrow(/ChannelRateLimitReached: Too many channels/);
      expect(await first.send({ type: 'broadcast', event: 'big', payload: { text: 'x'.repeat(2_000) } })).toBe('error');
      await expect(
        client()
          .channel('http-big')
          .httpSend('big', { text: 'x'.repeat(2_000) }),
      ).rejects.toThrow(/Payload size exceeded/);
      const messages: string[] = [];
      first.on('system', {}, (payload: { message: string }) => messages.push(payload.message));
      for (let i = 0; i < 6; i++) void first.send({ type: 'broadcast', event: 'burst', payload: { i } });
      await until(() => messages.includes('Too many messages per second'), 10_000);
      await owner.patch(configPath(), { private_only: true });
      await expect(subscribed(client().channel('public-room'))).rejects.toThrow(/PrivateOnly: This project only allows private channels/);
    } finally {
      await owner.patch(configPath(), {
        private_only: false,
        max_channels_per_client: 100,
        max_payload_size_in_kb: 256,
        max_events_per_second: 100,
      });
    }
  });
});

describe('Realtime logs', () => {
  it('lists connections, joins and refusals in realtime_logs, without payloads', async () => {
    const { owner, ref } = project.meta;
    const topic = `logged-${randomUUID()}`;
    await expect(subscribed(client().channel(topic, { config: { private: true } }))).rejects.toThrow(/Unauthorized/);
    const joined = await subscribed(client().channel(topic));
    await joined.send({ type: 'broadcast', event: 'secret', payload: { from: 'writer' } });
    const sqlText = `select event_type, topic, role, event_message from realtime_logs where topic = '${topic}' or event_type = 'Connect' order by id desc`;
    const logged = async () =>
      (await owner.get(`/api/platform/projects/${ref}/analytics/endpoints/logs.all?sql=${encodeURIComponent(sqlText)}`)).body.result as {
        event_type: string;
        topic: string | null;
        role: string | null;
        event_message: string;
      }[];
    const rows = await waitFor(logged, (found) => found.some((row) => row.event_type === 'Join' && row.topic === topic), 10_000);
    expect(rows.some((row) => row.event_type === 'Connect')).toBe(true);
    expect(rows.some((row) => row.event_type === 'JoinRefused' && row.role === 'anon' && row.topic === topic)).toBe(true);
    expect(rows.find((row) => row.event_type === 'JoinRefused')?.event_message).toMatch(
      /^Unauthorized: You do not have permissions to read/,
    );
    expect(JSON.stringify(rows)).not.toContain('from writer');
  });
});

describe('Usage', () => {
  it('counts the messages sent to clients and the peak of open sockets', async () => {
    const { owner, ref } = project.meta;
    const topic = `counted-${randomUUID()}`;
    const receiver = await subscribed(client().channel(topic));
    await receiver.httpSend('tick', { n: 1 });
    const metric = (metrics: { metric: string; usage: number }[], name: string) => metrics.find((m) => m.metric === name)?.usage ?? 0;
    // The counters reach the usage table every few seconds.
    const usage = await waitFor(
      async () => (await owner.get(`/api/platform/projects/${ref}/usage`)).body.metrics as { metric: string; usage: number }[],
      (metrics) => metric(metrics, 'realtime_messages') > 0,
      30_000,
      1_000,
    );
    expect(metric(usage, 'realtime_peak_connections')).toBeGreaterThan(0);
  }, 40_000);
});

describe('Lifecycle', () => {
  it('a restart closes the sockets; clients reconnect by themselves, hear changes again, and no slot is left behind', async () => {
    const heard = await listen(client(), 'items', 'id=gte.100');
    const { owner, ref } = project.meta;
    expect((await owner.post(`/api/platform/projects/${ref}/restart`)).status).toBe(202);
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    // realtime-js reconnects with backoff and joins its channels again: insert until one is heard.
    await waitFor(
      async () => {
        await sql(`insert into items values ((select coalesce(max(id), 99) + 1 from items where id >= 100), 'after restart', 1)`);
        return heard.length;
      },
      (count) => count > 0,
      60_000,
      1_000,
    );
    expect(heard[0]).toMatchObject({ eventType: 'INSERT', new: { label: 'after restart' } });
    const slots = await sql(`select slot_name from pg_replication_slots`);
    expect(slots.rows.map((row) => row.slot_name)).toEqual(['basin_realtime']);
  }, 120_000);
});

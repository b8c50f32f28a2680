/**
 * The realtime clients, run as their own process so that they share neither an event loop nor a
 * core with the platform they measure. Raw `ws` sockets speak Phoenix 2.0.0 as realtime-js does
 * (`[join_ref, ref, topic, event, payload]`): supabase-js is too heavy for thousands of sockets in
 * one process. The platform's CPU time and resident set are read from /proc by its pid.
 * Configuration comes as JSON in BENCH_REALTIME (realtime-result.ts); prints one RealtimeLoadResult.
 *
 * In order: idle sockets (first, while the platform's heap holds nothing of the other runs),
 * insert-to-event latency with 1 subscriber, 100 of the same role and 100 distinct users, then
 * broadcast fan-out.
 */
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import WebSocket from 'ws';
import { cpuWindow as platformCpuWindow } from './process-cpu.ts';
import { percentile } from './stats.ts';
import {
  BROADCAST_WARM_UP_MS,
  BROADCAST_WINDOW,
  type BroadcastResult,
  type CpuTime,
  EVENT_WAIT_MS,
  type IdleResult,
  type LatencyResult,
  OPENING,
  type RealtimeLoadConfig,
  type RealtimeLoadResult,
} from './realtime-result.ts';

const config = JSON.parse(process.env.BENCH_REALTIME ?? 'null') as RealtimeLoadConfig | null;
if (!config) throw new Error('BENCH_REALTIME is not set');

const REPLY_TIMEOUT_MS = 30_000;
/** Unmeasured inserts before each latency run: the stream describes the table on its first change. */
const WARM_UP_INSERTS = 5;
const BROADCAST_DRAIN_MS = 15_000;
/** Sockets opened and closed before the idle run, so that its "before" holds the code they load. */
const IDLE_WARM_UP = 200;
const IDLE_SETTLE_MS = 2_000;
/** Between runs: the platform counts as quiet once it used under this share of a core over QUIET_WINDOW_MS. */
const QUIET_SHARE = 0.05;
const QUIET_WINDOW_MS = 500;
const QUIET_MAX_MS = 15_000;
const BASELINE_MS = 3_000;
/** File descriptors kept free of sockets in each process (Postgres sessions, files, the log). */
const SPARE_FILES = 1_000;
const CHANGES_TOPIC = 'realtime:bench-changes';
const BROADCAST_TOPIC = 'realtime:bench-broadcast';

type Payload = Record<string, unknown>;
type Frame = [joinRef: string | null, ref: string | null, topic: string, event: string, payload: Payload];

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One socket as realtime-js keeps it, without its timers: joins, pushes, replies. */
class PhoenixClient {
  readonly #ws: WebSocket;
  #lastRef = 0;
  readonly #joinRefs = new Map<string, string>();
  readonly #replies = new Map<string, { resolve: (payload: Payload) => void; reject: (error: Error) => void }>();
  /** Pushes that are not replies, parsed, with the moment their frame arrived. */
  onPush: (topic: string, event: string, payload: Payload, receivedAt: number) => void = () => {};
  /** When set, every frame goes here unparsed instead: counting a fan-out without paying for JSON here. */
  raw: ((data: Buffer) => void) | undefined;

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.on('message', (data: Buffer) => {
      const receivedAt = performance.now();
      if (this.raw) return this.raw(data);
      const [, ref, topic, event, payload] = JSON.parse(data.toString('utf8')) as Frame;
      const waiting = event === 'phx_reply' && ref !== null ? this.#replies.get(ref) : undefined;
      if (waiting) {
        this.#replies.delete(ref!);
        return waiting.resolve(payload);
      }
      this.onPush(topic, event, payload, receivedAt);
    });
    ws.on('close', () => {
      for (const waiting of this.#replies.values()) waiting.reject(new Error('socket closed'));
      this.#replies.clear();
    });
  }

  static open(url: string): Promise<PhoenixClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.once('open', () => resolve(new PhoenixClient(ws)));
      ws.once('error', reject);
    });
  }

  async join(topic: string, postgresChanges: Payload[] = [], accessToken?: string): Promise<void> {
    const ref = String(++this.#lastRef);
    const config = {
      broadcast: { self: false, ack: false },
      presence: { enabled: false, key: '' },
      postgres_changes: postgresChanges,
      private: false,
    };
    const reply = this.#reply(ref);
    this.#send([ref, ref, topic, 'phx_join', { config, ...(accessToken ? { access_token: accessToken } : {}) }]);
    const { status, response } = (await reply) as { status: string; response: unknown };
    if (status !== 'ok') throw new Error(`join ${topic}: ${status} ${JSON.stringify(response)}`);
    this.#joinRefs.set(topic, ref);
  }

  /** A broadcast without a ref: no reply, as realtime-js sends one without `ack`. */
  broadcast(topic: string, event: string, payload: Payload): void {
    this.#send([this.#joinRefs.get(topic) ?? null, null, topic, 'broadcast', { type: 'broadcast', event, payload }]);
  }

  terminate(): void {
    this.#ws.terminate();
  }

  #send(frame: Frame): void {
    this.#ws.send(JSON.stringify(frame));
  }

  #reply(ref: string): Promise<Payload> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply to ${ref} in ${REPLY_TIMEOUT_MS} ms`)), REPLY_TIMEOUT_MS);
      this.#replies.set(ref, {
        resolve: (payload) => (clearTimeout(timer), resolve(payload)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
    });
  }
}

/** `count` sockets, `OPENING` at a time; if one fails, the opened ones are closed and the error thrown. */
async function openMany(count: number, open: (index: number) => Promise<PhoenixClient>): Promise<PhoenixClient[]> {
  const sockets: PhoenixClient[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) sockets.push(await open(next++));
  };
  try {
    await Promise.all(Array.from({ length: Math.min(OPENING, count) }, worker));
  } catch (error) {
    closeAll(sockets);
    throw error;
  }
  return sockets;
}

function closeAll(sockets: PhoenixClient[]): void {
  for (const socket of sockets) socket.terminate();
}

const joined = async (topic: string, postgresChanges?: Payload[], accessToken?: string) => {
  const socket = await PhoenixClient.open(config.socketUrl);
  await socket.join(topic, postgresChanges, accessToken);
  return socket;
};

/** Starts a CPU window on the platform; calling what it answers ends it. */
const cpuWindow = () => platformCpuWindow(config!.platformPid);

const totalMs = (cpu: CpuTime) => cpu.userMs + cpu.systemMs;

/** Waits until the platform has finished with the previous run (closing sockets, writing their logs, collecting garbage). */
async function untilQuiet(): Promise<void> {
  const until = performance.now() + QUIET_MAX_MS;
  while (performance.now() < until) {
    const end = await cpuWindow();
    await delay(QUIET_WINDOW_MS);
    if (totalMs(await end()) < QUIET_SHARE * QUIET_WINDOW_MS) return;
  }
}

async function statusField(pid: number | 'self', field: string): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1];
  if (!kilobytes) throw new Error(`no ${field} for process ${pid}`);
  return Number(kilobytes) * 1024;
}

async function openFileLimit(pid: number | 'self'): Promise<number> {
  const limits = await readFile(`/proc/${pid}/limits`, 'utf8');
  const soft = /^Max open files\s+(\d+|unlimited)/m.exec(limits)?.[1];
  return soft === undefined || soft === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(soft);
}

/** Platform memory per idle socket: each socket joined to a channel of its own, nothing sent after. */
async function idleSockets(wanted: number): Promise<IdleResult> {
  const loadFileLimit = await openFileLimit('self');
  const platformFileLimit = await openFileLimit(config!.platformPid);
  const sockets = Math.max(0, Math.min(wanted, loadFileLimit - SPARE_FILES, platformFileLimit - SPARE_FILES));
  if (sockets < 100)
    throw new Error(`open-file limits (${loadFileLimit} here, ${platformFileLimit} in the platform) leave no room for sockets`);

  closeAll(await openMany(IDLE_WARM_UP, (i) => joined(`realtime:idle-warm-${i}`)));
  await untilQuiet();
  const beforeBytes = await statusField(config!.platformPid, 'VmRSS');
  const started = performance.now();
  const open = await openMany(sockets, (i) => joined(`realtime:idle-${i}`));
  const openSeconds = (performance.now() - started) / 1000;
  await delay(IDLE_SETTLE_MS);
  const afterBytes = await statusField(config!.platformPid, 'VmRSS');
  closeAll(open);
  // The platform handles the closes before the next run joins (its client limit counts them until then).
  await untilQuiet();
  return { sockets, openSeconds, beforeBytes, afterBytes, loadFileLimit, platformFileLimit };
}

let lastSeq = 0;

/**
 * Insert-to-event latency: one insert at a time from a pg session of this process, the clock
 * started just before the statement is sent, stopped as each subscriber's frame arrives; the
 * next insert goes once all heard it (or the wait ran out), after a short random pause.
 */
async function latency(tokens: (string | undefined)[], inserts: number): Promise<LatencyResult> {
  interface Pending {
    sentAt: number;
    heard: number;
    measured: boolean;
    allHeard: () => void;
  }
  const pending = new Map<number, Pending>();
  const samples: number[] = [];
  const subscription = { event: 'INSERT', schema: 'public', table: config!.table };
  const sockets = await openMany(tokens.length, async (i) => {
    const socket = await joined(CHANGES_TOPIC, [subscription], tokens[i]);
    socket.onPush = (_topic, event, payload, receivedAt) => {
      if (event !== 'postgres_changes') return;
      const seq = (payload.data as { record?: { seq?: number } } | undefined)?.record?.seq;
      const insert = seq === undefined ? undefined : pending.get(seq);
      if (!insert) return;
      if (insert.measured) samples.push(receivedAt - insert.sentAt);
      if (++insert.heard === tokens.length) insert.allHeard();
    };
    return socket;
  });
  const db = new pg.Client({ connectionString: config!.connectionString });
  await db.connect();
  let missing = 0;
  let cpu: CpuTime;
  let endCpu: (() => Promise<CpuTime>) | undefined;
  try {
    for (let i = 0; i < WARM_UP_INSERTS + inserts; i++) {
      const measured = i >= WARM_UP_INSERTS;
      if (i === WARM_UP_INSERTS) endCpu = await cpuWindow();
      const seq = ++lastSeq;
      let allHeard = () => {};
      const heard = new Promise<void>((resolve) => (allHeard = resolve));
      const insert: Pending = { sentAt: performance.now(), heard: 0, measured, allHeard };
      pending.set(seq, insert);
      await db.query(`insert into public.${config!.table} (seq) values ($1)`, [seq]);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([heard, new Promise((resolve) => (timer = setTimeout(resolve, EVENT_WAIT_MS)))]);
      clearTimeout(timer);
      pending.delete(seq);
      if (measured) missing += tokens.length - insert.heard;
      await delay(5 + Math.random() * 10);
    }
    cpu = await endCpu!();
  } finally {
    await db.end();
    closeAll(sockets);
  }
  if (!samples.length) throw new Error(`no event heard from ${inserts} inserts (${tokens.length} subscribers)`);
  samples.sort((a, b) => a - b);
  await untilQuiet();
  return {
    subscribers: tokens.length,
    inserts,
    medianMs: percentile(samples, 50),
    p99Ms: percentile(samples, 99),
    maxMs: samples[samples.length - 1]!,
    deliveries: samples.length,
    missing,
    platformCpu: cpu,
  };
}

/**
 * Broadcast fan-out: one sender, `receivers` sockets on the topic. The sender keeps at most
 * BROADCAST_WINDOW messages' deliveries outstanding (sent × receivers − heard), so the rate is
 * what reaches the receivers, not what piles up in buffers; deliveries are counted per frame.
 */
async function broadcastFanOut(receivers: number, seconds: number): Promise<BroadcastResult> {
  let delivered = 0;
  let sent = 0;
  let sending = false;
  let firstChecked = false;
  let sendMore = () => {};
  const sockets = await openMany(receivers, async (i) => {
    const socket = await joined(BROADCAST_TOPIC);
    socket.raw = (data) => {
      if (i === 0 && !firstChecked) {
        firstChecked = true;
        const [, , topic, event, payload] = JSON.parse(data.toString('utf8')) as Frame;
        if (topic !== BROADCAST_TOPIC || event !== 'broadcast' || payload.event !== 'tick') {
          throw new Error(`a receiver heard ${data.toString('utf8').slice(0, 200)}`);
        }
      }
      delivered++;
      if (sending) sendMore();
    };
    return socket;
  });
  const sender = await joined(BROADCAST_TOPIC);
  const limit = BROADCAST_WINDOW * receivers;
  sendMore = () => {
    while (sent * receivers - delivered < limit) {
      sender.broadcast(BROADCAST_TOPIC, 'tick', { seq: sent, x: Math.round(Math.random() * 1000), y: Math.round(Math.random() * 1000) });
      sent++;
    }
  };
  try {
    sending = true;
    sendMore();
    await delay(BROADCAST_WARM_UP_MS);
    const [startCount, startAt, endCpu, loadStart] = [delivered, performance.now(), await cpuWindow(), process.cpuUsage()];
    await delay(seconds * 1000);
    const [endCount, endAt, cpu, load] = [delivered, performance.now(), await endCpu(), process.cpuUsage(loadStart)];
    sending = false;
    const drainUntil = performance.now() + BROADCAST_DRAIN_MS;
    while (delivered < sent * receivers && performance.now() < drainUntil) await delay(50);
    const deliveries = endCount - startCount;
    return {
      receivers,
      seconds: (endAt - startAt) / 1000,
      deliveriesPerSecond: deliveries / ((endAt - startAt) / 1000),
      deliveries,
      messagesSent: sent,
      lost: sent * receivers - delivered,
      platformCpu: cpu,
      loadCpuMs: (load.user + load.system) / 1000,
    };
  } finally {
    sender.terminate();
    closeAll(sockets);
  }
}

await untilQuiet();
// What the platform uses doing nothing (health checks, samplers), reported beside the runs' CPU figures.
const endBaseline = await cpuWindow();
await delay(BASELINE_MS);
const baseline = await endBaseline();
const idle = await idleSockets(config.idleSockets);
const oneSubscriber = await latency([undefined], 300);
const sameRole = await latency(
  Array.from({ length: 100 }, () => undefined),
  100,
);
const distinctUsers = await latency(config.userTokens, 100);
const broadcast = await broadcastFanOut(config.broadcastReceivers, config.broadcastSeconds);
const result: RealtimeLoadResult = { baseline, idle, oneSubscriber, sameRole, distinctUsers, broadcast };
process.stdout.write(JSON.stringify(result));
// Sockets still closing must not hold the process open.
process.exit(0);

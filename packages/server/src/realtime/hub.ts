/**
 * Realtime's state for one project: its sockets, the channels joined on each topic, presence, and
 * the change stream that feeds postgres_changes subscribers (opened for the first, closed a while
 * after the last). All in memory: when the platform restarts, clients reconnect and join again,
 * as they do when Supabase Realtime moves them.
 */
import type { PlatformContext } from '../kernel/context.ts';
import type { ApiRequestAuth } from '../rest/request-auth.ts';
import * as projects from '../store/projects.ts';
import type { RealtimeLogEntry } from '../store/realtime-logs.ts';
import { type ChannelPolicies, channelPolicies } from './authorization.ts';
import { ChangeStream, type RowChange } from './changes.ts';
import { recordRealtimeEvent } from './log.ts';
import { changeData, changePayloadJson, type ChangeSubscription, takes, unkeyedData } from './postgres-changes.ts';
import { type PresenceDiff, TopicPresence } from './presence.ts';
import type { PhoenixMessage } from './protocol.ts';
import { RateWindow } from './limits.ts';
import { settingsOf } from './settings.ts';
import { RealtimeUsage } from './usage.ts';
import { authKey, maySelectEach } from './visibility.ts';

/** What the hub needs of a joined channel (socket.ts). */
export interface Channel {
  topic: string;
  private: boolean;
  auth: ApiRequestAuth;
  selfBroadcast: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  subscriptions: ChangeSubscription[];
  send(message: PhoenixMessage): void;
}

/** A stream nobody listens to is closed after this long (a page reload should not reopen it). */
const STREAM_IDLE_MS = 30_000;

const topicKey = (channel: Pick<Channel, 'topic' | 'private'>) => `${channel.private ? 'private' : 'public'}|${channel.topic}`;

const push = (topic: string, event: string, payload: Record<string, unknown>): PhoenixMessage => ({
  joinRef: null,
  ref: null,
  topic,
  event,
  payload,
});

export class ProjectHub {
  readonly ref: string;
  readonly #ctx: PlatformContext;
  readonly #topics = new Map<string, Set<Channel>>();
  readonly #presence = new Map<string, TopicPresence<Channel>>();
  readonly #listening = new Set<Channel>();
  /** Ends each socket of the project (socket.ts registers them through connected and disconnected). */
  readonly sockets = new Set<{ close(code: number, reason: string): void }>();
  readonly usage: RealtimeUsage;
  /** Sockets with a channel joined: the clients max_concurrent_users counts. */
  readonly clients = new Set<object>();
  /** The project's joins, client messages and presence messages of the current second. */
  readonly rates = { joins: new RateWindow(), events: new RateWindow(), presence: new RateWindow() };
  #stream: Promise<ChangeStream> | undefined;
  #idleTimer: NodeJS.Timeout | undefined;
  #uncounted = 0;

  constructor(ctx: PlatformContext, ref: string, usage: RealtimeUsage) {
    this.#ctx = ctx;
    this.ref = ref;
    this.usage = usage;
  }

  /**
   * One message sent to a client, for the usage counters: added up over the tick and handed over
   * once, since a fan-out sends thousands and the counters look up the project and day each time.
   */
  counted(): void {
    if (this.#uncounted++ === 0) process.nextTick(() => this.#count());
  }

  #count(): void {
    this.usage.message(this.ref, this.#uncounted);
    this.#uncounted = 0;
  }

  connected(socket: { close(code: number, reason: string): void }): void {
    this.sockets.add(socket);
    this.usage.connections(this.ref, this.sockets.size);
  }

  disconnected(socket: { close(code: number, reason: string): void }): void {
    this.sockets.delete(socket);
    this.clients.delete(socket);
  }

  /**
   * Adds a joined channel. The stream also carries broadcasts sent from SQL, so every join opens
   * it; one with postgres_changes waits until changes are streaming, the others do not.
   */
  async join(channel: Channel): Promise<void> {
    const streaming = this.#openStream();
    if (channel.subscriptions.length) {
      await streaming;
      this.#listening.add(channel);
    } else {
      streaming.catch((err: unknown) => this.#ctx.logger.warn({ err, ref: this.ref }, 'realtime change stream not opened'));
    }
    const key = topicKey(channel);
    const channels = this.#topics.get(key) ?? new Set();
    this.#topics.set(key, channels.add(channel));
  }

  /** Writes an event to the project's realtime logs: what happened, to which channel and role, never a payload. */
  log(
    eventType: RealtimeLogEntry['eventType'],
    msg: string,
    channel?: Pick<Channel, 'topic' | 'auth'>,
    level: RealtimeLogEntry['level'] = 'info',
  ): void {
    recordRealtimeEvent(this.#ctx, {
      at: new Date(),
      ref: this.ref,
      level,
      eventType,
      topic: channel ? channel.topic.slice('realtime:'.length) : null,
      role: channel?.auth.role ?? null,
      msg,
    });
  }

  settings() {
    return settingsOf(this.#ctx, this.ref);
  }

  /** What `auth` may do on the private topic; undefined when the database cannot answer. */
  async policies(auth: ApiRequestAuth, subTopic: string): Promise<ChannelPolicies | undefined> {
    const project = await projects.findSnapshot(this.#ctx.db, this.ref);
    if (!project) return undefined;
    return channelPolicies(this.#ctx, project, auth, subTopic).catch((err: unknown) => {
      this.#ctx.logger.warn({ err, ref: this.ref }, 'realtime channel policies not read');
      return undefined;
    });
  }

  /** The topic's whole presence, for a channel that just turned presence on. */
  sendPresenceState(channel: Channel): void {
    channel.send(push(channel.topic, 'presence_state', this.#presence.get(topicKey(channel))?.state() ?? {}));
  }

  leave(channel: Channel): void {
    const key = topicKey(channel);
    this.untrack(channel);
    const channels = this.#topics.get(key);
    channels?.delete(channel);
    if (channels?.size === 0) this.#topics.delete(key);
    this.#listening.delete(channel);
    if (this.#topics.size === 0) this.#closeStreamWhenIdle();
  }

  /** A broadcast to the topic's channels: the sender's own only when it asked for `self`. */
  broadcast(from: Pick<Channel, 'topic' | 'private'> & Partial<Channel>, payload: Record<string, unknown>): void {
    const message = push(from.topic, 'broadcast', payload);
    for (const channel of this.#topics.get(topicKey(from)) ?? []) {
      if (channel !== from || channel.selfBroadcast) channel.send(message);
    }
  }

  track(channel: Channel, meta: Record<string, unknown>): void {
    const key = topicKey(channel);
    const presence = this.#presence.get(key) ?? new TopicPresence<Channel>();
    this.#presence.set(key, presence);
    if (!channel.presenceEnabled) {
      // Tracking turns presence on for the tracker, which then needs the state so far.
      channel.presenceEnabled = true;
      this.sendPresenceState(channel);
    }
    this.#sendDiff(key, presence.track(channel, channel.presenceKey, meta));
  }

  untrack(channel: Channel): void {
    const key = topicKey(channel);
    const presence = this.#presence.get(key);
    const diff = presence?.untrack(channel, channel.presenceKey);
    if (presence?.isEmpty) this.#presence.delete(key);
    if (diff) this.#sendDiff(key, diff);
  }

  #sendDiff(key: string, diff: PresenceDiff): void {
    for (const channel of this.#topics.get(key) ?? []) {
      if (channel.presenceEnabled) channel.send(push(channel.topic, 'presence_diff', { ...diff }));
    }
  }

  /** A message inserted into realtime.messages (realtime.send) goes to its topic as a broadcast. */
  #broadcastFromDatabase({ record }: RowChange): void {
    if (!record?.topic || !record.event) return;
    const payload: unknown = record.payload === null || record.payload === undefined ? {} : JSON.parse(record.payload);
    this.broadcast(
      { topic: `realtime:${record.topic}`, private: record.private === 't' },
      { type: 'broadcast', event: record.event, payload },
    );
  }

  /**
   * Each subscriber whose subscriptions take the change and who may see the row hears it once.
   * Subscribers with the same role and claims share one check, and all checks of a change go to
   * the database together (visibility.ts); the change's `data` is serialized once for all.
   */
  async deliver(change: RowChange): Promise<void> {
    if (change.shape.schema === 'realtime' && change.shape.table === 'messages') return this.#broadcastFromDatabase(change);
    const takers = new Map<string, { auth: ApiRequestAuth; channels: { channel: Channel; ids: number[] }[] }>();
    for (const channel of this.#listening) {
      const ids = channel.subscriptions.filter((subscription) => takes(subscription, change)).map((subscription) => subscription.id);
      if (!ids.length) continue;
      const key = authKey(channel.auth);
      const group = takers.get(key) ?? { auth: channel.auth, channels: [] };
      takers.set(key, group);
      group.channels.push({ channel, ids });
    }
    if (!takers.size) return;
    const groups = [...takers.values()];
    const data = changeData(change);
    const dataJson = JSON.stringify(data);
    const unkeyed = change.shape.rowSecurity && !change.shape.primaryKey.length ? unkeyedData(change) : undefined;
    const unkeyedJson = unkeyed && JSON.stringify(unkeyed);
    const send = ({ auth, channels }: (typeof groups)[number]) => {
      const [body, bodyJson] = unkeyed && auth.role !== 'service_role' ? [unkeyed, unkeyedJson!] : [data, dataJson];
      for (const { channel, ids } of channels) {
        channel.send({ ...push(channel.topic, 'postgres_changes', { ids, data: body }), payloadJson: changePayloadJson(ids, bodyJson) });
      }
    };
    // A deleted row can no longer be checked: everyone hears its key, as with Supabase.
    if (change.type === 'DELETE') return groups.forEach(send);
    const project = await projects.findSnapshot(this.#ctx.db, this.ref);
    if (!project) return;
    const allowed = await maySelectEach(
      this.#ctx,
      project,
      groups.map(({ auth }) => auth),
      change,
    );
    groups.forEach((group, i) => allowed[i] && send(group));
  }

  async #openStream(): Promise<void> {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
    this.#stream ??= this.#startStream();
    await this.#stream;
  }

  async #startStream(): Promise<ChangeStream> {
    const project = await projects.findSnapshot(this.#ctx.db, this.ref);
    if (!project) throw new Error(`Project ${this.ref} not found`);
    try {
      return await ChangeStream.open(
        this.#ctx,
        project,
        (change) => this.deliver(change),
        (err) => {
          // Its subscribers would hear nothing more: their clients reconnect and join a new stream.
          this.#ctx.logger.warn({ err, ref: this.ref }, 'realtime change stream ended');
          void this.close('The change stream ended');
        },
      );
    } catch (error) {
      this.#stream = undefined;
      throw error;
    }
  }

  #closeStreamWhenIdle(): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => void this.#dropStream(), STREAM_IDLE_MS);
    this.#idleTimer.unref();
  }

  async #dropStream(): Promise<void> {
    const stream = this.#stream;
    this.#stream = undefined;
    await (await stream?.catch(() => undefined))?.close();
  }

  /** Ends every socket and the stream: the instance is about to stop or move, or the platform ends. */
  async close(reason: string): Promise<void> {
    clearTimeout(this.#idleTimer);
    for (const socket of this.sockets) socket.close(1012, reason);
    await this.#dropStream();
  }
}

const hubs = new Map<string, ProjectHub>();
const usages = new WeakMap<PlatformContext, RealtimeUsage>();

export function hubFor(ctx: PlatformContext, ref: string): ProjectHub {
  let hub = hubs.get(ref);
  if (!hub) {
    let usage = usages.get(ctx);
    if (!usage) usages.set(ctx, (usage = new RealtimeUsage(ctx)));
    hubs.set(ref, (hub = new ProjectHub(ctx, ref, usage)));
  }
  return hub;
}

/** Before a lifecycle operation stops or moves the instance: clients reconnect once it is back. */
export async function closeProjectRealtime(ref: string): Promise<void> {
  const hub = hubs.get(ref);
  hubs.delete(ref);
  await hub?.close('The project is restarting');
}

/** When the platform stops: every project's sockets, and the usage counted so far. */
export async function closeAllRealtime(ctx: PlatformContext): Promise<void> {
  await Promise.all([...hubs.keys()].map((ref) => closeProjectRealtime(ref)));
  await usages.get(ctx)?.stop();
  usages.delete(ctx);
}

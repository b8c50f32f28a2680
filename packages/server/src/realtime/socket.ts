/**
 * One client's WebSocket: the Phoenix messages realtime-js sends (heartbeat, phx_join, broadcast,
 * presence, access_token, phx_leave) and the replies and pushes it expects. Messages are handled
 * one after another, so a broadcast sent after a join is handled after it.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { ApiRequestAuth } from '../rest/request-auth.ts';
import type { ProjectJwtKeys } from '../services/api/jwt-keys.ts';
import type { RealtimeConfig } from '@basin/core/schemas';
import { FilterError } from './filters.ts';
import { LIMIT_MESSAGES, payloadBytes } from './limits.ts';
import type { Channel, ProjectHub } from './hub.ts';
import { subscriptionsOf } from './postgres-changes.ts';
import { randomPresenceKey } from './presence.ts';
import { decode, encode, type PhoenixMessage, ProtocolError, type Vsn } from './protocol.ts';
import { expiredMessage, TokenRefusal, verifyChannelToken } from './tokens.ts';

interface JoinedChannel extends Channel {
  joinRef: string | null;
  /** Whether the role may send (broadcast, track): always on a public channel, by policy on a private one. */
  canWrite: boolean;
  /** The project's Realtime settings when the channel joined. */
  limits: RealtimeConfig;
  expiry?: NodeJS.Timeout;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** ws's send options for the frames protocol.ts makes (bytes either way). */
const TEXT = { binary: false };
const BINARY = { binary: true };

const UNREACHABLE = 'UnableToConnectToProject: Realtime was unable to connect to the project database';

/** setTimeout's longest delay; a token that lives longer is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const cannotWrite = (channel: Channel) =>
  `Unauthorized: You do not have permissions to write to this Channel topic: ${channel.topic.slice('realtime:'.length)}`;

export interface SocketOptions {
  vsn: Vsn;
  /** Who the socket's `apikey` is: the role of channels that send no token of their own. */
  keyAuth: ApiRequestAuth;
  jwtKeys: () => Promise<ProjectJwtKeys>;
}

export class ClientSocket {
  readonly #ws: WebSocket;
  readonly #hub: ProjectHub;
  readonly #options: SocketOptions;
  readonly #channels = new Map<string, JoinedChannel>();
  #queue: Promise<void> = Promise.resolve();
  #corked = false;

  constructor(ws: WebSocket, hub: ProjectHub, options: SocketOptions) {
    this.#ws = ws;
    this.#hub = hub;
    this.#options = options;
    hub.connected(this);
    hub.log('Connect', `Socket opened (protocol ${options.vsn}, key role ${options.keyAuth.role})`);
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      this.#queue = this.#queue.then(() => this.#receive(data, isBinary)).catch(() => this.close(1011, 'Internal error'));
    });
    ws.on('close', (code: number) => this.#closed(code));
  }

  close(code: number, reason: string): void {
    this.#ws.close(code, reason);
  }

  send(message: PhoenixMessage): void {
    const frame = encode(message, this.#options.vsn);
    if (frame === undefined || this.#ws.readyState !== this.#ws.OPEN) return;
    this.#corkForTick();
    this.#ws.send(frame.data, frame.binary ? BINARY : TEXT);
    if (message.event !== 'phx_reply') this.#hub.counted();
  }

  /**
   * Holds the socket's writes until the end of the tick: a fan-out that sends several messages to
   * a socket (a burst of broadcasts read in one go) then writes them in one system call, in order,
   * instead of one each. Node's cork counts, so ws's own cork/uncork around a frame nests inside.
   */
  #corkForTick(): void {
    if (this.#corked) return;
    const raw = (this.#ws as unknown as { _socket?: Socket })._socket;
    if (!raw) return;
    this.#corked = true;
    raw.cork();
    process.nextTick(() => {
      this.#corked = false;
      raw.uncork();
    });
  }

  #reply(to: PhoenixMessage, status: 'ok' | 'error', response: Record<string, unknown> = {}): void {
    this.send({ joinRef: to.joinRef, ref: to.ref, topic: to.topic, event: 'phx_reply', payload: { status, response } });
  }

  async #receive(data: Buffer, isBinary: boolean): Promise<void> {
    let message: PhoenixMessage;
    try {
      message = decode(data, isBinary, this.#options.vsn);
    } catch (error) {
      if (error instanceof ProtocolError) return this.close(1003, error.message);
      throw error;
    }
    if (message.topic === 'phoenix') return message.event === 'heartbeat' ? this.#reply(message, 'ok') : undefined;
    if (message.event === 'phx_join') return this.#join(message);
    const channel = this.#channels.get(message.topic);
    if (!channel) return this.#reply(message, 'error', { reason: 'unmatched topic' });
    switch (message.event) {
      case 'phx_leave':
        this.#end(channel);
        this.#hub.log('Leave', 'Left the channel', channel);
        return this.#reply(message, 'ok');
      case 'broadcast':
        return this.#broadcast(channel, message);
      case 'presence':
        return this.#presence(channel, message);
      case 'access_token':
        return this.#refreshToken(channel, message.payload.access_token);
      default:
        return undefined;
    }
  }

  /** The channel's role: its own token's, else the socket's key's. Throws TokenRefusal. */
  async #authOf(token: unknown): Promise<{ auth: ApiRequestAuth; exp?: number }> {
    if (typeof token !== 'string' || !token || token.startsWith('sb_')) return { auth: this.#options.keyAuth };
    const verified = await verifyChannelToken(await this.#options.jwtKeys(), token);
    return { auth: { role: verified.role, claims: verified.claims }, exp: verified.exp };
  }

  async #join(message: PhoenixMessage): Promise<void> {
    const { topic, payload } = message;
    if (!topic.startsWith('realtime:')) return this.#reply(message, 'error', { reason: 'unmatched topic' });
    if (topic === 'realtime:') return this.#reply(message, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    const previous = this.#channels.get(topic);
    if (previous) this.#end(previous); // a join again replaces the channel, as Phoenix does
    const config = isObject(payload.config) ? payload.config : {};
    const limits = await this.#hub.settings();
    const refusal =
      limits.private_only && config.private !== true
        ? LIMIT_MESSAGES.privateOnly
        : !this.#hub.clients.has(this) && this.#hub.clients.size >= limits.max_concurrent_users
          ? LIMIT_MESSAGES.tooManyUsers
          : this.#channels.size >= limits.max_channels_per_client
            ? LIMIT_MESSAGES.tooManyChannels
            : !this.#hub.rates.joins.take(limits.max_joins_per_second)
              ? LIMIT_MESSAGES.tooManyJoins
              : undefined;
    if (refusal) return this.#refuse(message, refusal);
    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    const presence = isObject(config.presence) ? config.presence : {};
    let channel: JoinedChannel;
    try {
      const { auth, exp } = await this.#authOf(payload.access_token ?? payload.user_token);
      channel = {
        topic,
        joinRef: message.ref,
        private: config.private === true,
        canWrite: true,
        limits,
        auth,
        selfBroadcast: broadcast.self === true,
        presenceKey: typeof presence.key === 'string' && presence.key ? presence.key : randomPresenceKey(),
        presenceEnabled: presence.enabled === true,
        subscriptions: subscriptionsOf(config.postgres_changes),
        send: (push) => this.send(push),
      };
      if (exp !== undefined) this.#expireAt(channel, exp);
    } catch (error) {
      if (error instanceof TokenRefusal || error instanceof FilterError) return this.#refuse(message, error.message);
      throw error;
    }
    const subTopic = topic.slice('realtime:'.length);
    if (channel.private) {
      const policies = await this.#hub.policies(channel.auth, subTopic);
      if (!policies?.read) {
        clearTimeout(channel.expiry);
        const reason = policies ? `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}` : UNREACHABLE;
        return this.#refuse(message, reason, channel);
      }
      channel.canWrite = policies.write;
    }
    this.#channels.set(topic, channel);
    this.#hub.clients.add(this);
    try {
      await this.#hub.join(channel);
    } catch {
      this.#end(channel);
      return this.#refuse(message, UNREACHABLE, channel);
    }
    if (this.#channels.get(topic) !== channel) return undefined; // left or replaced meanwhile
    this.#reply(message, 'ok', { postgres_changes: channel.subscriptions.map(({ id, params }) => ({ ...params, id })) });
    this.#hub.log(
      'Join',
      `Joined ${channel.private ? 'private' : 'public'} channel${channel.subscriptions.length ? ` with ${channel.subscriptions.length} postgres_changes subscriptions` : ''}`,
      channel,
    );
    if (channel.subscriptions.length) this.#system(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    if (channel.presenceEnabled) this.#hub.sendPresenceState(channel);
  }

  #refuse(message: PhoenixMessage, reason: string, channel?: JoinedChannel): void {
    this.#hub.log('JoinRefused', reason, { topic: message.topic, auth: channel?.auth ?? this.#options.keyAuth }, 'warning');
    this.#reply(message, 'error', { reason });
  }

  #broadcast(channel: JoinedChannel, message: PhoenixMessage): void {
    if (!channel.canWrite) return message.ref === null ? undefined : this.#reply(message, 'error', { reason: cannotWrite(channel) });
    if (!this.#hub.rates.events.take(channel.limits.max_events_per_second)) return this.#shutdown(channel, LIMIT_MESSAGES.tooManyEvents);
    const { event, payload } = message.payload;
    if (payloadBytes(payload) > channel.limits.max_payload_size_in_kb * 1024) {
      return message.ref === null ? undefined : this.#reply(message, 'error', { reason: LIMIT_MESSAGES.payloadTooLarge });
    }
    this.#hub.broadcast(channel, { type: 'broadcast', event: String(event ?? ''), payload: payload ?? {} });
    if (message.ref !== null) this.#reply(message, 'ok');
  }

  #presence(channel: JoinedChannel, message: PhoenixMessage): void {
    const { event, payload } = message.payload;
    if (event === 'untrack') {
      this.#hub.untrack(channel);
      return this.#reply(message, 'ok');
    }
    if (event !== 'track') return this.#reply(message, 'error', { reason: 'Presence event must be track or untrack' });
    if (!isObject(payload)) return this.#reply(message, 'error', { reason: 'Presence track payload must be a map' });
    if (!channel.canWrite) return this.#reply(message, 'error', { reason: cannotWrite(channel) });
    if (!this.#hub.rates.presence.take(channel.limits.max_presence_events_per_second)) {
      return this.#shutdown(channel, LIMIT_MESSAGES.tooManyPresenceEvents);
    }
    if (payloadBytes(payload) > channel.limits.max_payload_size_in_kb * 1024) return this.#shutdown(channel, LIMIT_MESSAGES.trackTooLarge);
    this.#hub.track(channel, payload);
    this.#reply(message, 'ok');
  }

  /** A new access token for the channel (realtime-js sends one when the session refreshes). */
  async #refreshToken(channel: JoinedChannel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || token.startsWith('sb_')) return;
    try {
      const { auth, exp } = await this.#authOf(token);
      if (channel.private) {
        const subTopic = channel.topic.slice('realtime:'.length);
        const policies = await this.#hub.policies(auth, subTopic);
        if (!policies?.read) return this.#shutdown(channel, `You no longer have permission to read from this Channel topic: ${subTopic}`);
        channel.canWrite = policies.write;
      }
      channel.auth = auth;
      clearTimeout(channel.expiry);
      if (exp !== undefined) this.#expireAt(channel, exp);
    } catch (error) {
      if (!(error instanceof TokenRefusal)) throw error;
      this.#shutdown(channel, error.message.replace(/^\w+: /, ''));
    }
  }

  #expireAt(channel: JoinedChannel, exp: number): void {
    const delay = exp * 1000 - Date.now();
    channel.expiry = setTimeout(
      () => (delay > MAX_TIMER_MS ? this.#expireAt(channel, exp) : this.#shutdown(channel, expiredMessage(exp))),
      Math.max(0, Math.min(delay, MAX_TIMER_MS)),
    );
    channel.expiry.unref();
  }

  #system(channel: JoinedChannel, extension: string, status: 'ok' | 'error', text: string): void {
    channel.send({
      joinRef: null,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload: { extension, status, message: text, channel: channel.topic.slice('realtime:'.length) },
    });
  }

  /** Closes a channel from the server's side, saying why, as Realtime's shutdown does. */
  #shutdown(channel: JoinedChannel, reason: string): void {
    if (this.#channels.get(channel.topic) !== channel) return;
    this.#system(channel, 'system', 'error', reason);
    this.#hub.log('ChannelShutdown', reason, channel, 'warning');
    channel.send({ joinRef: null, ref: null, topic: channel.topic, event: 'phx_close', payload: {} });
    this.#end(channel);
  }

  #end(channel: JoinedChannel): void {
    clearTimeout(channel.expiry);
    if (this.#channels.get(channel.topic) === channel) this.#channels.delete(channel.topic);
    if (this.#channels.size === 0) this.#hub.clients.delete(this);
    this.#hub.leave(channel);
  }

  #closed(code: number): void {
    for (const channel of [...this.#channels.values()]) this.#end(channel);
    this.#hub.disconnected(this);
    this.#hub.log('Disconnect', `Socket closed (code ${code})`);
  }
}

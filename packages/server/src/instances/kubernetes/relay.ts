/**
 * Local relays: for each running project, a TCP listener on 127.0.0.1 at the project's port that
 * forwards to its Cluster's read-write Service. Everything in the platform that reaches an
 * instance (admin sessions, the data API's pools, the SQL editor, pg_dump for upgrades and schema
 * branches) connects to 127.0.0.1:<port> today; through the relay it reaches the Cluster unchanged.
 *
 * The relay reads one thing of the protocol, the startup message, to map a login as `postgres`
 * onto the members' role (`memberRole`): on CloudNativePG `postgres` is the operator's superuser.
 * SCRAM authentication does not depend on the user name the client sent, so the password of the
 * members' role works as it does on the embedded driver. To read the startup message, the relay
 * answers an SSL or GSS encryption request with "no" (as the embedded instances, which run
 * without SSL, do): clients that insist on TLS cannot use it; the leg to the Service stays in
 * the cluster's network.
 */
import net from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Startup messages carry the protocol version, major in the high 16 bits (3.0 is 196608). */
const PROTOCOL_MAJOR = 3;
/** A startup message is a few hundred bytes; anything bigger is not a Postgres client. */
const MAX_STARTUP = 10_000;

export interface RelayTarget {
  host: string;
  port: number;
}

export interface RelayOptions {
  /** Logins as `from` reach the server as `to`. */
  renameUser?: { from: string; to: string };
  /** Where to listen; always a loopback address. */
  host?: string;
  onError?: (error: Error) => void;
}

/** Rewrites the `user` parameter of a startup message (protocol 3.x). */
export function rewriteStartup(message: Buffer, rename: { from: string; to: string }): Buffer {
  const parts = message.subarray(8).toString('utf8').split('\0');
  let changed = false;
  for (let i = 0; i + 1 < parts.length; i += 2) {
    if (parts[i] === 'user' && parts[i + 1] === rename.from) {
      parts[i + 1] = rename.to;
      changed = true;
    }
  }
  if (!changed) return message;
  const body = Buffer.from(parts.join('\0'), 'utf8');
  const out = Buffer.alloc(8 + body.length);
  out.writeInt32BE(out.length, 0);
  out.writeInt32BE(message.readInt32BE(4), 4);
  body.copy(out, 8);
  return out;
}

/** One listener and its connections. */
export class Relay {
  readonly #server: net.Server;
  readonly #sockets = new Set<net.Socket>();
  #target: RelayTarget;

  private constructor(server: net.Server, target: RelayTarget) {
    this.#server = server;
    this.#target = target;
  }

  static async listen(port: number, target: RelayTarget, options: RelayOptions = {}): Promise<Relay> {
    const server = net.createServer();
    const relay = new Relay(server, target);
    server.on('connection', (client) => relay.#accept(client, options));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error) => options.onError?.(error));
    return relay;
  }

  get target(): RelayTarget {
    return this.#target;
  }

  /** New connections go to `target` (open ones stay where they are). */
  retarget(target: RelayTarget): void {
    this.#target = target;
  }

  /** Stops listening and ends every connection. */
  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #track(socket: net.Socket): void {
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
  }

  #accept(client: net.Socket, options: RelayOptions): void {
    this.#track(client);
    client.on('error', () => client.destroy());
    let pending = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 8) {
        const length = pending.readInt32BE(0);
        if (length < 8 || length > MAX_STARTUP) return client.destroy();
        if (pending.length < length) return;
        const message = pending.subarray(0, length);
        const rest = pending.subarray(length);
        const code = message.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          client.write('N');
          pending = rest;
          continue;
        }
        const startup = code >>> 16 === PROTOCOL_MAJOR;
        if (!startup && code !== CANCEL_REQUEST) return client.destroy();
        client.off('data', onData);
        client.pause();
        const first = startup && options.renameUser ? rewriteStartup(message, options.renameUser) : message;
        this.#connect(client, Buffer.concat([first, rest]));
        return;
      }
    };
    client.on('data', onData);
  }

  #connect(client: net.Socket, first: Buffer): void {
    const upstream = net.connect(this.#target.port, this.#target.host);
    this.#track(upstream);
    upstream.once('connect', () => {
      upstream.write(first);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', end);
    client.on('error', end);
    upstream.once('close', end);
    client.once('close', end);
  }
}

/** The relays of one driver, by ref. */
export class Relays {
  readonly #relays = new Map<string, { port: number; relay: Relay }>();
  readonly #options: RelayOptions;

  constructor(options: RelayOptions = {}) {
    this.#options = options;
  }

  has(ref: string, port: number): boolean {
    return this.#relays.get(ref)?.port === port;
  }

  /** Listens on `port` for `ref` (moving it when the project's port changed) towards `target`. */
  async ensure(ref: string, port: number, target: RelayTarget): Promise<void> {
    const existing = this.#relays.get(ref);
    if (existing?.port === port) {
      existing.relay.retarget(target);
      return;
    }
    if (existing) await this.close(ref);
    this.#relays.set(ref, { port, relay: await Relay.listen(port, target, this.#options) });
  }

  async close(ref: string): Promise<void> {
    const existing = this.#relays.get(ref);
    this.#relays.delete(ref);
    await existing?.relay.close();
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#relays.keys()].map((ref) => this.close(ref)));
  }
}

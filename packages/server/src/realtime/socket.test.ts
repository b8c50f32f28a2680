import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { ProjectHub } from './hub.ts';
import { ClientSocket } from './socket.ts';
import type { ProjectJwtKeys } from '../services/api/jwt-keys.ts';

const servers: WebSocketServer[] = [];
const NO_KEYS: ProjectJwtKeys = { secret: new Uint8Array(), signing: undefined, verifying: new Map(), jwks: [] };
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** A ClientSocket on a real ws pair, with a hub that only counts, and the client end. */
async function pair(): Promise<{ socket: ClientSocket; raw: Socket; client: WebSocket; counted: () => number }> {
  let count = 0;
  const hub = { connected() {}, disconnected() {}, log() {}, counted: () => count++ } as unknown as ProjectHub;
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, { perMessageDeflate: false });
  await new Promise((resolve) => client.once('open', resolve));
  const ws = await accepted;
  const socket = new ClientSocket(ws, hub, { vsn: '2.0.0', keyAuth: { role: 'anon', claims: {} }, jwtKeys: async () => NO_KEYS });
  return { socket, raw: (ws as unknown as { _socket: Socket })._socket, client, counted: () => count };
}

describe('ClientSocket', () => {
  it('writes the messages of a tick in one system call, in order, and counts them', async () => {
    const { socket, raw, client, counted } = await pair();
    const heard: number[] = [];
    const all = new Promise<void>((resolve) =>
      client.on('message', (data: Buffer) => {
        heard.push((JSON.parse(data.toString('utf8')) as [null, null, string, string, { seq: number }])[4].seq);
        if (heard.length === 1_001) resolve();
      }),
    );
    let writes = 0;
    for (const name of ['_write', '_writev'] as const) {
      const original = raw[name]!.bind(raw) as (...args: unknown[]) => void;
      (raw as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => (writes++, original(...args));
    }
    const message = (seq: number) => ({ joinRef: null, ref: null, topic: 'realtime:t', event: 'broadcast', payload: { seq } });
    for (let seq = 0; seq < 1_000; seq++) socket.send(message(seq));
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toBe(1);
    socket.send(message(1_000)); // a later tick writes on its own
    await all;
    expect(heard).toEqual(Array.from({ length: 1_001 }, (_, i) => i));
    expect(counted()).toBe(1_001);
    client.close();
  });
});

import net from 'node:net';
import getPort from 'get-port';
import { afterEach, describe, expect, it } from 'vitest';
import { Relay, rewriteStartup } from './relay.ts';

function startup(params: Record<string, string>, version = 196608): Buffer {
  const body = Buffer.from(
    `${Object.entries(params)
      .map(([k, v]) => `${k}\0${v}\0`)
      .join('')}\0`,
  );
  const out = Buffer.alloc(8 + body.length);
  out.writeInt32BE(out.length, 0);
  out.writeInt32BE(version, 4);
  body.copy(out, 8);
  return out;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** A server that records the first bytes each connection sends, and answers 'ok'. */
async function upstream(): Promise<{ port: number; received: Buffer[] }> {
  const received: Buffer[] = [];
  const server = net.createServer((socket) =>
    socket.once('data', (data) => {
      received.push(data);
      socket.end('ok');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { port: (server.address() as net.AddressInfo).port, received };
}

function exchange(port: number, chunks: Buffer[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => chunks.forEach((chunk) => socket.write(chunk)));
    let answer = Buffer.alloc(0);
    socket.on('data', (data) => (answer = Buffer.concat([answer, data])));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the relay', () => {
  it("maps a login as postgres onto the members' role, and leaves other logins and protocol 3.2 alone", () => {
    const rewritten = rewriteStartup(startup({ user: 'postgres', database: 'postgres' }), { from: 'postgres', to: 'basin_member' });
    expect(rewritten.subarray(8).toString()).toBe('user\0basin_member\0database\0postgres\0\0');
    expect(rewritten.readInt32BE(0)).toBe(rewritten.length);
    const other = startup({ user: 'basin_readonly', database: 'postgres' });
    expect(rewriteStartup(other, { from: 'postgres', to: 'basin_member' })).toBe(other);
    expect(rewriteStartup(startup({ user: 'postgres' }, 196610), { from: 'postgres', to: 'm' }).readInt32BE(4)).toBe(196610);
  });

  it('declines TLS, then forwards the rewritten startup and everything after it', async () => {
    const target = await upstream();
    const port = await getPort();
    const relay = await Relay.listen(
      port,
      { host: '127.0.0.1', port: target.port },
      { renameUser: { from: 'postgres', to: 'basin_member' } },
    );
    closers.push(() => relay.close());
    const sslRequest = Buffer.alloc(8);
    sslRequest.writeInt32BE(8, 0);
    sslRequest.writeInt32BE(80877103, 4);
    const answer = await exchange(port, [sslRequest, startup({ user: 'postgres' })]);
    expect(answer.toString()).toBe('Nok');
    expect(target.received[0]!.subarray(8).toString()).toBe('user\0basin_member\0\0');
  });

  it('closes a connection that does not speak the protocol', async () => {
    const target = await upstream();
    const port = await getPort();
    const relay = await Relay.listen(port, { host: '127.0.0.1', port: target.port });
    closers.push(() => relay.close());
    const answer = await exchange(port, [Buffer.from('GET / HTTP/1.1\r\n\r\n')]);
    expect(answer.length).toBe(0);
    expect(target.received).toEqual([]);
  });
});

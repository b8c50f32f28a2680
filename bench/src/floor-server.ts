/**
 * The floor under the data API's one-row GET: a bare node:http server, run as a process of its
 * own, that answers every request with what the gateway makes Postgres do for such a read (the
 * same pipelined transaction: begin read only, the request's settings as transaction.ts sets
 * them, the prepared select, commit) and nothing else: no key check, no Hono, no logs. The
 * connection string and pool size come in BENCH_DATABASE_URL and BENCH_SESSIONS; it prints its
 * URL on stdout and runs until killed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SETTINGS } from '../../packages/server/src/rest/transaction.ts';

const connectionString = process.env.BENCH_DATABASE_URL;
if (!connectionString) throw new Error('floor-server.ts needs BENCH_DATABASE_URL');
const pool = new pg.Pool({ connectionString, max: Number(process.env.BENCH_SESSIONS ?? 10), pipeline: true } as pg.PoolConfig);
const READ = {
  name: 'floor-read',
  text: `select coalesce(json_agg(t), '[]')::text as body, count(*) as page_total
           from (select id, name from public.bench_authors where id = $1) t`,
};

const server = http.createServer((request, response) => {
  void (async () => {
    const client = await pool.connect();
    try {
      const { stream } = client.connection;
      stream.cork();
      setImmediate(() => stream.uncork());
      const begun = client.query('begin read only');
      const settings = client.query({
        ...SETTINGS,
        values: ['anon', '{"role":"anon"}', '', JSON.stringify(request.headers), 'GET', request.url, 'public'],
      });
      const read = client.query<{ body: string }>({ ...READ, values: [500] });
      const committed = client.query('commit');
      await Promise.all([begun, settings]);
      const body = (await read).rows[0]!.body;
      await committed;
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      response.end(body);
    } finally {
      client.release();
    }
  })();
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`));

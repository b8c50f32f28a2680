// The floor: node:http + pg (pipelined, prepared) doing what a one-row read needs, nothing else.
import http from 'node:http';
import pg from 'pg';
import EmbeddedPostgres from 'pg17';
import fs from 'node:fs';
const dir = '/tmp/minimal-exp'; fs.rmSync(dir, { recursive: true, force: true });
const port = 55433;
const db = new EmbeddedPostgres({ databaseDir: dir, port, user: 'postgres', password: 'pw', persistent: false, createPostgresUser: true, postgresFlags: ['-c', 'listen_addresses=127.0.0.1'] });
await db.initialise(); await db.start();
const setup = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: 'pw', database: 'postgres' });
await setup.connect();
await setup.query("create table t (id int primary key, name text); insert into t select g, 'n' || g from generate_series(1,1000) g; create role anon nologin; grant select on t to anon;");
await setup.end();
const mode = process.argv[2] ?? 'full';
const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', password: 'pw', database: 'postgres', max: 15, pipeline: true });
const SETTINGS = { name: 's', text: "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.headers', $3, true), set_config('search_path', $4, true)" };
const READ = { name: 'r', text: "select coalesce(json_agg(x), '[]')::text as body, count(*) as page_total from (select id, name from t where id = $1) x" };
const server = http.createServer(async (req, res) => {
  const client = await pool.connect();
  let rows;
  if (mode === 'one') {
    ({ rows } = await client.query({ ...READ, values: [500] }));
  } else {
    client.connection.stream.cork(); setImmediate(() => client.connection.stream.uncork());
    const b = client.query('begin read only');
    const s = client.query({ ...SETTINGS, values: ['anon', '{"role":"anon"}', JSON.stringify(req.headers), 'public'] });
    const r = client.query({ ...READ, values: [500] });
    const c = client.query('commit');
    await Promise.all([b, s]); ({ rows } = await r); await c;
  }
  client.release();
  const body = rows[0].body;
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(0, '127.0.0.1', () => fs.writeFileSync('/tmp/mport.txt', String(server.address().port)));
process.on('SIGTERM', async () => { await pool.end(); await db.stop(); process.exit(0); });

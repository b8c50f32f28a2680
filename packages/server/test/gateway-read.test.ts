/**
 * The gateway answers plain data API reads straight on node:http (gateway.ts serveRead) and the
 * rest through Hono (serve). A cookie, a header sent twice or an escape in the path sends a read
 * the second way: each case here is asked both ways and must answer alike, byte for byte.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './harness.ts';
import { type RestProject, startRestProject } from './rest-project.ts';

const SQL = `
create table public.notes (id int primary key, body text);
insert into public.notes values (1, 'one'), (2, 'two');
grant select on public.notes to anon;
create function public.cookie_jar(wide boolean) returns int language plpgsql as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', '123', 'message', 'cookies')::text,
    detail = json_build_object('status', 418, 'headers', json_build_object(
      'Set-Cookie', case when wide then 'jar=1; Domain=localhost; Path=/' else 'jar=1; Path=/' end,
      'X-Jar', 'full'))::text;
end $$;
grant execute on function public.cookie_jar(boolean) to anon;
notify pgrst, 'reload schema';`;

let project: RestProject;
let port: number;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with a Host and headers as given (node's fetch sets neither), headers named twice as arrays. */
function call(host: string, path: string, headers: Record<string, string | string[]>, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** What a client can see of an answer, without the headers that differ between any two answers. */
const seen = ({ status, headers, body }: Answer) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return { status, headers: rest, body };
};

const key = () => ({ apikey: project.keys.anon, authorization: `Bearer ${project.keys.anon}` });
const byHost = () => `${project.meta.ref}.localhost:${port}`;
const byPath = (path: string) => `/api/projects/${project.meta.ref}/gateway${path}`;

/** The same read asked plainly and with a cookie of the project's (which serve() takes). */
async function bothWays(host: string, path: string, headers: Record<string, string | string[]> = key(), method = 'GET') {
  const plain = await call(host, path, headers, method);
  const viaServe = await call(host, path, { ...headers, cookie: 'app=1' }, method);
  return { plain: seen(plain), viaServe: seen(viaServe) };
}

beforeAll(async () => {
  project = await startRestProject(SQL);
  port = Number(new URL(project.meta.platform.url).port);
  await waitFor(
    () => fetch(`${project.url}/notes`, { headers: key() }).then((r) => r.status),
    (status) => status === 200,
  );
}, 120_000);

afterAll(() => project?.meta.platform.destroy());

describe('a data API read, answered on node:http or through Hono', () => {
  it.each([
    ['by host', () => byHost(), '/rest/v1/notes?select=id,body&order=id'],
    ['by path', () => `127.0.0.1:${port}`, '/rest/v1/notes?select=id,body&order=id'],
  ])('answers rows alike, %s, with CORS, a content length and the walls around user content', async (door, host, path) => {
    const { plain, viaServe } = await bothWays(host(), door === 'by path' ? byPath(path) : path);
    expect(plain).toEqual(viaServe);
    expect(plain.status).toBe(200);
    expect(JSON.parse(plain.body)).toEqual([
      { id: 1, body: 'one' },
      { id: 2, body: 'two' },
    ]);
    expect(plain.headers).toMatchObject({
      'content-length': String(Buffer.byteLength(plain.body)),
      'content-range': '0-1/*',
      'access-control-allow-origin': '*',
      'content-security-policy': "sandbox; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(plain.headers['x-request-id']).toBeUndefined(); // the edge logs keep project requests
  });

  it('answers HEAD alike: the headers of the read, no body', async () => {
    const { plain, viaServe } = await bothWays(byHost(), '/rest/v1/notes?id=eq.1', key(), 'HEAD');
    expect(plain).toEqual(viaServe);
    expect(plain).toMatchObject({ status: 200, body: '' });
    expect(plain.headers['content-range']).toBe('0-0/*');
  });

  it('answers refusals alike: no key, a wrong key, a bad token, an unknown table', async () => {
    for (const [path, headers] of [
      ['/rest/v1/notes', {}],
      ['/rest/v1/notes', { apikey: 'not-a-key' }],
      ['/rest/v1/notes', { apikey: project.keys.anon, authorization: 'Bearer a.b.c' }],
      ['/rest/v1/nowhere', key()],
    ] as const) {
      const { plain, viaServe } = await bothWays(byHost(), path, headers);
      expect(plain).toEqual(viaServe);
      expect(plain.status).toBeGreaterThanOrEqual(400);
    }
  });

  it('reads every value of a header sent twice, as Headers joins them (node:http keeps only the first authorization)', async () => {
    const twice = { apikey: project.keys.anon, authorization: [`Bearer ${project.keys.anon}`, `Bearer ${project.keys.anon}`] };
    const { plain, viaServe } = await bothWays(byHost(), '/rest/v1/notes', twice);
    expect(plain).toEqual(viaServe);
    expect(plain.status).toBe(401);
    expect(JSON.parse(plain.body).code).toBe('PGRST301');
  });

  it('keeps a function’s own cookie on the project’s host, drops one for the whole domain, and sets none on the dashboard’s origin', async () => {
    const own = await bothWays(byHost(), '/rest/v1/rpc/cookie_jar?wide=false');
    expect(own.plain).toEqual(own.viaServe);
    expect(own.plain.status).toBe(418);
    expect(own.plain.headers['set-cookie']).toEqual(['jar=1; Path=/']);
    expect(own.plain.headers['x-jar']).toBe('full');

    const wide = await bothWays(byHost(), '/rest/v1/rpc/cookie_jar?wide=true');
    expect(wide.plain).toEqual(wide.viaServe);
    expect(wide.plain.headers['set-cookie']).toBeUndefined();

    const dashboard = await bothWays(`127.0.0.1:${port}`, byPath('/rest/v1/rpc/cookie_jar?wide=false'));
    expect(dashboard.plain).toEqual(dashboard.viaServe);
    expect(dashboard.plain.headers['set-cookie']).toBeUndefined();
  });
});

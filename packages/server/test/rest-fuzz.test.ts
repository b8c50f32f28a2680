/**
 * A seeded fuzz of `/rest/v1`: thousands of random requests (rest-fuzz-inputs.ts) against the
 * conformance schema's tables, views and functions, by every method and key. No answer may be a
 * 5xx, and every error body has PostgREST's shape {code, details, hint, message}. A failure
 * prints the request, so it can be replayed. Then: a failed multi-row insert leaves no row.
 *
 * Another seed explores other inputs: BASIN_FUZZ_SEED=7 npx vitest run packages/server/test/rest-fuzz.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_DEEP } from '../src/http/body-limits.ts';
import { seeded } from './prng.ts';
import { CONFORMANCE_SQL } from './rest-conformance-fixture.ts';
import { type FuzzRequest, RequestMaker } from './rest-fuzz-inputs.ts';
import { FUZZ_SQL } from './rest-fuzz-schema.ts';
import { type RestProject, startRestProject, withKey } from './rest-project.ts';
import { signUserJwt } from './user-jwt.ts';

const SEED = Number(process.env.BASIN_FUZZ_SEED ?? 0x7e57);
const REQUESTS = 4000;
const AT_ONCE = 8;

let project: RestProject;
let userToken: string;

beforeAll(async () => {
  project = await startRestProject(`${CONFORMANCE_SQL}\n${FUZZ_SQL}`);
  userToken = await signUserJwt(project.keys.secret, { sub: '11111111-1111-4111-8111-111111111111', role: 'authenticated' });
}, 240_000);
afterAll(() => project?.meta.platform.destroy());

function keyHeaders(as: FuzzRequest['as']): Record<string, string> {
  const { anon, service } = project.keys;
  if (as === 'service') return withKey(service);
  if (as === 'user') return withKey(anon, userToken);
  if (as === 'bad-token') return withKey(anon, 'e30.e30.bm9wZQ');
  return withKey(anon);
}

async function send(request: FuzzRequest): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`${project.url}${request.path}`, {
    method: request.method,
    headers: { ...keyHeaders(request.as), ...request.headers },
    body: request.body,
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** What is wrong with an answer, if anything. */
function problemOf(request: FuzzRequest, answer: { status: number; type: string | null; text: string }): string | undefined {
  if (answer.status >= 500) return `a ${answer.status}`;
  // HEAD answers carry no body, errors included.
  if (request.method === 'HEAD') return undefined;
  if (!answer.text) return answer.status >= 400 ? 'an error without a body' : undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return answer.type?.includes('json') ? 'a body that is not JSON' : undefined;
  }
  if (answer.status < 400) return undefined;
  const error = body as Record<string, unknown>;
  const shaped =
    error !== null &&
    typeof error === 'object' &&
    Object.keys(error).sort().join() === 'code,details,hint,message' &&
    typeof error.code === 'string' &&
    typeof error.message === 'string' &&
    (error.hint === null || typeof error.hint === 'string');
  return shaped ? undefined : 'an error body that is not {code, details, hint, message}';
}

const describeRequest = (request: FuzzRequest) =>
  JSON.stringify({
    ...request,
    body: request.body && request.body.length > 300 ? `${request.body.slice(0, 300)}… (${request.body.length} characters)` : request.body,
  });

describe('random requests', () => {
  it(`${REQUESTS} requests from seed ${SEED} answer no 5xx and PostgREST's error body`, async () => {
    const maker = new RequestMaker(seeded(SEED));
    const requests = Array.from({ length: REQUESTS }, () => maker.request());
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    for (let start = 0; start < requests.length; start += AT_ONCE) {
      await Promise.all(
        requests.slice(start, start + AT_ONCE).map(async (request) => {
          const answer = await send(request);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const problem = problemOf(request, answer);
          if (problem) problems.push(`${problem}: ${answer.status} ${answer.text.slice(0, 300)}\n  for ${describeRequest(request)}`);
        }),
      );
    }
    if (problems.length) console.error(problems.slice(0, 20).join('\n'));
    expect(problems.slice(0, 10), `${problems.length} problems; statuses ${JSON.stringify([...statuses].sort())}`).toEqual([]);
    // The inputs reach past the parsers: a good share of them is answered.
    const answered = [...statuses].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0);
    expect(answered / REQUESTS).toBeGreaterThan(0.15);
  }, 120_000);
});

describe('failed writes', () => {
  it('a multi-row insert that fails anywhere leaves no row of it', async () => {
    const r = seeded(SEED + 1);
    const count = async () => {
      const answer = await fetch(`${project.url}/kinds?select=id`, {
        method: 'HEAD',
        headers: { ...withKey(project.keys.service), prefer: 'count=exact' },
      });
      return answer.headers.get('content-range')!.split('/')[1];
    };
    const before = await count();
    // One bad row among good ones, anywhere in the batch: each breaks a different rule (the key
    // repeats one the batch already holds).
    const poisons = [
      { n: 'not a number' },
      { n: -500 },
      { flag: null },
      { m: 'angry' },
      { parent_id: 999_999 },
      { u: 'not-a-uuid' },
      { nope: 1 },
      { b: '\u0000' },
      { d: '2017-02-30' },
      { id: 'repeated' },
    ];
    for (let batch = 0; batch < 40; batch++) {
      const id = 1_000_000 + batch * 100;
      const rows: Record<string, unknown>[] = Array.from({ length: r.int(1, 40) }, (_, i) => ({
        id: id + i,
        n: (i % 90) + 0.5,
        m: r.pick(['happy', 'sad']),
      }));
      const poison = r.pick(poisons);
      rows.splice(r.int(0, rows.length), 0, { ...rows[0], ...poison, id: poison.id === 'repeated' ? id : id + 99 });
      const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
      const answer = await fetch(`${project.url}/kinds?columns=${keys.join(',')}`, {
        method: 'POST',
        headers: {
          ...withKey(project.keys.service),
          'content-type': 'application/json',
          prefer: r.pick(['return=minimal', 'return=representation', 'missing=default']),
        },
        body: JSON.stringify(rows),
      });
      const said = `batch ${batch}: ${answer.status} ${(await answer.text()).slice(0, 200)} for ${JSON.stringify(rows).slice(0, 300)}`;
      expect(answer.status, said).toBeGreaterThanOrEqual(400);
      expect(answer.status, said).toBeLessThan(500);
    }
    expect(await count()).toBe(before);
  }, 60_000);
});

// Issue 21: these answered 500 (JSON.stringify of the parsed body overflowed the stack).
describe('deeply nested JSON', () => {
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  const api = (path: string) => project.url.replace(/\/rest\/v1$/, path);
  const read = async (path: string) => (await fetch(api(path), { headers: withKey(project.keys.service) })).json();
  const write = async (path: string, method: string, body: string) => {
    const headers = { ...withKey(project.keys.service), 'content-type': 'application/json' };
    const answer = await fetch(api(path), { method, headers, body });
    return { status: answer.status, body: await answer.json() };
  };

  it('is refused with 400 by each API of the gateway, in its own words, and changes nothing', async () => {
    const kinds = await read('/rest/v1/kinds?select=id,j&order=id');
    const restRefusal = { status: 400, body: { code: 'PGRST102', details: null, hint: null, message: TOO_DEEP } };
    expect(await write('/rest/v1/kinds', 'POST', `[{"j":${deep}}]`)).toEqual(restRefusal);
    expect(await write('/rest/v1/kinds?id=gt.0', 'PATCH', `{"j":${deep}}`)).toEqual(restRefusal);
    expect(await read('/rest/v1/kinds?select=id,j&order=id')).toEqual(kinds);

    const email = `deep-${Date.now()}@example.com`;
    expect(await write('/auth/v1/admin/users', 'POST', `{"email":"${email}","app_metadata":{"a":${deep}}}`)).toEqual({
      status: 400,
      body: { code: 400, error_code: 'bad_json', msg: TOO_DEEP },
    });
    const { users } = (await read('/auth/v1/admin/users')) as { users: { email: string }[] };
    expect(users.map((u) => u.email)).not.toContain(email);

    expect((await write('/storage/v1/bucket', 'POST', '{"name":"deep"}')).status).toBe(200);
    // A file is not JSON the API reads: stored byte for byte, however deep.
    const file = { ...withKey(project.keys.service), 'content-type': 'application/json' };
    expect((await fetch(api('/storage/v1/object/deep/nested.json'), { method: 'POST', headers: file, body: deep })).status).toBe(200);
    expect(await (await fetch(api('/storage/v1/object/deep/nested.json'), { headers: withKey(project.keys.service) })).text()).toBe(deep);
    const copy = `{"bucketId":"deep","sourceKey":"nested.json","destinationKey":"copy.json","copyMetadata":false,"metadata":{"a":${deep}}}`;
    expect(await write('/storage/v1/object/copy', 'POST', copy)).toEqual({
      status: 400,
      body: { statusCode: '400', code: 'InvalidRequest', error: 'Bad Request', message: TOO_DEEP },
    });
    expect((await fetch(api('/storage/v1/object/deep/copy.json'), { headers: withKey(project.keys.service) })).status).toBe(404);
  });
});

import { MIMEType } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_DEEP } from '../src/http/body-limits.ts';
import { startGitHubStandIn, type GitHubStandIn } from './github-stand-in.ts';
import { ApiClient, healthyProject, startTestPlatform, uniqueEmail } from './harness.ts';
import { type Random, seeded } from './prng.ts';

/**
 * Every operation of both OpenAPI documents, as a signed-in Owner, with seeded bad inputs: NUL and
 * other control characters, long and huge strings, wrong types and malformed bodies in every path
 * and query parameter and every body field. Whatever the input, no answer may be a 5xx.
 */

type Schema = Record<string, any>;
interface Operation {
  method: string;
  /** The document's path with the router's prefix, e.g. /api/platform/projects/{ref}. */
  path: string;
  key: string;
  params: { name: string; in: 'path' | 'query'; schema: Schema }[];
  body: Schema | undefined;
}
interface Attempt {
  method: string;
  url: string;
  body?: string;
  contentType?: string;
}
interface Context {
  slug: string;
  ref: string;
  userId: string;
  organizationId: number;
  /** `{id}` of the collection it follows in a path, e.g. snippets → a snippet of the fixture. */
  ids: Record<string, string>;
}

const GITHUB_TOKEN = 'ghp_fuzz';
/** Another seed explores other inputs: BASIN_FUZZ_SEED=7 npx vitest run packages/server/test/fuzz.test.ts */
const SEED = Number(process.env.BASIN_FUZZ_SEED ?? 0x5eed);
const MB2 = 'x'.repeat(2 * 1024 * 1024);
const KB100 = 'y'.repeat(100 * 1024);
const BAD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\b\u001b[31m\u007f',
  'line\r\nX-Injected: 1',
  '\ud800',
  'ñ😀\u202e',
  "'; drop table projects; --",
  '../../etc/passwd',
  '',
  '   ',
  '%00',
  'z'.repeat(4096),
  KB100,
];
/** The strings a URL can carry (a lone surrogate cannot be percent-encoded). */
const URL_STRINGS = BAD_STRINGS.filter((s) => s !== '\ud800');
const WRONG_TYPES: unknown[] = [0, -1, 1.5, 1e308, true, null, [], ['a'], {}, { a: { b: [1] } }];
/** Path and query values, inserted as they are (so malformed percent-encodings reach the server). */
const BAD_URL_PARTS = [
  '%00',
  'a%00b',
  '%01%1b%7f',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%80',
  '..',
  '%2e%2e%2f',
  '-1',
  '1e309',
  'null',
  '%5B%5D',
  'z'.repeat(4096),
  'z'.repeat(20_000),
];
/** Nested far deeper than any walk of the parsed value (the input guard's, zod's) survives. */
const DEEP_BODIES = [`${'['.repeat(5000)}${']'.repeat(5000)}`, `{"name":"Deep","a":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`];
const MALFORMED_BODIES = ['{"name":', 'not json', '[1,2', '\u0000', '{"name":"a\u0000b"}', 'null', '[]', '"text"', '1', ...DEEP_BODIES];

/**
 * Operations that start lifecycle jobs or delete the project when they succeed: fuzzed against an
 * organization and a project that do not exist, so that no input can set one off.
 */
const LIFECYCLE = new Set([
  'POST /api/platform/projects',
  'DELETE /api/platform/projects/{ref}',
  'POST /api/platform/projects/{ref}/pause',
  'POST /api/platform/projects/{ref}/restart',
  'POST /api/platform/projects/{ref}/resize',
  'POST /api/platform/projects/{ref}/restore',
  'POST /api/platform/projects/{ref}/billing/addons',
  'DELETE /api/platform/projects/{ref}/billing/addons/{addon_variant}',
  'POST /api/v1/projects/{ref}/upgrade',
  'POST /api/v1/projects/{ref}/branches',
]);
const MISSING: Context = {
  slug: 'no-such-organization',
  ref: 'aaaaaaaaaaaaaaaaaaaa',
  userId: 'no-such-user',
  organizationId: 999_999,
  ids: {},
};

let gitHub: GitHubStandIn;
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
let context: Context;
let operations: Operation[];

beforeAll(async () => {
  gitHub = await startGitHubStandIn(GITHUB_TOKEN, [{ id: 1, full_name: 'acme/web', default_branch: 'main', branches: ['main'] }]);
  platform = await startTestPlatform({ githubApiUrl: gitHub.url });
  owner = new ApiClient(platform.url);
  const user = await owner.signUp(uniqueEmail('fuzz'));
  const organization = (await owner.post('/api/platform/organizations', { name: 'Fuzz' })).body;
  const ref = await healthyProject(owner, organization.slug, 'Fuzz', { timeoutMs: 120_000, intervalMs: 250 });
  // Something for the routes of one snippet, ticket and GitHub connection to find.
  const snippet = (await owner.post(`/api/platform/projects/${ref}/snippets`, { name: 'Fuzz', sql: 'select 1' })).body;
  const ticket = (
    await owner.post('/api/platform/support/tickets', {
      organizationSlug: organization.slug,
      projectRef: ref,
      category: 'Problem',
      subject: 'Fuzz',
      message: 'Fuzz',
    })
  ).body;
  const connection = (
    await owner.post('/api/platform/integrations/github/connections', {
      organization_id: organization.id,
      project_ref: ref,
      repository: 'acme/web',
      token: GITHUB_TOKEN,
    })
  ).body;
  const ids = { snippets: snippet.id, tickets: ticket.id, connections: connection.id };
  expect(Object.values(ids).every(Boolean), JSON.stringify({ snippet, ticket, connection })).toBe(true);
  context = { slug: organization.slug, ref, userId: user.id, organizationId: organization.id, ids };
  operations = [...(await operationsOf('/api/platform')), ...(await operationsOf('/api/v1'))];
});
afterAll(async () => {
  await platform?.destroy();
  await gitHub?.stop();
});

async function operationsOf(prefix: string): Promise<Operation[]> {
  const document = (await owner.get(`${prefix}/openapi.json`)).body;
  const resolve = (schema: Schema): Schema => (schema?.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()]) : schema);
  return Object.entries<Record<string, Schema>>(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: `${prefix}${path}`,
      key: `${method.toUpperCase()} ${prefix}${path}`,
      params: (operation.parameters ?? []).map((p: Schema) => ({ name: p.name, in: p.in, schema: deref(p.schema, resolve) })),
      body: operation.requestBody ? deref(operation.requestBody.content['application/json'].schema, resolve) : undefined,
    })),
  );
}

/** The schema with every $ref replaced by what it points at. */
function deref(schema: Schema, resolve: (s: Schema) => Schema): Schema {
  const resolved = resolve(schema);
  if (Array.isArray(resolved)) return resolved.map((s) => deref(s, resolve));
  if (!resolved || typeof resolved !== 'object') return resolved;
  return Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k, typeof v === 'object' && v !== null ? deref(v, resolve) : v]));
}

/** A value the schema accepts, or close to it; fields named after the fixture get the fixture's. */
function sample(schema: Schema, ctx: Context, name = ''): unknown {
  const known: Record<string, unknown> = {
    slug: ctx.slug,
    organization_slug: ctx.slug,
    organizationSlug: ctx.slug,
    orgSlug: ctx.slug,
    ref: ctx.ref,
    project_ref: ctx.ref,
    projectRef: ctx.ref,
    user_id: ctx.userId,
    organization_id: ctx.organizationId,
    repository: 'acme/web',
    token: GITHUB_TOKEN,
  };
  if (name in known) return known[name];
  if (!schema || typeof schema !== 'object') return 'fuzz';
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sample(variants.find((v: Schema) => v.type !== 'null') ?? variants[0], ctx, name);
  if (schema.allOf) return sample(Object.assign({}, ...schema.allOf), ctx, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries<Schema>(schema.properties ?? {}).map(([key, value]) => [key, sample(value, ctx, key)]));
    case 'array':
      return schema.minItems ? [sample(schema.items, ctx)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'fuzz'.padEnd(schema.minLength ?? 0, 'z').slice(0, schema.maxLength ?? Infinity);
  }
}

/** Paths to every leaf of a sampled body (arrays count as leaves). */
function leaves(value: unknown, at: string[] = []): string[][] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, inner]) => leaves(inner, [...at, key]));
  }
  return at.length ? [at] : [];
}

function withLeaf(body: unknown, at: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, any>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key];
  node[at.at(-1)!] = value;
  return copy;
}

function urlOf(operation: Operation, ctx: Context, override?: { name: string; raw: string }): string {
  const path = operation.path.replace(/([^/]+)\/\{(\w+)\}/g, (_, collection: string, name: string) => {
    const value =
      override?.name === name
        ? override.raw
        : encodeURIComponent(String(ctx.ids[collection] ?? sample(paramSchema(operation, name), ctx, name)));
    return `${collection}/${value}`;
  });
  const query = operation.params
    .filter((p) => p.in === 'query')
    .map((p) => `${p.name}=${override?.name === p.name ? override.raw : encodeURIComponent(String(sample(p.schema, ctx, p.name)))}`);
  return query.length ? `${path}?${query.join('&')}` : path;
}
const paramSchema = (operation: Operation, name: string) => operation.params.find((p) => p.name === name)?.schema ?? {};

/** The seeded inputs of one operation. */
function attempts(operation: Operation, random: Random): Attempt[] {
  const ctx = LIFECYCLE.has(operation.key) ? MISSING : context;
  const { method } = operation;
  const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });
  const validBody = operation.body ? sample(operation.body, ctx) : undefined;
  const withValidBody = validBody === undefined ? {} : json(validBody);
  const list: Attempt[] = [];
  for (const param of operation.params) {
    const values = [...BAD_URL_PARTS, encodeURIComponent(random.pick(URL_STRINGS)), encodeURIComponent(random.pick(URL_STRINGS))];
    for (const raw of values) list.push({ method, url: urlOf(operation, ctx, { name: param.name, raw }), ...withValidBody });
    if (param.in === 'query') list.push({ method, url: `${urlOf(operation, ctx)}&${param.name}=1&${param.name}=2`, ...withValidBody });
  }
  if (!operation.body) {
    // Routes without a body are given one anyway, except where it could not change the outcome.
    if (method !== 'GET' && !LIFECYCLE.has(operation.key)) list.push({ method, url: urlOf(operation, ctx), ...json({ a: '\u0000' }) });
    return list;
  }
  const url = urlOf(operation, ctx);
  const fields = leaves(validBody);
  for (const at of fields) {
    for (const value of [...BAD_STRINGS, random.pick(WRONG_TYPES), random.pick(WRONG_TYPES), random.pick(WRONG_TYPES)]) {
      list.push({ method, url, ...json(withLeaf(validBody, at, value)) });
    }
  }
  if (fields.length) {
    list.push({ method, url, ...json(withLeaf(validBody, random.pick(fields), MB2)) });
    for (let i = 0; i < 3; i++) {
      // Several fields wrong at once, each its own way.
      const mixed = fields.reduce((body, at) => withLeaf(body, at, random.pick([...BAD_STRINGS, ...WRONG_TYPES])), validBody);
      list.push({ method, url, ...json(mixed) });
    }
  }
  for (const value of [...WRONG_TYPES, { ...(validBody as object), extra: '\u0000' }]) list.push({ method, url, ...json(value) });
  for (const text of MALFORMED_BODIES) list.push({ method, url, body: text, contentType: 'application/json' });
  list.push({ method, url, body: JSON.stringify(validBody), contentType: 'text/plain' });
  list.push({ method, url, body: 'name=x&ref=y', contentType: 'application/x-www-form-urlencoded' });
  list.push({ method, url, body: MB2, contentType: 'application/json' });
  return list;
}

async function send(attempt: Attempt, cookie = owner.cookie): Promise<{ status: number; text: string }> {
  const response = await fetch(`${platform.url}${attempt.url}`, {
    method: attempt.method,
    headers: { cookie, origin: platform.url, ...(attempt.contentType ? { 'content-type': attempt.contentType } : {}) },
    body: attempt.body,
  });
  return { status: response.status, text: await response.text() };
}

/** Runs the attempts `width` at a time. */
async function runAll(list: Attempt[], width: number, each: (attempt: Attempt) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < list.length) await each(list[next++]!);
    }),
  );
}

describe('fuzzing every documented route', () => {
  it('never answers 5xx, and answers errors as { message }', { timeout: 300_000 }, async () => {
    expect(operations.length).toBeGreaterThan(70);
    const random = seeded(SEED);
    // Deleting routes go last, so that what they remove is not missed by the others.
    const ordered = [...operations].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const list = ordered.flatMap((operation) => attempts(operation, random));
    const failures: string[] = [];
    await runAll(list, 4, async (attempt) => {
      const { status, text } = await send(attempt);
      // Node's HTTP parser answers an oversized request line (431) itself, before Basin sees it.
      const shape = status >= 400 && status !== 431 && !(typeof safeJson(text)?.message === 'string');
      if (status >= 500 || shape) {
        failures.push(
          `${status} ${attempt.method} ${attempt.url.slice(0, 200)} ${attempt.contentType ?? ''} ${(attempt.body ?? '').slice(0, 200)} → ${text.slice(0, 200)}`,
        );
      }
    });
    console.log(`fuzz: ${list.length} requests over ${operations.length} operations, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });
});

/** Content types an upload may name, or a member write in SQL (`storage.objects.metadata`): issue 21's and their kin. */
const CONTENT_TYPES = [
  'text/plain\u000b; x',
  'text/plain;\u000b x=1',
  '\u000btext/html',
  ' text/html',
  'TEXT/HTML; charset=utf-8',
  'image/svg+xml',
  'text/plain; x="é"',
  'text/plain; x=😀',
  '/',
  'text/',
  '*/*',
  `${'x'.repeat(300)}/y`,
];
/** Whether a download's type is a MIME type as the browser's own parser writes it: nothing it would read otherwise. */
function canonicalType(type: string): boolean {
  try {
    return String(new MIMEType(type)) === type;
  } catch {
    return false;
  }
}

describe('fuzzing stored files’ content types', () => {
  it('refuses bad upload types with a 4xx and answers every stored type sandboxed, never a 5xx', async () => {
    const random = seeded(SEED + 1);
    const types = [...CONTENT_TYPES, ...Array.from({ length: 4 }, () => random.pick(BAD_STRINGS))];
    const storage = `/api/platform/storage/${context.ref}`;
    expect((await owner.post(`${storage}/buckets`, { name: 'fuzz-types' })).status).toBe(201);
    const headers = { cookie: owner.cookie, origin: platform.url };
    const objectUrl = (name: string) => `${platform.url}${storage}/buckets/fuzz-types/objects/${name}`;
    const failures: string[] = [];
    for (const [i, type] of types.entries()) {
      const label = JSON.stringify(type).slice(0, 60);
      // As a form's contentType field: no header could carry every one of these characters.
      const form = new FormData();
      form.set('contentType', type);
      form.set('', new Blob(['x']), 'x');
      const uploaded = await fetch(objectUrl(`up-${i}`), { method: 'PUT', headers, body: form });
      if (uploaded.status >= 500 || !(typeof safeJson(await uploaded.text())?.message === 'string' || uploaded.ok))
        failures.push(`upload ${label} → ${uploaded.status}`);
      // The same type written in SQL over a good one (jsonb takes no NUL: that update is refused).
      expect((await fetch(objectUrl(`sql-${i}`), { method: 'PUT', headers, body: 'x' })).status).toBe(200);
      await owner.post(`/api/platform/pg-meta/${context.ref}/query`, {
        query: `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', '${JSON.stringify(type).replaceAll("'", "''")}') where name = 'sql-${i}'`,
      });
      for (const url of [objectUrl(`up-${i}`), objectUrl(`sql-${i}`), `${objectUrl(`sql-${i}`)}?inline`]) {
        const answer = await fetch(url, { headers });
        const served = answer.headers.get('content-type') ?? '';
        const sandboxed = /^sandbox(;|$)/.test(answer.headers.get('content-security-policy') ?? '');
        if (answer.status >= 500 || (answer.ok && (!canonicalType(served) || !sandboxed)))
          failures.push(`download ${label} ${url.slice(-12)} → ${answer.status} ${served}`);
        await answer.arrayBuffer();
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('deeply nested JSON', () => {
  it('is refused with 400 on the JSON routes, signed in or not, and changes nothing', async () => {
    const routes = [
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/platform/organizations',
      `/api/platform/projects/${context.ref}/snippets`,
      `/api/v1/projects/${context.ref}/secrets`,
      '/api/ai/sql/generate-v4',
    ];
    for (const url of routes) {
      for (const body of DEEP_BODIES) {
        for (const cookie of ['', owner.cookie]) {
          const answer = await send({ method: 'POST', url, body, contentType: 'application/json' }, cookie);
          expect({ url, signedIn: Boolean(cookie), ...answer }).toEqual({
            url,
            signedIn: Boolean(cookie),
            status: 400,
            text: JSON.stringify({ message: TOO_DEEP }),
          });
        }
      }
    }
    const organizations = (await owner.get('/api/platform/organizations')).body as { name: string }[];
    expect(organizations.map((o) => o.name)).not.toContain('Deep');
  });
});

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

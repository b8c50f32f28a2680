import { createHash } from 'node:crypto';
import { ACCESS_TOKEN_MESSAGES, MESSAGES } from '@basin/core';
import { FUNCTIONS_MESSAGES } from '@basin/core/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FunctionsProject, startFunctionsProject } from './functions-fixture.ts';
import { ApiClient, uniqueEmail, waitFor } from './harness.ts';
import { signUpMember } from './membership.ts';

// Personal access tokens: made in the dashboard (session only), then used as the Supabase CLI
// uses them: `Authorization: Bearer sbp_...`, no cookie, no Origin, on /api/v1 only.

const HELLO = `Deno.serve(async (req) => {
  const body = req.method === 'POST' ? await req.json() : {};
  return Response.json({ message: 'Hello, ' + (body.name ?? 'nobody') + '!', secret: Deno.env.get('MY_SECRET') ?? null });
});
`;

let project: FunctionsProject;
let owner: ApiClient;
let ref: string;
let slug: string;

beforeAll(async () => {
  project = await startFunctionsProject();
  ({ owner, ref } = project);
  slug = (await owner.get(`/api/platform/projects/${ref}`)).body.organization_slug;
});

afterAll(async () => {
  await project?.platform.destroy();
});

interface CliAnswer {
  status: number;
  body: any;
}

/** What the Supabase CLI sends: its bearer token and user agent, never a cookie or an Origin. */
async function asCli(token: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<CliAnswer> {
  const response = await fetch(`${project.platform.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'user-agent': 'SupabaseCLI/2.40.7',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...extra,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** `supabase functions deploy hello --use-api`: the multipart form, with the bearer token. */
async function deployAsCli(token: string, projectRef: string, functionSlug: string): Promise<CliAnswer> {
  const form = new FormData();
  form.append(
    'metadata',
    JSON.stringify({ entrypoint_path: `supabase/functions/${functionSlug}/index.ts`, name: functionSlug, verify_jwt: true }),
  );
  form.append('file', new Blob([HELLO], { type: 'application/typescript' }), `supabase/functions/${functionSlug}/index.ts`);
  const response = await fetch(`${project.platform.url}/api/v1/projects/${projectRef}/functions/deploy?slug=${functionSlug}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'user-agent': 'SupabaseCLI/2.40.7' },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

async function newToken(client: ApiClient, name: string, expiresInDays?: number): Promise<{ id: string; token: string }> {
  const created = await client.post('/api/platform/profile/access-tokens', {
    name,
    ...(expiresInDays ? { expires_in_days: expiresInDays } : {}),
  });
  if (created.status !== 201) throw new Error(`token creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

const v1 = (path: string) => `/api/v1/projects/${ref}${path}`;

describe('managing tokens (dashboard session)', () => {
  it('creates a token shown once, lists it by its alias only, and deletes it', async () => {
    const created = await owner.post('/api/platform/profile/access-tokens', { name: '  Laptop CLI ', expires_in_days: 30 });
    expect(created.status).toBe(201);
    const token: string = created.body.token;
    expect(token).toMatch(/^sbp_[0-9a-f]{40}$/);
    expect(created.body).toMatchObject({ name: 'Laptop CLI', token_alias: token.slice(0, 10), last_used_at: null });
    const expiresIn = Date.parse(created.body.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(29.9 * 86_400_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 86_400_000);

    const listed = await owner.get('/api/platform/profile/access-tokens');
    expect(listed.status).toBe(200);
    const entry = listed.body.find((t: { id: string }) => t.id === created.body.id);
    expect(entry).toEqual({
      id: created.body.id,
      name: 'Laptop CLI',
      token_alias: token.slice(0, 10),
      created_at: created.body.created_at,
      last_used_at: null,
      expires_at: created.body.expires_at,
    });
    expect(JSON.stringify(listed.body)).not.toContain(token);

    // Stored as its SHA-256, never in clear.
    const { rows } = await project.platform.ctx.db.query('select * from access_tokens where id = $1', [created.body.id]);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows[0])).not.toContain(token.slice(10));

    const deleted = await owner.delete(`/api/platform/profile/access-tokens/${created.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: created.body.id, name: 'Laptop CLI' });
    expect((await owner.get('/api/platform/profile/access-tokens')).body.some((t: { id: string }) => t.id === created.body.id)).toBe(false);
    expect((await owner.delete(`/api/platform/profile/access-tokens/${created.body.id}`)).body).toEqual({
      message: 'Access token not found',
    });
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = (await owner.get('/api/platform/profile/access-tokens')).body.length;
    const refused = async (body: unknown) => {
      const answer = await owner.post('/api/platform/profile/access-tokens', body);
      expect(answer.status).toBe(400);
      return answer.body.message;
    };
    expect(await refused({})).toBe('Name is required');
    expect(await refused({ name: '   ' })).toBe('Name is required');
    expect(await refused({ name: 'x'.repeat(65) })).toBe('Name must be at most 64 characters');
    expect(await refused({ name: 'CI', expires_in_days: 0 })).toBe('Expiry must be at least 1 day');
    expect(await refused({ name: 'CI', expires_in_days: 400 })).toBe('Expiry must be at most 365 days');
    expect(await refused({ name: 'CI', expires_in_days: 2.5 })).toBe('Expiry must be a whole number of days');
    const badId = await owner.delete('/api/platform/profile/access-tokens/not-a-uuid');
    expect(badId).toEqual({ status: 400, body: { message: 'Access token id must be a UUID' } });
    expect((await owner.get('/api/platform/profile/access-tokens')).body.length).toBe(before);
  });

  it('shows and deletes only the signed-in user’s own tokens', async () => {
    const mine = await newToken(owner, 'Owner token');
    const other = new ApiClient(project.platform.url);
    await other.signUp(uniqueEmail('token-other'));
    expect((await other.get('/api/platform/profile/access-tokens')).body).toEqual([]);
    expect((await other.delete(`/api/platform/profile/access-tokens/${mine.id}`)).status).toBe(404);
    expect((await asCli(mine.token, 'GET', v1('/functions'))).status).toBe(200);
    // Signed out: nothing.
    const anonymous = new ApiClient(project.platform.url);
    expect((await anonymous.get('/api/platform/profile/access-tokens')).status).toBe(401);
    expect((await anonymous.post('/api/platform/profile/access-tokens', { name: 'x' })).status).toBe(401);
  });
});

describe('API documents', () => {
  it('list the token routes on the platform API and the bearer scheme on the management API', async () => {
    const platformDoc = (await owner.get('/api/platform/openapi.json')).body;
    expect(Object.keys(platformDoc.paths)).toEqual(expect.arrayContaining(['/profile/access-tokens', '/profile/access-tokens/{id}']));
    const v1Doc = (await owner.get('/api/v1/openapi.json')).body;
    expect(v1Doc.components.securitySchemes.AccessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(v1Doc.security).toEqual([{ AccessToken: [] }]);
  });
});

describe('the Supabase CLI with a token', () => {
  it('lists functions, sets a secret and deploys with multipart, with no cookie; the function then answers on the gateway', async () => {
    const { token, id } = await newToken(owner, 'CLI');

    const listed = await asCli(token, 'GET', v1('/functions'));
    expect(listed.status).toBe(200);
    expect(Array.isArray(listed.body)).toBe(true);

    const secrets = await asCli(token, 'POST', v1('/secrets'), [{ name: 'MY_SECRET', value: 'from the CLI' }]);
    expect(secrets.status).toBe(201);

    const deployed = await deployAsCli(token, ref, 'hello');
    expect(deployed.status).toBe(201);
    expect(deployed.body).toMatchObject({ slug: 'hello', name: 'hello', status: 'ACTIVE', verify_jwt: true });

    const after = await asCli(token, 'GET', v1('/functions'));
    expect(after.body.map((f: { slug: string }) => f.slug)).toContain('hello');
    expect((await asCli(token, 'GET', v1('/secrets'))).body.map((s: { name: string }) => s.name)).toContain('MY_SECRET');

    const invoked = await fetch(`${project.apiUrl}/functions/v1/hello`, {
      method: 'POST',
      headers: { apikey: project.keys.anon, authorization: `Bearer ${project.keys.anon}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'CLI' }),
    });
    expect(invoked.status).toBe(200);
    expect(await invoked.json()).toEqual({ message: 'Hello, CLI!', secret: 'from the CLI' });

    // Its last use is recorded (once a minute at most, not on every request).
    const used = await waitFor(
      async () => (await owner.get('/api/platform/profile/access-tokens')).body.find((t: { id: string }) => t.id === id),
      (t) => t.last_used_at !== null,
      10_000,
    );
    expect(Date.now() - Date.parse(used.last_used_at)).toBeLessThan(60_000);
    expect((await asCli(token, 'GET', v1('/functions'))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = (await owner.get('/api/platform/profile/access-tokens')).body.find((t: { id: string }) => t.id === id);
    expect(again.last_used_at).toBe(used.last_used_at);
  });

  it('opens the other management routes too, as the token’s user', async () => {
    const { token } = await newToken(owner, 'Types');
    const types = await asCli(token, 'GET', v1('/types/typescript'));
    expect(types.status).toBe(200);
    expect(types.body.types).toContain('Database');
    expect((await asCli(token, 'GET', v1('/custom-hostname'))).status).toBe(200);
  });

  it('never opens the dashboard’s own API, accounts or anything outside /api/v1', async () => {
    const { token } = await newToken(owner, 'Platform');
    for (const path of ['/api/platform/profile', `/api/platform/projects/${ref}`, '/api/platform/organizations']) {
      expect(await asCli(token, 'GET', path)).toEqual({ status: 401, body: { message: ACCESS_TOKEN_MESSAGES.managementApiOnly } });
    }
    // A token cannot make more tokens, nor delete them.
    expect((await asCli(token, 'POST', '/api/platform/profile/access-tokens', { name: 'more' })).status).toBe(401);
    expect((await asCli(token, 'GET', '/api/platform/profile/access-tokens')).status).toBe(401);
    // better-auth knows no such token: no session.
    const session = await asCli(token, 'GET', '/api/auth/get-session');
    expect(session.body).toBeNull();
    expect((await asCli(token, 'POST', '/api/ai/sql/generate', { prompt: 'x' })).status).not.toBe(200);
  });

  it('refuses a malformed, unknown, deleted or expired token with 401 and a message', async () => {
    const refusal = async (token: string) => asCli(token, 'GET', v1('/functions'));
    expect(await refusal('sbp_123')).toEqual({ status: 401, body: { message: ACCESS_TOKEN_MESSAGES.malformed } });
    expect(await refusal(`sbp_${'AB'.repeat(20)}`)).toEqual({ status: 401, body: { message: ACCESS_TOKEN_MESSAGES.malformed } });
    expect(await refusal('')).toEqual({ status: 401, body: { message: ACCESS_TOKEN_MESSAGES.malformed } });
    expect(await refusal(`sbp_${'0'.repeat(40)}`)).toEqual({ status: 401, body: { message: ACCESS_TOKEN_MESSAGES.unknown } });

    // Deleted: refused at once, although its lookup was just cached.
    const deleted = await newToken(owner, 'Soon deleted');
    expect((await refusal(deleted.token)).status).toBe(200);
    expect((await owner.delete(`/api/platform/profile/access-tokens/${deleted.id}`)).status).toBe(200);
    expect(await refusal(deleted.token)).toEqual({ status: 401, body: { message: ACCESS_TOKEN_MESSAGES.unknown } });
    expect((await deployAsCli(deleted.token, ref, 'hello')).status).toBe(401);

    // Expired.
    const expiring = await newToken(owner, 'Expiring', 1);
    const { rows } = await project.platform.ctx.db.query<{ expires_at: Date }>(
      "update access_tokens set expires_at = now() - interval '1 minute' where id = $1 returning expires_at",
      [expiring.id],
    );
    expect(await refusal(expiring.token)).toEqual({
      status: 401,
      body: { message: ACCESS_TOKEN_MESSAGES.expired(rows[0]!.expires_at.toISOString()) },
    });
  });

  it('keeps the user’s own permissions: a Read-only member’s token reads but cannot deploy (403)', async () => {
    const reader = await signUpMember(owner, slug, 'Read-only', 'token-reader');
    const { token } = await newToken(reader, 'Reader CLI');

    expect((await asCli(token, 'GET', v1('/functions'))).status).toBe(200);
    expect(await deployAsCli(token, ref, 'reader')).toEqual({ status: 403, body: { message: FUNCTIONS_MESSAGES.noPermission } });
    expect((await asCli(token, 'POST', v1('/secrets'), [{ name: 'X', value: 'y' }])).status).toBe(403);

    // An outsider's token sees no project at all.
    const outsider = new ApiClient(project.platform.url);
    await outsider.signUp(uniqueEmail('token-outsider'));
    const outsiderToken = (await newToken(outsider, 'Outsider')).token;
    expect(await asCli(outsiderToken, 'GET', v1('/functions'))).toEqual({ status: 404, body: { message: MESSAGES.notFound('Project') } });
  });
});

describe('cross-site requests', () => {
  it('still refuses a cookie request from a foreign Origin, while a bearer request (no cookie) passes', async () => {
    const foreign = { origin: 'https://evil.example' };
    const cookieRequest = await fetch(`${project.platform.url}${v1('/secrets')}`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json', ...foreign },
      body: JSON.stringify([{ name: 'FROM_EVIL', value: 'x' }]),
    });
    expect(cookieRequest.status).toBe(403);
    expect(((await cookieRequest.json()) as { message: string }).message).toMatch(/another site/);
    const form = new FormData();
    form.append('metadata', JSON.stringify({ entrypoint_path: 'index.ts', name: 'evil' }));
    form.append('file', new Blob([HELLO]), 'index.ts');
    const cookieDeploy = await fetch(`${project.platform.url}${v1('/functions/deploy?slug=evil')}`, {
      method: 'POST',
      headers: { cookie: owner.cookie, ...foreign },
      body: form,
    });
    expect(cookieDeploy.status).toBe(403);

    const { token } = await newToken(owner, 'Foreign origin');
    // A cookie alongside the token: still judged as a cookie request by the same-origin check.
    expect(
      (await asCli(token, 'POST', v1('/secrets'), [{ name: 'FROM_EVIL', value: 'x' }], { cookie: owner.cookie, ...foreign })).status,
    ).toBe(403);
    expect((await asCli(token, 'POST', v1('/secrets'), [{ name: 'FROM_CLI', value: 'x' }], foreign)).status).toBe(201);
    const names = (await owner.get(v1('/secrets'))).body.map((s: { name: string }) => s.name);
    expect(names).toContain('FROM_CLI');
    expect(names).not.toContain('FROM_EVIL');
  });
});

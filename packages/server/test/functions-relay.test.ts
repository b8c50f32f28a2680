import { FunctionsClient, FunctionsRelayError } from '@supabase/functions-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployFunction, type FunctionsProject, startFunctionsProject } from './functions-fixture.ts';
import { supabaseClient } from './supabase-client.ts';

// functions-js's own specs (hello.spec.ts, params.spec.ts in the supabase-js repository), run
// against the gateway: who the relay lets through, and what a function receives.

const MIRROR = `Deno.serve(async (req) => {
  const kind = req.headers.get('response-type');
  let body: unknown;
  if (kind === 'json') body = await req.json();
  else if (kind === 'form') body = [...(await req.formData()).entries()];
  else if (kind === 'bytes') body = [...new Uint8Array(await req.arrayBuffer())];
  else body = await req.text();
  return Response.json({ url: req.url, method: req.method, headers: [...req.headers.entries()], body });
});`;

let project: FunctionsProject;
let secret: string;
let functionsUrl: string;

/** A token as functions-js's tests sign it: HS256, no role, no expiry unless asked. */
const sign = (key: string, claims: Record<string, unknown> = { name: 'anon' }, expiresAt?: number) => {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' });
  if (expiresAt) jwt.setExpirationTime(expiresAt);
  return jwt.sign(new TextEncoder().encode(key));
};

beforeAll(async () => {
  project = await startFunctionsProject();
  secret = (await project.owner.get(`/api/platform/projects/${project.ref}/settings`)).body.jwt_secret;
  functionsUrl = `${project.apiUrl}/functions/v1`;
  expect((await deployFunction(project.owner, project.ref, 'mirror', { 'index.ts': MIRROR }, { entrypoint_path: 'index.ts' })).status).toBe(
    201,
  );
}, 240_000);
afterAll(() => project?.platform.destroy());

interface Mirror {
  url: string;
  method: string;
  headers: [string, string][];
  body: unknown;
}

describe("the relay's check (verify_jwt)", () => {
  it('lets through any JWT signed with the project secret, without an apikey', async () => {
    const client = new FunctionsClient(functionsUrl, { headers: { Authorization: `Bearer ${await sign(secret)}` } });
    const { data, error } = await client.invoke<Mirror>('mirror', {});
    expect(error).toBeNull();
    expect(data?.method).toBe('POST');
  });

  it("refuses another secret's token, an expired one and none with the relay's error", async () => {
    const wrong = new FunctionsClient(functionsUrl);
    wrong.setAuth(await sign('wrong_jwt'));
    const refused = await wrong.invoke('mirror', {});
    expect(refused.error).toBeInstanceOf(FunctionsRelayError);
    expect(refused.error?.message).toBe('Relay Error invoking the Edge Function');
    expect(refused.data).toBeNull();

    const expired = new FunctionsClient(functionsUrl, {
      headers: { Authorization: `Bearer ${await sign(secret, { role: 'anon' }, Math.floor(Date.now() / 1000) - 60)}` },
    });
    expect((await expired.invoke('mirror', {})).error).toBeInstanceOf(FunctionsRelayError);

    const none = await fetch(`${functionsUrl}/mirror`, { method: 'POST' });
    expect({ status: none.status, relay: none.headers.get('x-relay-error'), body: await none.json() }).toEqual({
      status: 401,
      relay: 'true',
      body: { msg: 'Missing authorization header' },
    });
  });

  it('takes the invoke-level Authorization over the client-level one', async () => {
    const client = new FunctionsClient(functionsUrl);
    client.setAuth(await sign('wrong_jwt'));
    const { error } = await client.invoke('mirror', { headers: { Authorization: `Bearer ${await sign(secret)}` } });
    expect(error).toBeNull();
  });
});

describe('the relay with asymmetric signing keys', () => {
  it("lets through a user's token of the key in use or one still verifying, and refuses a revoked key's", async () => {
    const keysPath = `/api/platform/projects/${project.ref}/config/auth/signing-keys`;
    const es256 = (await project.owner.post(keysPath, { algorithm: 'ES256', status: 'in_use' })).body.id as string;
    const email = `relay-${Date.now().toString(36)}@example.com`;
    const admin = supabaseClient(project.apiUrl, project.keys.service);
    expect((await admin.auth.admin.createUser({ email, password: 'a fine password 1', email_confirm: true })).error).toBeNull();
    const user = supabaseClient(project.apiUrl, project.keys.anon);
    const token = (await user.auth.signInWithPassword({ email, password: 'a fine password 1' })).data.session!.access_token;
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'ES256', kid: es256 });
    const invoke = () => new FunctionsClient(functionsUrl, { headers: { Authorization: `Bearer ${token}` } }).invoke('mirror', {});
    expect((await invoke()).error).toBeNull();
    await project.owner.post(keysPath, { algorithm: 'RS256', status: 'in_use' });
    expect((await invoke()).error).toBeNull();
    expect((await project.owner.patch(`${keysPath}/${es256}`, { status: 'revoked' })).status).toBe(200);
    expect((await invoke()).error).toBeInstanceOf(FunctionsRelayError);
  });
});

describe('what the function receives', () => {
  let client: FunctionsClient;
  beforeAll(async () => {
    client = new FunctionsClient(functionsUrl);
    client.setAuth(await sign(secret));
  });

  it('its URL as the client called it, with the path after /functions/v1 and the query', async () => {
    const { data } = await client.invoke<Mirror>('mirror?one=1&two=zwei', { method: 'GET' });
    const url = new URL(data!.url);
    expect({ host: url.host, path: url.pathname, search: url.search }).toEqual({
      host: new URL(functionsUrl).host,
      path: '/mirror',
      search: '?one=1&two=zwei',
    });
    expect(data!.method).toBe('GET');
  });

  it('headers of the client and of the call', async () => {
    const withHeaders = new FunctionsClient(functionsUrl, { headers: { CustomHeader: 'check me' } });
    withHeaders.setAuth(await sign(secret));
    const { data } = await withHeaders.invoke<Mirror>('mirror', { headers: { 'custom-header': 'per call' } });
    expect(data!.headers).toEqual(
      expect.arrayContaining([
        ['customheader', 'check me'],
        ['custom-header', 'per call'],
      ]),
    );
  });

  it('bodies byte for byte: JSON, FormData, ArrayBuffer, Blob and a stream', async () => {
    const json = { one: 'a', num: 11, flag: false };
    expect((await client.invoke<Mirror>('mirror', { body: json, headers: { 'response-type': 'json' } })).data!.body).toEqual(json);

    const form = new FormData();
    form.append('first', 'value one');
    form.append('second', 'välue twö');
    expect((await client.invoke<Mirror>('mirror', { body: form, headers: { 'response-type': 'form' } })).data!.body).toEqual([
      ['first', 'value one'],
      ['second', 'välue twö'],
    ]);

    const bytes = Uint8Array.from([0, 1, 2, 250, 255, 10, 13, 0]);
    const asBuffer = await client.invoke<Mirror>('mirror', { body: bytes.buffer, headers: { 'response-type': 'bytes' } });
    expect(asBuffer.data!.body).toEqual([...bytes]);
    const asBlob = await client.invoke<Mirror>('mirror', { body: new Blob([bytes]), headers: { 'response-type': 'bytes' } });
    expect(asBlob.data!.body).toEqual([...bytes]);

    const chunks = ['streamed ', 'in ', 'three parts'];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    // functions-js 2.119 sends a stream as JSON ('{}'): streams go out with fetch itself.
    const streamed = await fetch(`${functionsUrl}/mirror`, {
      method: 'POST',
      body: stream,
      headers: { authorization: `Bearer ${await sign(secret)}` },
      duplex: 'half',
    } as RequestInit);
    expect(((await streamed.json()) as Mirror).body).toBe(chunks.join(''));
  });
});

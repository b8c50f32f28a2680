import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { configFromEnv, type PlatformConfig } from '../src/config.ts';
import { startPlatform, type Platform } from '../src/platform.ts';

/** A real platform on a free port with its own temporary data directory. */
export async function startTestPlatform(
  overrides: Partial<PlatformConfig> = {},
): Promise<Platform & { dataDir: string; destroy(): Promise<void> }> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'basin-test-')));
  const config: PlatformConfig = {
    ...configFromEnv({}),
    port: 0,
    dataDir,
    webDir: undefined,
    logLevel: 'silent',
    signInAttemptsPerMinute: 1000,
    healthCheckIntervalMs: 500,
    ...overrides,
  };
  const platform = await startPlatform(config);
  return {
    ...platform,
    dataDir,
    async destroy() {
      await platform.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** An account as sign-up answers it. */
export interface Account {
  id: string;
  email: string;
}

/** A signed-in (or anonymous) user of the API, keeping its session cookie like a browser. */
export class ApiClient {
  /** The session cookie header, as a browser would send it. */
  cookie = '';

  constructor(readonly baseUrl: string) {}

  async call<T = any>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        origin: this.baseUrl,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (cookies.length) this.cookie = mergeCookies(this.cookie, cookies);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  get = <T = any>(path: string) => this.call<T>('GET', path);
  post = <T = any>(path: string, body: unknown = {}) => this.call<T>('POST', path, body);
  put = <T = any>(path: string, body: unknown) => this.call<T>('PUT', path, body);
  patch = <T = any>(path: string, body: unknown) => this.call<T>('PATCH', path, body);
  delete = <T = any>(path: string) => this.call<T>('DELETE', path);

  async signUp(email: string, password = 'correct horse battery'): Promise<Account> {
    const answer = await this.post<{ user: Account }>('/api/auth/sign-up/email', {
      email,
      password,
      name: email.split('@')[0],
    });
    if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.user;
  }

  signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }
}

function mergeCookies(current: string, fresh: string[]): string {
  const pair = (c: string): [string, string] => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)];
  const jar = new Map(current ? current.split('; ').map(pair) : []);
  for (const c of fresh) jar.set(...pair(c));
  return [...jar]
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

let counter = 0;
/** A fresh email for each user of a test run. */
export const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}@example.com`;

/** Polls until the predicate holds or the time runs out. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** The project's status as its `/status` route answers it. */
export const statusOf = (client: ApiClient, ref: string): Promise<string> =>
  client.get(`/api/platform/projects/${ref}/status`).then((answer) => answer.body?.status);

/** Polls the project's status until it is `status`: two minutes unless told, every 100 ms unless told. */
export const waitForStatus = (client: ApiClient, ref: string, status: string, timeoutMs = 120_000, intervalMs = 100) =>
  waitFor(
    () => statusOf(client, ref),
    (s) => s === status,
    timeoutMs,
    intervalMs,
  );

/**
 * Asks for a project in the organization as the dashboard's form does (region `local`, channel
 * `ga`) and answers its ref, which is still COMING_UP: its instance is started by a job.
 * Throws unless the creation is accepted, so fixtures fail where they break.
 */
export async function createProject(client: ApiClient, slug: string, name: string, postgres = '17'): Promise<string> {
  const created = await client.post<{ ref: string }>('/api/platform/projects', {
    name,
    organization_slug: slug,
    region: 'local',
    postgres_engine: postgres,
    release_channel: 'ga',
  });
  if (created.status !== 201) throw new Error(`project creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.ref;
}

export interface HealthyProjectOptions {
  /** The Postgres major, `17` unless told. */
  postgres?: string;
  /** How long the instance may take to come up: a minute unless told. */
  timeoutMs?: number;
  /** How often `/status` is asked: every 100 ms unless told. */
  intervalMs?: number;
}

/** A project of the organization (see createProject) once its status is ACTIVE_HEALTHY; answers its ref. */
export async function healthyProject(client: ApiClient, slug: string, name: string, options: HealthyProjectOptions = {}): Promise<string> {
  const { postgres = '17', timeoutMs = 60_000, intervalMs = 100 } = options;
  const ref = await createProject(client, slug, name, postgres);
  await waitForStatus(client, ref, 'ACTIVE_HEALTHY', timeoutMs, intervalMs);
  return ref;
}

/** One statement on a fresh connection, as a user with a connection string would run it. */
export async function query(connectionString: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

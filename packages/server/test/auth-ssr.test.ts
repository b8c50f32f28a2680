/**
 * A server-rendered app on @supabase/ssr against a Basin project, as a Next.js app uses it: the
 * session lives in the app's cookies, every request makes its own server client, and links come
 * back to the app's callback with a PKCE code. The app is a small node:http server; the test is
 * its browser, keeping cookies as a browser keeps them.
 */
import { createServerClient, parseCookieHeader, serializeCookieHeader } from '@supabase/ssr';
import type { SupabaseClientOptions } from '@supabase/supabase-js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RestProject, startRestProject } from './rest-project.ts';
import { mailTestSettings, type SmtpCapture, startSmtpCapture } from './smtp-capture.ts';

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

let smtp: SmtpCapture;
let project: RestProject;
let apiUrl: string;
let app: http.Server;
let appUrl: string;
const PASSWORD = 'a fine password 1';
let count = 0;
const newEmail = () => `ssr-${Date.now().toString(36)}-${count++}@example.com`;

/** The app: each request gets a server client reading and writing the request's cookies. */
function startApp(): Promise<http.Server> {
  const server = http.createServer(async (request, response) => {
    const setCookies: string[] = [];
    const supabase = createServerClient(apiUrl, project.keys.anon, {
      realtime: { transport: WebSocket as unknown as Transport },
      cookies: {
        getAll: () => parseCookieHeader(request.headers.cookie ?? '').map(({ name, value }) => ({ name, value: value ?? '' })),
        setAll: (cookies) => {
          for (const { name, value, options } of cookies) setCookies.push(serializeCookieHeader(name, value, options));
        },
      },
    });
    const url = new URL(request.url!, appUrl);
    const form = request.method === 'POST' ? (JSON.parse(await text(request)) as Record<string, string>) : {};
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', 'set-cookie': setCookies, ...headers });
      response.end(JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/signup': {
        const { error } = await supabase.auth.signUp({
          email: form.email!,
          password: form.password!,
          options: { emailRedirectTo: `${appUrl}/auth/callback` },
        });
        return answer(error ? 400 : 200, { error: error?.message ?? null });
      }
      case '/magic-link': {
        const { error } = await supabase.auth.signInWithOtp({
          email: form.email!,
          options: { emailRedirectTo: `${appUrl}/auth/callback` },
        });
        return answer(error ? 400 : 200, { error: error?.message ?? null });
      }
      case '/signin': {
        const { error } = await supabase.auth.signInWithPassword({ email: form.email!, password: form.password! });
        return answer(error ? 400 : 200, { error: error?.message ?? null });
      }
      case '/auth/callback': {
        const { error } = await supabase.auth.exchangeCodeForSession(url.searchParams.get('code') ?? '');
        return answer(303, { error: error?.message ?? null }, { location: error ? '/error' : '/me' });
      }
      case '/me': {
        const { data } = await supabase.auth.getUser();
        return answer(data.user ? 200 : 401, { email: data.user?.email ?? null });
      }
      case '/signout': {
        const { error } = await supabase.auth.signOut();
        return answer(error ? 400 : 200, { error: error?.message ?? null });
      }
      default:
        return answer(404, { error: 'no such page' });
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function text(request: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/** A browser's cookie jar for the app: set, replaced, and removed by an expired cookie. */
class Browser {
  private readonly jar = new Map<string, string>();

  async visit(path: string, body?: Record<string, string>): Promise<{ status: number; body: any; location: string | null }> {
    const url = path.startsWith('http') ? path : `${appUrl}${path}`;
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: { ...(cookie && url.startsWith(appUrl) ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body && JSON.stringify(body),
      redirect: 'manual',
    });
    if (url.startsWith(appUrl)) for (const setCookie of response.headers.getSetCookie()) this.keep(setCookie);
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      body: type.includes('json') ? await response.json() : null,
      location: response.headers.get('location'),
    };
  }

  /** Follows redirects to the app, as a browser opening a link does. */
  async open(link: string): Promise<{ status: number; body: any }> {
    let answer = await this.visit(link);
    while (answer.status === 303 && answer.location) answer = await this.visit(new URL(answer.location, appUrl).toString());
    return { status: answer.status, body: answer.body };
  }

  get cookieNames(): string[] {
    return [...this.jar.keys()];
  }

  private keep(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    if (expired || !value) this.jar.delete(name);
    else this.jar.set(name, value);
  }
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  project = await startRestProject('select 1');
  apiUrl = `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;
  app = await startApp();
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  const answer = await project.meta.owner.patch(`/api/platform/auth/${project.meta.ref}/config`, {
    ...mailTestSettings(smtp),
    SITE_URL: appUrl,
    URI_ALLOW_LIST: `${appUrl}/**`,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => app?.close(resolve));
  await project?.meta.platform.stop();
  await smtp?.close();
});

describe('an app on @supabase/ssr', () => {
  it('signs a user up through the confirmation link, keeps the session in its cookies, and signs out', async () => {
    const browser = new Browser();
    const email = newEmail();
    expect(await browser.visit('/signup', { email, password: PASSWORD })).toMatchObject({ status: 200, body: { error: null } });
    expect(browser.cookieNames.some((name) => name.endsWith('-auth-token-code-verifier'))).toBe(true);
    expect((await browser.visit('/me')).status).toBe(401);

    expect(await browser.open(smtp.mailTo(email).link)).toEqual({ status: 200, body: { email } });
    expect(browser.cookieNames.some((name) => /-auth-token(\.\d+)?$/.test(name))).toBe(true);
    expect(await browser.visit('/me')).toMatchObject({ status: 200, body: { email } });

    expect(await browser.visit('/signout', {})).toMatchObject({ status: 200, body: { error: null } });
    expect((await browser.visit('/me')).status).toBe(401);
  });

  it('signs in with a password and through a magic link, each browser its own session', async () => {
    const email = newEmail();
    const first = new Browser();
    await first.visit('/signup', { email, password: PASSWORD });
    await first.open(smtp.mailTo(email).link);

    const second = new Browser();
    expect((await second.visit('/me')).status).toBe(401);
    expect(await second.visit('/signin', { email, password: PASSWORD })).toMatchObject({ status: 200, body: { error: null } });
    expect(await second.visit('/me')).toMatchObject({ status: 200, body: { email } });

    const third = new Browser();
    expect(await third.visit('/magic-link', { email })).toMatchObject({ status: 200, body: { error: null } });
    expect(await third.open(smtp.mailTo(email).link)).toEqual({ status: 200, body: { email } });

    await second.visit('/signout', {});
    expect((await second.visit('/me')).status).toBe(401);
  });
});

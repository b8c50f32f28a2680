import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, query, uniqueEmail } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let owner: ApiClient;
let ref: string;
let apiUrl: string;
let anonKey: string;
let connectionString: string;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, name), fullPage: true });

/** A row of the message list with this type and event. */
const messageRow = (page: Page, type: string, event: string) =>
  page
    .getByRole('list', { name: 'Messages' })
    .getByRole('button')
    .filter({ hasText: new RegExp(`${type}\\s*${event}`) });

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('realtime'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Realtime' })).body.slug;
  ref = await healthyProject(owner, slug, 'Live');
  const project = (await owner.get(`/api/platform/projects/${ref}`)).body;
  connectionString = project.connectionString;
  apiUrl = String(project.restUrl).replace(/\/rest\/v1\/?$/, '');
  const settings = (await owner.get(`/api/platform/projects/${ref}/settings`)).body;
  anonKey = settings.service_api_keys.find((key: { tags: string }) => key.tags === 'anon').api_key;
  await query(
    connectionString,
    `create table public.notes (id bigint generated always as identity primary key, body text);
     grant select on public.notes to anon;
     alter publication supabase_realtime add table public.notes;`,
  );
}, 180_000);
afterAll(() => dashboard?.close());

describe('Realtime Inspector', () => {
  it('joins a channel as anon and shows broadcasts and database changes as they arrive', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Inspector' }).click();
    await page.getByRole('heading', { name: 'Realtime Inspector' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/project/${ref}/realtime/inspector`);
    await page.getByText('No messages yet…').waitFor();

    // The form says what is missing before anything connects.
    await page.getByRole('button', { name: 'Join channel' }).click();
    await page.getByText('Give the channel a name').waitFor();

    await page.getByLabel('Channel name').fill('room');
    await page.getByRole('checkbox', { name: /^Database changes/ }).check();
    await page.getByLabel('Table', { exact: true }).fill('notes');
    await shot(page, 'realtime-inspector-form.png');
    await page.getByRole('button', { name: 'Join channel' }).click();
    await page.getByText('Joined', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Leave channel' }).waitFor();
    await shot(page, 'realtime-inspector-joined.png');

    // A broadcast from the page itself (self is on), keyboard only.
    await page.getByLabel('Event name').fill('from-page');
    await page.getByLabel('Payload (JSON)').fill('{"x": ');
    await page.getByRole('button', { name: 'Send broadcast' }).click();
    await page.getByText(/^The payload is not valid JSON: /).waitFor();
    await shot(page, 'realtime-inspector-invalid-json.png');
    await page.getByLabel('Payload (JSON)').fill('{"x": 2}');
    await page.getByRole('button', { name: 'Send broadcast' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Sent from-page').waitFor();
    await messageRow(page, 'Broadcast', 'from-page').waitFor();

    // A broadcast over Realtime's HTTP API, as a server would send it.
    const sent = await fetch(`${apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'room', event: 'hello', payload: { x: 1 } }] }),
    });
    expect(sent.status).toBe(202);
    await messageRow(page, 'Broadcast', 'hello').waitFor();

    // A row inserted in the database.
    await query(connectionString, `insert into public.notes (body) values ('written in SQL')`);
    const insert = messageRow(page, 'Database change', 'INSERT');
    await insert.waitFor({ timeout: 30_000 });
    const rows = page.getByRole('list', { name: 'Messages' }).getByRole('button');
    expect(await rows.count()).toBe(3);
    // Newest first.
    expect(await rows.nth(0).textContent()).toContain('INSERT');
    expect(await rows.nth(2).textContent()).toContain('from-page');
    await insert.click();
    expect(await insert.getAttribute('aria-expanded')).toBe('true');
    const payload = page.getByRole('list', { name: 'Messages' }).getByLabel('Payload');
    await payload.waitFor();
    expect(JSON.parse((await payload.textContent()) ?? '')).toMatchObject({
      schema: 'public',
      table: 'notes',
      eventType: 'INSERT',
      new: { id: 1, body: 'written in SQL' },
    });
    await shot(page, 'realtime-inspector-messages.png');

    await page.getByRole('button', { name: 'Leave channel' }).click();
    await page.getByRole('button', { name: 'Join channel' }).waitFor();
    await page.context().close();
  }, 150_000);

  it("runs the API docs panel's Realtime examples as written, with the project's URL and anon key", async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}`);
    await page.getByRole('button', { name: 'API Docs' }).click();
    const nav = page.getByRole('navigation', { name: 'API docs' });
    await nav.getByRole('button', { name: 'notes' }).waitFor();
    await nav.getByRole('button', { name: 'Realtime' }).click();
    const example = (title: string) =>
      page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
        .locator('pre')
        .textContent();
    await page.getByRole('heading', { name: 'Presence' }).waitFor();
    const code = [
      await example('Initialise the client'),
      await example('Listen to database changes'),
      await example('Broadcast'),
      await example('Presence'),
    ].join('\n\n');
    expect(code).toContain(`createClient('${apiUrl}', '${anonKey}')`);
    await shot(page, 'realtime-docs-panel.png');
    await page.context().close();

    // As an app would run them: the import is supabase-js's own; Node 20 needs a WebSocket global.
    const logged: unknown[][] = [];
    const hadWebSocket = 'WebSocket' in globalThis;
    if (!hadWebSocket) Object.assign(globalThis, { WebSocket });
    const run = new Function('createClient', 'console', `${code.replace(/^import .*$/m, '')}\nreturn { supabase }`) as (
      create: typeof createClient,
      console: { log: (...args: unknown[]) => void },
    ) => { supabase: ReturnType<typeof createClient> };
    const { supabase } = run(createClient, { log: (...args) => logged.push(args) });
    try {
      const heard = (test: (args: unknown[]) => boolean) =>
        expect.poll(() => logged.some(test), { timeout: 30_000, interval: 100 }).toBe(true);
      // Its own broadcast (self: true) and its own presence.
      await heard((args) => JSON.stringify(args) === JSON.stringify([{ x: 1, y: 2 }]));
      await heard((args) => args[0] === 'joined' && JSON.stringify(args[2]).includes('someone'));
      // The table's changes once they stream.
      await expect.poll(() => supabase.getChannels().every((channel) => channel.state === 'joined'), { timeout: 30_000 }).toBe(true);
      await query(connectionString, `insert into public.notes (body) values ('from the docs')`);
      await heard((args) => args[0] === 'INSERT' && JSON.stringify(args[1]).includes('from the docs'));
    } finally {
      await supabase.removeAllChannels();
      if (!hadWebSocket) Reflect.deleteProperty(globalThis, 'WebSocket');
    }
  }, 120_000);
});

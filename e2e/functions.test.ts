import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, uniqueEmail, waitFor } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let owner: ApiClient;
let ref: string;
let anonKey: string;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `functions-${name}.png`), fullPage: true });

/** Replaces the open file's code as if typed (insertText goes through CodeMirror's input handling). */
async function typeCode(page: Page, code: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(code);
}

/** The function through the project's gateway, as an app would call it. */
const invoke = (slug: string, body: unknown, key: string | null = anonKey) =>
  fetch(`${platform.url}/api/projects/${ref}/gateway/functions/v1/${slug}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, text: await response.text() }));

const GREETER = `Deno.serve(async (req) => {
  const { name } = await req.json()
  console.log('greeting ' + name)
  return Response.json({ message: Deno.env.get('GREETING') + ', ' + name + '!' })
})
`;

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('functions'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Functions' })).body.slug;
  ref = await healthyProject(owner, slug, 'App');
  const settings = (await owner.get(`/api/platform/projects/${ref}/settings`)).body;
  anonKey = settings.service_api_keys.find((key: { tags: string }) => key.tags === 'anon').api_key;
}, 180_000);
afterAll(() => dashboard?.close());

describe('Edge functions in the dashboard', () => {
  it('sets a secret, deploys a function from the editor, invokes it and sees the invocation, redeploys, deletes', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/functions`);
    await page.getByRole('heading', { name: 'Deploy your first edge function' }).waitFor();
    await page.getByText(/supabase functions deploy hello-world/).waitFor();
    await shot(page, 'empty');

    // A secret the function reads.
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Secrets' }).click();
    await page.waitForURL(`**/project/${ref}/functions/secrets`);
    await page.getByText('No secrets yet').waitFor();
    await page.getByLabel('Name of secret 1').fill('GREETING');
    await page.getByLabel('Value of secret 1').fill('Hola');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved secret GREETING').waitFor();
    await page.getByRole('cell', { name: 'GREETING', exact: true }).waitFor();
    await shot(page, 'secrets');

    // Deploy from the dashboard.
    await page.goto(`${platform.url}/project/${ref}/functions`);
    await page.getByRole('link', { name: /Deploy a new function/ }).click();
    await page.waitForURL(`**/project/${ref}/functions/new`);
    await page.locator('.cm-content').waitFor();
    expect(await page.locator('.cm-content').textContent()).toContain('Deno.serve(async (req) =>');
    await page.getByLabel('Name').fill('Greeter');
    expect(await page.getByLabel('Slug').inputValue()).toBe('greeter');
    await typeCode(page, GREETER);
    await shot(page, 'deploy');
    await page.getByRole('button', { name: /Deploy function/ }).click();
    await page.waitForURL(`**/project/${ref}/functions/greeter/details`);
    await page.getByRole('heading', { name: 'Greeter' }).waitFor();
    await page.getByText('Version 1', { exact: true }).waitFor();
    await page.getByText('No invocations yet', { exact: false }).waitFor();

    // The example shows the key only once revealed.
    const example = page.getByLabel('cURL example');
    expect(await example.textContent()).toContain(`/functions/v1/greeter`);
    expect(await example.textContent()).not.toContain(anonKey);
    await page.getByRole('button', { name: 'Reveal anon key' }).click();
    expect(await example.textContent()).toContain(`Bearer ${anonKey}`);

    // Invoke it as an app would: the first request waits for the worker's cold start.
    const answer = await waitFor(
      () => invoke('greeter', { name: 'Ada' }),
      (a) => a.status !== 503,
      60_000,
      250,
    );
    expect(answer).toEqual({ status: 200, text: JSON.stringify({ message: 'Hola, Ada!' }) });
    expect((await invoke('greeter', { name: 'Ada' }, null)).status).toBe(401);

    // The details page polls its activity: the invocation and the console line show up.
    const invocations = page.getByRole('table', { name: 'Recent invocations' });
    await invocations.getByRole('cell', { name: /POST/ }).first().waitFor({ timeout: 30_000 });
    await invocations.getByText('200').first().waitFor();
    await page.getByRole('list', { name: 'Function logs' }).getByText('greeting Ada').waitFor({ timeout: 30_000 });
    await shot(page, 'details');

    // Verify JWT off: callers without a key get through.
    await page.getByRole('switch', { name: /Verify JWT/ }).click();
    await page.getByText('JWT verification disabled for Greeter').waitFor();
    await expect.poll(async () => (await invoke('greeter', { name: 'Bob' }, null)).status, { timeout: 30_000 }).toBe(200);

    // Edit the code and redeploy: version 2 answers.
    await page.getByRole('button', { name: 'Edit code' }).click();
    await page.locator('.cm-content').waitFor();
    await typeCode(page, GREETER.replace("', ' + name + '!'", "', ' + name + '! (v2)'"));
    await shot(page, 'edit');
    await page.getByRole('button', { name: /Redeploy/ }).click();
    await page.getByText('Version 2', { exact: true }).waitFor();
    const v2 = await waitFor(
      () => invoke('greeter', { name: 'Cy' }),
      (a) => a.status === 200 && a.text.includes('v2'),
      60_000,
      250,
    );
    expect(JSON.parse(v2.text)).toEqual({ message: 'Hola, Cy! (v2)' });

    // The list shows it.
    await page.getByRole('link', { name: 'Edge Functions' }).first().click();
    await page.waitForURL(`**/project/${ref}/functions`);
    const row = page.getByRole('row', { name: /Greeter/ });
    await row.getByText('greeter', { exact: true }).waitFor();
    // The list may show its cached page first: wait for the refetch with the JWT check off.
    await row.getByText('Off', { exact: true }).waitFor();
    await shot(page, 'list');

    // Delete with type-to-confirm.
    await page.getByRole('link', { name: 'Greeter' }).click();
    await page.getByRole('button', { name: 'Delete function' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Greeter' });
    await dialog.getByLabel(/Type greeter to confirm/).fill('greeter');
    await dialog.getByRole('button', { name: 'Delete function' }).click();
    await page.waitForURL(`**/project/${ref}/functions`);
    await page.getByRole('heading', { name: 'Deploy your first edge function' }).waitFor();
    expect((await invoke('greeter', { name: 'Dee' })).status).toBe(404);
  });
});

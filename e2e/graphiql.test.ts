import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, query, uniqueEmail } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let owner: ApiClient;
let ref: string;

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('graphiql'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Graph' })).body.slug;
  ref = await healthyProject(owner, slug, 'Blog');
  const { connectionString } = (await owner.get(`/api/platform/projects/${ref}`)).body;
  await query(
    connectionString,
    `create table blog (id serial primary key, title text not null);
     insert into blog (title) values ('Hello'), ('Second post');
     alter table blog enable row level security;
     create policy "first post only" on blog for select to anon using (id = 1);`,
  );
}, 180_000);
afterAll(() => dashboard?.close());

describe('GraphiQL in the dashboard', () => {
  it('runs a query against /graphql/v1 as anon, then as service_role, with the docs explorer', async () => {
    const page = await dashboard.openPage(owner, { viewport: { width: 1440, height: 1000 } });
    await page.goto(`${platform.url}/project/${ref}/api/graphiql`);
    const editor = page.getByTestId('graphiql').locator('.graphiql-query-editor .monaco-editor').first();
    await editor.waitFor({ timeout: 60_000 });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    // Monaco closes brackets as they open and types over the closing ones.
    await page.keyboard.type('{ blogCollection(orderBy: [{id: AscNullsLast}]) { edges { node { id title } } } }');
    await page.getByRole('button', { name: /Execute query/ }).click();
    const resultWindow = page.getByTestId('graphiql').locator('.result-window');
    // Monaco lays text out with non-breaking spaces.
    const result = { innerText: async () => (await resultWindow.innerText()).replace(/\s+/g, ' ') };
    await expect.poll(() => result.innerText(), { timeout: 30_000 }).toContain('"title": "Hello"');
    expect(await result.innerText()).not.toContain('Second post');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'graphiql-anon.png') });

    // service_role bypasses the policy; GraphiQL starts again with that role.
    await page.getByRole('combobox', { name: 'Run as' }).click();
    await page.getByRole('option', { name: 'service_role' }).click();
    await editor.waitFor({ timeout: 60_000 });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('{ blogCollection(orderBy: [{id: AscNullsLast}]) { edges { node { title } } } }');
    await page.getByRole('button', { name: /Execute query/ }).click();
    await expect.poll(() => result.innerText(), { timeout: 30_000 }).toContain('Second post');

    // The docs explorer reads the schema by introspection.
    await page.getByRole('button', { name: /Show Documentation Explorer/ }).click();
    await page.getByText('blogCollection', { exact: true }).first().waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'graphiql-service-role.png') });
    await page.context().close();
  }, 150_000);
});

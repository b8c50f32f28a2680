import { API_KEYS_MESSAGES } from '@basin/core';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, uniqueEmail, waitFor } from '../packages/server/test/harness.ts';
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
  await owner.signUp(uniqueEmail('keys'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Keys' })).body.slug;
  ref = await healthyProject(owner, slug, 'Keyed', { timeoutMs: 120_000, intervalMs: 500 });
}, 180_000);
afterAll(() => dashboard?.close());

describe('API keys in the browser', () => {
  it("shows when each key was last used after a browser calls the project's host, and the leak advisor sees the service key", async () => {
    const page = await dashboard.openPage(owner, { viewport: { width: 1440, height: 1100 } });
    await page.goto(`${platform.url}/project/${ref}/settings/api`);
    await page.getByText('Not used in the last 24 hours').first().waitFor();
    await page.getByText('Custom domains are available on paid plans', { exact: false }).waitFor();

    // The page calls its project's API at http://{ref}.localhost:{port} (Chromium resolves
    // *.localhost to this machine), across origins, as an app in the browser would. The test
    // platform's domain keeps the default port; it listens on another.
    const settings = (await owner.get(`/api/platform/projects/${ref}/settings`)).body;
    const apiUrls: { url: string; form: string }[] = (await owner.get(`/api/platform/projects/${ref}`)).body.apiUrls;
    const hostUrl = new URL(apiUrls.find((url) => url.form === 'host')!.url);
    const service = (settings.service_api_keys as { api_key: string; tags: string }[]).find((key) => key.tags === 'service_role')!.api_key;
    const port = new URL(platform.url).port;
    const answer = await page.evaluate(
      async ({ url, key }) => {
        const response = await fetch(url, { headers: { apikey: key } });
        return { status: response.status, swagger: ((await response.json()) as { swagger?: string }).swagger };
      },
      { url: `http://${hostUrl.hostname}:${port}/rest/v1/`, key: service },
    );
    expect(answer).toEqual({ status: 200, swagger: '2.0' });

    // The request is logged in a batch: wait until a log query sees it, as the keys panel's does.
    const sql = "select count(*) as n from edge_logs where key_role = 'service_role'";
    await waitFor(
      async () => (await owner.get(`/api/platform/projects/${ref}/analytics/endpoints/logs.all?${new URLSearchParams({ sql })}`)).body,
      (answer: { result?: { n: number }[] }) => (answer.result?.[0]?.n ?? 0) > 0,
      10_000,
      100,
    );
    await page.reload();
    await page.getByText('Last used less than a minute ago').waitFor();
    expect(await page.getByText(API_KEYS_MESSAGES.lastUsedFailed).count()).toBe(0);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'api-settings.png') });

    const lints = (await owner.get(`/api/platform/projects/${ref}/run-lints?refresh=true`)).body as { name: string }[];
    expect(lints.map((lint) => lint.name)).toContain('leaked_service_key');
  });

  it('shows the project URL that createClient takes, reachable from Node, on the home page, in API settings and in the API docs', async () => {
    // A default install: the gateway path on the platform's address first, {ref}.localhost second.
    const url = `${platform.url}/api/projects/${ref}/gateway`;
    const page = await dashboard.openPage(owner, { viewport: { width: 1440, height: 1000 } });
    await page.goto(`${platform.url}/project/${ref}`);
    const shown = (name: string) => page.getByRole('group', { name, exact: true }).getByRole('textbox').inputValue();
    await page.getByRole('group', { name: 'Project URL', exact: true }).waitFor();
    expect(await shown('Project URL')).toBe(url);
    expect(await shown('Other project URL')).toMatch(new RegExp(`^http://${ref}\\.localhost:\\d+$`));
    expect(await shown('REST endpoint')).toBe(`${url}/rest/v1/`);
    await page.getByText('for browsers on this machine only', { exact: false }).waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'project-home-urls.png') });

    await page.getByRole('button', { name: 'API Docs' }).click();
    await page.getByText(`createClient('${url}'`, { exact: false }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${platform.url}/project/${ref}/settings/api`);
    await page.getByRole('textbox', { name: 'URL', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'URL', exact: true }).inputValue()).toBe(url);
    await page.getByText('Other project URL').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'api-settings-urls.png') });
  });

  it('explains custom domains on a paid plan', async () => {
    const slug = (await owner.get(`/api/platform/projects/${ref}`)).body.organization_slug;
    await owner.put(`/api/platform/organizations/${slug}/billing/subscription`, { plan: 'pro' });
    const page = await dashboard.openPage(owner, { viewport: { width: 1440, height: 1100 } });
    await page.goto(`${platform.url}/project/${ref}/settings/api`);
    await page.getByText('cannot issue TLS certificates or DNS records', { exact: false }).waitFor();
    await page.getByText(`forwards requests with the Host header ${ref}.`, { exact: false }).waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'api-settings-custom-domain.png') });
  });
});

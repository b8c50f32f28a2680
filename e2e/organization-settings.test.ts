import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_MESSAGES, ORGANIZATION_SETTINGS_MESSAGES } from '@basin/core';
import { ApiClient, uniqueEmail } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard } from './dashboard.ts';

let dashboard: Dashboard;
let owner: ApiClient;
let slug: string;

beforeAll(async () => {
  dashboard = await startDashboard();
  owner = new ApiClient(dashboard.platform.url);
  await owner.signUp(uniqueEmail('org-settings'));
  slug = (await owner.post('/api/platform/organizations', { name: 'Opt-in Labs' })).body.slug;
}, 180_000);
afterAll(() => dashboard?.close());

describe('organization settings in the dashboard', () => {
  it('changes the AI opt-in level, and the level is kept after a reload', async () => {
    const page = await dashboard.openPage(owner, { viewport: { width: 1280, height: 1100 } });
    await page.goto(`${dashboard.platform.url}/org/${slug}`);
    await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`**/org/${slug}/general`);

    // A new organization shares nothing: 'Disabled' is chosen, with the metadata warning.
    const disabled = page.getByRole('radio', { name: 'Disabled' });
    await disabled.waitFor();
    expect(await disabled.getAttribute('aria-checked')).toBe('true');
    await page.getByText(ORGANIZATION_SETTINGS_MESSAGES.metadataWarningTitle).waitFor();

    await page.getByRole('radio', { name: 'Schema and logs' }).click();
    await page.getByRole('radiogroup').locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
    await page.getByText(ORGANIZATION_SETTINGS_MESSAGES.optInUpdated).first().waitFor();
    expect((await owner.get(`/api/platform/organizations/${slug}`)).body.opt_in_tags).toEqual(['AI_SQL', 'AI_LOG']);

    await page.reload();
    const kept = page.getByRole('radio', { name: 'Schema and logs' });
    await kept.waitFor();
    expect(await kept.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByText(ORGANIZATION_SETTINGS_MESSAGES.metadataWarningTitle).count()).toBe(0);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'organization-settings-opt-in.png'), fullPage: true });

    await page.getByRole('button', { name: ORGANIZATION_SETTINGS_MESSAGES.privacyButton }).click();
    const privacy = page.getByRole('dialog', { name: ASSISTANT_MESSAGES.privacyTitle });
    await privacy.getByText(/OPENAI_BASE_URL/).waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'organization-settings-privacy.png') });
  });
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, query, uniqueEmail, waitFor } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let api: ApiClient;
let slug: string;

/** A healthy project holding a table of notes. */
async function projectWithNotes(name: string, postgresEngine = '17') {
  const ref = await healthyProject(api, slug, name, { postgres: postgresEngine });
  const { connectionString } = (await api.get(`/api/platform/projects/${ref}`)).body;
  await query(connectionString, "create table notes (body text); insert into notes values ('still here')");
  return { ref, connectionString: connectionString as string };
}

const openPage = (): Promise<Page> => dashboard.openPage(api);

/** Types the name into a type-to-confirm dialog and presses its confirm button. */
async function confirmByName(page: Page, name: string, confirm: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(`Type ${name} to confirm.`).fill(name);
  await dialog.getByRole('button', { name: confirm }).click();
}

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  api = new ApiClient(platform.url);
  await api.signUp(uniqueEmail('lifecycle'));
  slug = (await api.post('/api/platform/organizations', { name: 'Lifecycle' })).body.slug;
});
afterAll(() => dashboard?.close());

describe('project lifecycle in the dashboard', () => {
  it('pauses a project, shows pausing then paused, restores it to "Restoration complete!"', async () => {
    const { ref, connectionString } = await projectWithNotes('Sleepy');
    const page = await openPage();
    await page.goto(`${platform.url}/project/${ref}/settings/general`);
    await page.getByRole('button', { name: 'Pause project' }).click();
    await confirmByName(page, 'Sleepy', 'Pause project');

    await page.getByRole('heading', { name: 'Pausing Sleepy' }).waitFor();
    await page.getByRole('heading', { name: 'The project "Sleepy" is paused' }).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'project-paused.png'), fullPage: true });

    // Issue 22: the Backups page of a paused project lists the pause's backup, and it downloads.
    const { backups } = (await api.get(`/api/platform/database/${ref}/backups/downloadable-backups`)).body as { backups: { id: number }[] };
    expect(backups.length).toBeGreaterThan(0);
    await page.goto(`${platform.url}/project/${ref}/database/backups/scheduled`);
    await page.getByRole('heading', { name: 'The project "Sleepy" is paused' }).waitFor();
    const listed = page.getByRole('region', { name: 'Backups' });
    const download = listed.getByRole('button', { name: `Download backup ${backups[0]!.id}` });
    await download.waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'project-paused-backups.png'), fullPage: true });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${ref}-backup-${backups[0]!.id}-.+\\.tar\\.gz$`));
    expect((await readFile((await file.path())!)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip

    // The home shows the restore panel in place of the paused screen.
    await page.goto(`${platform.url}/project/${ref}`);
    await page.getByRole('button', { name: 'Restore project' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore project' }).click();
    await page.getByText('Restoration complete!').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Return to project' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sleepy' }).waitFor();
    expect((await query(connectionString, 'select body from notes')).rows).toEqual([{ body: 'still here' }]);
  });

  it('upgrades a Postgres 15 project to 17 and shows its steps through to the outcome', async () => {
    const { ref, connectionString } = await projectWithNotes('Vintage', '15');
    const page = await openPage();
    await page.goto(`${platform.url}/project/${ref}/settings/general`);
    await page.getByRole('button', { name: 'Upgrade to Postgres 17' }).click();
    await confirmByName(page, 'Vintage', 'Upgrade project');

    const steps = page.getByRole('list', { name: 'Upgrade steps' }).getByRole('listitem');
    await page.getByRole('heading', { name: 'Upgrading Vintage to Postgres 17' }).waitFor();
    expect(await steps.count()).toBe(8);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'project-upgrading.png'), fullPage: true });
    // Watch the highlighted step until the outcome: it only ever moves forward.
    const seen: number[] = [];
    const complete = page.getByRole('heading', { name: 'Upgrade complete' });
    while (!(await complete.isVisible())) {
      const states = await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
      // Every step done (the outcome is on its way) counts as past the last one; all pending (no progress read yet) says nothing.
      if (states.length && states.every((state) => state === 'done')) seen.push(states.length);
      else if (states.includes('current')) seen.push(states.indexOf('current'));
      await page.waitForTimeout(200);
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'project-upgraded.png'), fullPage: true });

    expect((await query(connectionString, 'show server_version')).rows[0].server_version).toMatch(/^17\./);
    expect((await query(connectionString, 'select body from notes')).rows).toEqual([{ body: 'still here' }]);
  });

  it('deletes a paid-plan project through the exit survey and returns to the organization', async () => {
    await api.put(`/api/platform/organizations/${slug}/billing/subscription`, { plan: 'pro' });
    const { ref } = await projectWithNotes('Doomed');
    const page = await openPage();
    await page.goto(`${platform.url}/org/${slug}`);
    await page.getByRole('link', { name: /Doomed/ }).waitFor();
    await page.goto(`${platform.url}/project/${ref}/settings/general`);
    await page.getByRole('button', { name: 'Delete project' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm deletion of Doomed' });
    await dialog.getByText('This will permanently delete the project').waitFor();
    const reasons = dialog.getByRole('radio');
    expect(await reasons.count()).toBe(11);
    const labels = await reasons.evaluateAll((items) => items.map((item) => (item as HTMLButtonElement).labels?.[0]?.textContent ?? ''));
    expect(labels.at(-1)).toBe('None of the above');
    await dialog.getByLabel('Type Doomed to confirm.').fill('Doomed');
    await dialog.getByRole('button', { name: 'I understand, delete this project' }).click();
    await dialog.getByText('Please select a reason for deleting your project').waitFor();

    await reasons.first().check();
    await dialog.getByRole('textbox').first().fill('Moving the data elsewhere');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'delete-survey.png') });
    await dialog.getByRole('button', { name: 'I understand, delete this project' }).click();

    await page.getByText('Successfully deleted Doomed').waitFor();
    await page.waitForURL(`**/org/${slug}`);
    await waitFor(
      () => api.get(`/api/platform/projects/${ref}`),
      (a) => a.status === 404,
    );
    const surveys = await platform.ctx.db.query('select reasons, exit_action from exit_surveys where project_ref = $1', [ref]);
    expect(surveys.rows).toHaveLength(1);
    expect(surveys.rows[0].exit_action).toBe('delete');
  });
});

import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDON_MESSAGES } from '@basin/core';
import { query, waitFor, waitForStatus } from '../packages/server/test/harness.ts';
import { organization, projectWithRows, type Org, type ProjectWithRows } from '../packages/server/test/lifecycle-helpers.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard } from './dashboard.ts';

/** Not UTC, so that the page's times and the picker are seen to be in the browser's zone. */
const TIME_ZONE = 'Europe/Berlin';

let dashboard: Dashboard;
let org: Org;
let project: ProjectWithRows;

const marks = async (connectionString = project.connectionString) =>
  (await query(connectionString, "select body from notes where body like 'mark %' order by id")).rows.map((row) => row.body);

/** A second with one row committed before it and one after: `mark {label} before` and `mark {label} after`. */
async function writeAroundASecond(label: string): Promise<number> {
  await query(project.connectionString, `insert into notes (body) values ('mark ${label} before')`);
  await sleep(1_100);
  const second = Math.floor(Date.now() / 1000);
  await sleep(1_100);
  await query(project.connectionString, `insert into notes (body) values ('mark ${label} after')`);
  return second;
}

/** The `datetime-local` value of a Unix second in the page's time zone, as the picker takes it. */
const pickerValue = (page: Page, second: number) =>
  page.evaluate((ms) => {
    const d = new Date(ms);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  }, second * 1000);

beforeAll(async () => {
  dashboard = await startDashboard();
  org = await organization(dashboard.platform.url, 'pro');
  project = await projectWithRows(org, '17', 10);
  // PITR needs at least Small compute.
  await org.owner.post(`/api/platform/projects/${project.ref}/billing/addons`, {
    addon_type: 'compute_instance',
    addon_variant: 'ci_small',
  });
  await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY', 120_000);
}, 240_000);
afterAll(() => dashboard?.close());

describe('point in time recovery in the dashboard', () => {
  it('is turned on from the prompt, shows its window, and restores the database to a chosen second', async () => {
    const page = await dashboard.openPage(org.owner, { timezoneId: TIME_ZONE, viewport: { width: 1440, height: 1000 } });
    const { url } = dashboard.platform;

    // Off: the page's prompt leads to cost control, which says where PITR is turned on.
    await page.goto(`${url}/project/${project.ref}/database/backups/pitr`);
    await page.getByRole('region', { name: 'Point in time recovery is off' }).getByRole('link', { name: 'Enable add on' }).click();
    const costControl = page.getByRole('dialog', { name: 'Cost control' });
    await costControl.getByText('Point in time recovery is a project add-on').waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'pitr-cost-control.png') });
    await costControl.getByRole('link', { name: 'Moving: Add-ons' }).click();

    // The add-on panel: 7 days, confirmed; the database restarts with WAL archiving.
    const panel = page.getByRole('dialog', { name: 'Point in time recovery' });
    await panel.getByRole('radio', { name: '7 days' }).click();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'pitr-addon-panel.png') });
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(ADDON_MESSAGES.pitrUpdating('7 days')).waitFor();
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY', 120_000);

    // On: the page waits for the first base backup, then shows the window and the picker.
    await page.goto(`${url}/project/${project.ref}/database/backups/pitr`);
    const picker = page.getByLabel(`Date and time (${TIME_ZONE})`);
    await picker.waitFor({ timeout: 120_000 });

    const second = await writeAroundASecond('restore');

    // A fresh window reaches past the second; pick it and confirm with the project's name.
    await page.reload();
    await picker.fill(await pickerValue(page, second));
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'pitr-window.png'), fullPage: true });
    await page.getByRole('button', { name: 'Review restore' }).click();
    const dialog = page.getByRole('dialog', { name: /^Restore Moving to / });
    await dialog.getByText(/^Everything written after .+ will be lost$/).waitFor();
    await dialog.getByRole('textbox').fill('Moving');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'pitr-confirm.png') });
    await dialog.getByRole('button', { name: 'Restore to this point' }).click();

    await page.getByRole('list', { name: 'Restore steps' }).waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'pitr-restoring.png'), fullPage: true });
    await page.getByText(/^Restored to /).waitFor({ timeout: 300_000 });
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'pitr-restored.png'), fullPage: true });

    expect(await marks()).toEqual(['mark restore before']);
    const status = (await org.owner.get(`/api/platform/database/${project.ref}/backups/pitr`)).body;
    expect(status.latest_restore).toMatchObject({ status: 'COMPLETED', target_time: new Date(second * 1000).toISOString() });
  }, 600_000);

  it('starts a branch with data from a second of the window, leaving the parent as it is', async () => {
    const page = await dashboard.openPage(org.owner, { timezoneId: TIME_ZONE, viewport: { width: 1440, height: 1000 } });
    await waitFor(
      async () => (await org.owner.get(`/api/platform/database/${project.ref}/backups/pitr`)).body,
      (status) => status.latest_recoverable_at !== null,
      120_000,
    );
    const second = await writeAroundASecond('branch');

    await page.goto(`${dashboard.platform.url}/project/${project.ref}/branches`);
    await page.getByRole('button', { name: 'Create branch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a new preview branch' });
    await dialog.getByText(/^Point-in-time recovery is on: a branch with data can start from any second since /).waitFor();
    await dialog.getByLabel('Branch name').fill('before-the-change');
    await dialog.getByRole('switch', { name: 'Include data' }).check();
    await dialog.getByRole('checkbox', { name: /Start from a point in time/ }).check();
    await dialog.getByLabel(`Date and time (${TIME_ZONE})`).fill(await pickerValue(page, second));
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'pitr-branch-dialog.png') });
    await dialog.getByRole('button', { name: 'Create branch' }).click();
    await dialog.waitFor({ state: 'detached' });

    const branch = await waitFor(
      async () => (await org.owner.get(`/api/v1/projects/${project.ref}/branches`)).body as { name: string; project_ref: string }[],
      (branches) => branches.some((item) => item.name === 'before-the-change'),
    );
    const branchRef = branch.find((item) => item.name === 'before-the-change')!.project_ref;
    await waitForStatus(org.owner, branchRef, 'ACTIVE_HEALTHY', 300_000);
    const branchProject = (await org.owner.get(`/api/platform/projects/${branchRef}`)).body;
    expect(await marks(branchProject.connectionString)).toEqual(['mark restore before', 'mark branch before']);
    expect(await marks()).toEqual(['mark restore before', 'mark branch before', 'mark branch after']);
  }, 600_000);
});

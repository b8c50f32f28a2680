import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@basin/core';
import { ApiClient, uniqueEmail, waitFor } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard } from './dashboard.ts';

let dashboard: Dashboard;
let owner: ApiClient;
let slug: string;
let ref: string;

beforeAll(async () => {
  dashboard = await startDashboard();
  owner = new ApiClient(dashboard.platform.url);
  await owner.signUp(uniqueEmail('billing'));
  slug = (await owner.post('/api/platform/organizations', { name: 'Billing' })).body.slug;
  ref = (
    await owner.post('/api/platform/projects', {
      name: 'Priced',
      organization_slug: slug,
      region: 'local',
      postgres_engine: '17',
      release_channel: 'ga',
    })
  ).body.ref;
  await waitFor(
    () => owner.get(`/api/platform/projects/${ref}/status`),
    (answer) => answer.body.status === 'ACTIVE_HEALTHY',
    120_000,
    500,
  );
}, 180_000);
afterAll(() => dashboard?.close());

describe('organization billing in the dashboard', () => {
  it("upgrades a free organization from a page's 'Upgrade to Pro' link, then goes back to Free through the exit survey", async () => {
    const page = await dashboard.openPage(owner, { viewport: { width: 1440, height: 1000 } });
    await page.goto(`${dashboard.platform.url}/project/${ref}/settings/api`);
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();

    const panel = page.getByRole('dialog', { name: 'Change subscription plan' });
    await panel.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/org/${slug}/billing`);
    expect(new URL(page.url()).searchParams.get('panel')).toBe('subscriptionPlan');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'billing-plan-panel.png') });
    await panel.getByRole('button', { name: 'Choose Pro' }).click();

    await page.getByText('This organization is on the Pro plan').waitFor();
    await panel.waitFor({ state: 'detached' }); // it closes with an animation
    expect(new URL(page.url()).search).toBe('');
    expect((await owner.get(`/api/platform/organizations/${slug}/billing/subscription`)).body.plan.id).toBe('pro');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'billing-page-pro.png'), fullPage: true });

    await page.getByRole('button', { name: 'Change subscription plan' }).click();
    await panel.getByRole('button', { name: 'Choose Free' }).click();
    await panel.getByText(BILLING_MESSAGES.surveyQuestion).waitFor();
    await panel.getByRole('radio', { name: 'It is too expensive' }).click();
    await panel.getByLabel('What price would have been right for you?').fill('Free suits a side project');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'billing-downgrade-survey.png') });
    await panel.getByRole('button', { name: 'Confirm downgrade' }).click();

    await page.getByText('This organization is on the Free plan').waitFor();
    expect((await owner.get(`/api/platform/organizations/${slug}/billing/subscription`)).body.plan.id).toBe('free');
    // The survey went out after the change.
    const surveys = await waitFor(
      () =>
        dashboard.platform.ctx.db.query('select reasons, additional_feedback, exit_action from exit_surveys where organization_slug = $1', [
          slug,
        ]),
      (result) => result.rows.length > 0,
    );
    expect(surveys.rows).toEqual([
      { reasons: ['too_expensive'], additional_feedback: 'Free suits a side project', exit_action: 'downgrade' },
    ]);
  });

  it('shows the cost control panel with the month estimate of the projects', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${dashboard.platform.url}/org/${slug}/billing?panel=costControl&source=e2e`);
    const panel = page.getByRole('dialog', { name: 'Cost control' });
    await panel.getByText(BILLING_MESSAGES.noSpendCap).waitFor();
    // One project on micro: 0.01344 × 730.
    await panel.getByRole('row', { name: /Priced micro \$9\.81/ }).waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'billing-cost-control.png') });
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, UPGRADE_PROMPT_MESSAGES } from '@basin/core';
import type { Page } from 'playwright-core';
import { setOrganizationOverride } from '../packages/server/src/store/feature-flags.ts';
import { ApiClient, healthyProject, uniqueEmail, waitFor } from '../packages/server/test/harness.ts';
import { signUpMember } from '../packages/server/test/membership.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard } from './dashboard.ts';

let dashboard: Dashboard;
let owner: ApiClient;
let slug: string;
let organizationId: number;
let ref: string;

beforeAll(async () => {
  dashboard = await startDashboard();
  owner = new ApiClient(dashboard.platform.url);
  await owner.signUp(uniqueEmail('billing'));
  ({ slug, id: organizationId } = (await owner.post('/api/platform/organizations', { name: 'Billing' })).body);
  ref = await healthyProject(owner, slug, 'Priced', { timeoutMs: 120_000, intervalMs: 500 });
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

  it('shows the catalogue prices as the catalogue states them: the compute sizes and the disk units', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${dashboard.platform.url}/project/${ref}/settings/compute-and-disk`);
    const sizes = page.getByRole('group', { name: 'Compute size' });
    await sizes.getByText('$0.01344 / hour').waitFor();
    await sizes.getByText('$0.562 / hour').waitFor();
    await page.getByText('$0.125 per GB').waitFor();
    await page.getByText('$0.024 per IOPS').waitFor();
    await page.getByText('$0.095 per MB/s').waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'compute-and-disk-prices.png'), fullPage: true });
  });
});

describe('the upgrade prompt on the point-in-time page, by plan and permission', () => {
  const pitrPage = async (page: Page) => {
    await page.goto(`${dashboard.platform.url}/project/${ref}/database/backups/pitr`);
    return page.getByRole('region', { name: 'Point in time recovery is off' });
  };
  const setPlan = async (plan: 'free' | 'pro') =>
    expect((await owner.put(`/api/platform/organizations/${slug}/billing/subscription`, { plan })).status).toBe(200);

  /** The prompt's button is disabled and says why when hovered. */
  const expectDisabled = async (page: Page, label: string, reason: string) => {
    const region = await pitrPage(page);
    const button = region.getByRole('button', { name: label });
    await waitFor(
      () => button.getAttribute('aria-description'),
      (description) => description === reason,
    );
    expect(await button.isDisabled()).toBe(true);
    // A disabled button takes no pointer events: its wrapper carries the tooltip.
    await button.locator('..').hover();
    await page.getByText(reason).first().waitFor();
    expect(await region.getByRole('link', { name: label }).count()).toBe(0);
  };

  it("on Free: 'Upgrade to Pro' opens the subscription plan panel", async () => {
    await setPlan('free');
    const page = await dashboard.openPage(owner);
    await (await pitrPage(page)).getByRole('link', { name: UPGRADE_PROMPT_MESSAGES.upgradeToPro }).click();
    await page.getByRole('dialog', { name: 'Change subscription plan' }).waitFor();
    expect(new URL(page.url()).search).toBe('?panel=subscriptionPlan&source=backupsPitr');
  });

  it("on Pro without the add-on: 'Enable add on' opens cost control, which says where PITR is turned on", async () => {
    await setPlan('pro');
    const page = await dashboard.openPage(owner);
    await (await pitrPage(page)).getByRole('link', { name: UPGRADE_PROMPT_MESSAGES.enableAddon }).click();
    const panel = page.getByRole('dialog', { name: 'Cost control' });
    await panel.getByText('Point in time recovery is a project add-on').waitFor();
    expect(await panel.getByRole('link', { name: 'Priced: Add-ons' }).getAttribute('href')).toBe(
      `/project/${ref}/settings/addons?panel=pitr`,
    );
    expect(new URL(page.url()).search).toBe('?panel=costControl&source=backupsPitr');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'pitr-prompt-pro.png') });
  });

  it('is disabled, with the reason, while the feature flag turns subscription changes off', async () => {
    await setOrganizationOverride(dashboard.platform.ctx.db, organizationId, 'subscriptionChangesEnabled', false);
    try {
      const page = await dashboard.openPage(owner);
      await expectDisabled(page, UPGRADE_PROMPT_MESSAGES.enableAddon, UPGRADE_PROMPT_MESSAGES.subscriptionChangesDisabled);
    } finally {
      await setOrganizationOverride(dashboard.platform.ctx.db, organizationId, 'subscriptionChangesEnabled', true);
    }
  });

  it('is disabled, with the reason, for a Developer (no billing write)', async () => {
    await setPlan('free');
    const developer = await signUpMember(owner, slug, 'Developer', 'developer');
    const page = await dashboard.openPage(developer);
    await expectDisabled(page, UPGRADE_PROMPT_MESSAGES.upgradeToPro, UPGRADE_PROMPT_MESSAGES.noBillingPermission);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'pitr-prompt-developer.png') });
  });
});

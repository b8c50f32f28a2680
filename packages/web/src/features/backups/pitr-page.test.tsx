import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AVAILABLE_ADDONS, FEATURE_FLAG_DEFAULTS, type Role, UPGRADE_PROMPT_MESSAGES } from '@basin/core';
import type { PlanId } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { PITR_OFF_TITLE } from './pitr-off-banner';
import { PitrPage } from './pitr-page';

const PLAN_NAMES = { free: 'Free', pro: 'Pro', team: 'Team', enterprise: 'Enterprise' } as const;
const pitrAddon = {
  type: 'pitr',
  variant: { identifier: 'pitr_7', name: '7 days', price: 100, price_interval: 'monthly', price_type: 'fixed' },
};

function renderPage({ plan = 'free' as PlanId, role = 'Owner' as Role, subscriptionChangesEnabled = true, withAddon = false } = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role, plan: { id: plan, name: PLAN_NAMES[plan] } })),
    'GET /api/platform/organizations/acme/feature-flags': json({ ...FEATURE_FLAG_DEFAULTS, subscriptionChangesEnabled }),
    [`GET /api/platform/database/${PROJECT_REF}/backups/pitr`]: json({
      pitr_enabled: false,
      retention_days: null,
      earliest_recoverable_at: null,
      latest_recoverable_at: null,
      archive_bytes: null,
      archiving_failing: false,
      latest_restore: null,
    }),
    [`GET /api/platform/projects/${PROJECT_REF}/billing/addons`]: json({
      ref: PROJECT_REF,
      selected_addons: withAddon ? [pitrAddon] : [],
      available_addons: AVAILABLE_ADDONS,
    }),
  });
  const rendered = renderRoutes(
    [
      { path: '/project/:ref/database/backups/pitr', element: <PitrPage /> },
      { path: '/org/:slug/billing', element: <h1>Billing page</h1> },
      { path: '/project/:ref/settings/addons', element: <h1>Add-ons page</h1> },
    ],
    `/project/${PROJECT_REF}/database/backups/pitr`,
  );
  return { ...api, ...rendered };
}

const banner = () => screen.findByRole('region', { name: PITR_OFF_TITLE });

describe('point in time recovery page', () => {
  it('says what PITR gives while it is off, links the scheduled backups, and on free offers Upgrade to Pro to the plan panel', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    const region = await banner();
    expect(within(region).getByText(/any second of the last 7, 14 or 28 days/)).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Scheduled backups' }).getAttribute('href')).toBe(
      `/project/${PROJECT_REF}/database/backups/scheduled`,
    );
    const tabs = screen.getByRole('navigation', { name: 'Backups' });
    expect(within(tabs).getByRole('link', { name: 'Scheduled backups' }).getAttribute('href')).toBe(
      `/project/${PROJECT_REF}/database/backups/scheduled`,
    );
    expect(within(tabs).getByRole('link', { name: 'Point in time' }).getAttribute('aria-current')).toBe('page');
    const upgrade = await within(region).findByRole('link', { name: 'Upgrade to Pro' });
    expect(upgrade.getAttribute('href')).toBe('/org/acme/billing?panel=subscriptionPlan&source=backupsPitr');
    await user.click(upgrade);
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeTruthy();
    expect(router.state.location.search).toBe('?panel=subscriptionPlan&source=backupsPitr');
  });

  it('offers Enable add on on a paid plan: cost control without the add-on, the add-ons panel with it', async () => {
    renderPage({ plan: 'pro' });
    const link = await within(await banner()).findByRole('link', { name: 'Enable add on' });
    expect(link.getAttribute('href')).toBe('/org/acme/billing?panel=costControl&source=backupsPitr');
  });

  it('leads to the project add-ons panel when the add-on is selected but archiving has not started yet', async () => {
    renderPage({ plan: 'team', withAddon: true });
    const link = await within(await banner()).findByRole('link', { name: 'Enable add on' });
    expect(link.getAttribute('href')).toBe(`/project/${PROJECT_REF}/settings/addons?panel=pitr&source=backupsPitr`);
  });

  it('is disabled without billing write, with the spec tooltip', async () => {
    const user = userEvent.setup();
    renderPage({ role: 'Developer' });
    const region = await banner();
    const button = await waitFor(() => {
      const found = within(region).getByRole('button', { name: 'Upgrade to Pro' });
      expect(found.getAttribute('aria-description')).toBe(UPGRADE_PROMPT_MESSAGES.noBillingPermission);
      return found;
    });
    expect(button).toHaveProperty('disabled', true);
    expect(within(region).queryByRole('link', { name: 'Upgrade to Pro' })).toBeNull();
    await user.hover(button.parentElement!);
    expect((await screen.findAllByText(UPGRADE_PROMPT_MESSAGES.noBillingPermission)).length).toBeGreaterThan(0);
  });

  it('is disabled while the feature flag turns subscription changes off', async () => {
    const user = userEvent.setup();
    renderPage({ plan: 'pro', subscriptionChangesEnabled: false });
    const region = await banner();
    const button = await waitFor(() => {
      const found = within(region).getByRole('button', { name: 'Enable add on' });
      expect(found.getAttribute('aria-description')).toBe(UPGRADE_PROMPT_MESSAGES.subscriptionChangesDisabled);
      return found;
    });
    expect(button).toHaveProperty('disabled', true);
    await user.hover(button.parentElement!);
    expect(
      (await screen.findAllByText('Subscription changes are currently disabled, our engineers are working on a fix')).length,
    ).toBeGreaterThan(0);
  });
});

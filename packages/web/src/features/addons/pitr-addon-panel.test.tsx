import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ADDON_MESSAGES,
  AVAILABLE_ADDONS,
  FEATURE_FLAG_DEFAULTS,
  selectedAddons,
  UPGRADE_PROMPT_MESSAGES,
  type ComputeSizeId,
  type PitrRetentionDays,
  type ProjectStatus,
  type Role,
} from '@basin/core';
import type { PlanId } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { NOT_ACTIVE_HINT } from '../project-settings/settings-row';
import { AddonsPage } from './addons-page';

const ADDONS_PATH = `/api/platform/projects/${PROJECT_REF}/billing/addons`;
const addonsOf = (size: ComputeSizeId, days: PitrRetentionDays | null) => ({
  ref: PROJECT_REF,
  selected_addons: selectedAddons(size, days),
  available_addons: AVAILABLE_ADDONS,
});

function renderPanel({
  role = 'Owner' as Role,
  plan = 'pro' as PlanId,
  size = 'small' as ComputeSizeId,
  days = null as PitrRetentionDays | null,
  status = 'ACTIVE_HEALTHY' as ProjectStatus,
  select = json(addonsOf('small', 14), 202),
  subscriptionChangesEnabled = true,
}: {
  role?: Role;
  plan?: PlanId;
  size?: ComputeSizeId;
  days?: PitrRetentionDays | null;
  status?: ProjectStatus;
  select?: MockAnswer;
  subscriptionChangesEnabled?: boolean;
} = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture({ infra_compute_size: size, status })),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role, plan: { id: plan, name: plan === 'free' ? 'Free' : 'Pro' } })),
    [`GET ${ADDONS_PATH}`]: json(addonsOf(size, days)),
    [`POST ${ADDONS_PATH}`]: select,
    [`DELETE ${ADDONS_PATH}/pitr_7`]: json(addonsOf(size, null), 202),
    'GET /api/platform/organizations/acme/feature-flags': json({ ...FEATURE_FLAG_DEFAULTS, subscriptionChangesEnabled }),
  });
  const rendered = renderRoutes(
    [{ path: '/project/:ref/settings/addons', element: <AddonsPage /> }],
    `/project/${PROJECT_REF}/settings/addons?panel=pitr&source=backupsPitr`,
  );
  return { ...api, ...rendered };
}

const panel = () => screen.findByRole('dialog', { name: 'Point in time recovery' });
const confirmOf = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Confirm' });

describe('point in time recovery add-on', () => {
  it('offers none, 7, 14 and 28 days with their prices, and turns on the chosen window', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPanel();
    const dialog = await panel();
    expect(within(dialog).getByRole('radio', { name: 'No point in time recovery (current)' })).toHaveProperty('ariaChecked', 'true');
    expect(within(dialog).getByText('Any second of the last 7 days · $0.137 / hour · ~$100 / month')).toBeTruthy();
    expect(within(dialog).getByText('Any second of the last 14 days · $0.274 / hour · ~$200 / month')).toBeTruthy();
    expect(within(dialog).getByText('Any second of the last 28 days · $0.548 / hour · ~$400 / month')).toBeTruthy();
    await waitFor(() => expect(confirmOf(dialog)).toHaveProperty('disabled', true));

    await user.click(within(dialog).getByRole('radio', { name: '14 days' }));
    await user.click(confirmOf(dialog));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.path === ADDONS_PATH)?.body).toEqual({
        addon_type: 'pitr',
        addon_variant: 'pitr_14',
      }),
    );
    expect(await screen.findByText(ADDON_MESSAGES.pitrUpdating('14 days'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('14 days', { selector: 'span' })).toBeTruthy();
  });

  it('shows the current window and turns it off by removing the add-on', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel({ days: 7 });
    const dialog = await panel();
    expect(screen.getByText('Any second of the last 7 days can be recovered')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '7 days (current)' })).toHaveProperty('ariaChecked', 'true');
    await user.click(within(dialog).getByRole('radio', { name: 'No point in time recovery' }));
    await user.click(confirmOf(dialog));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`${ADDONS_PATH}/pitr_7`));
    expect(await screen.findByText(ADDON_MESSAGES.pitrRemoving)).toBeTruthy();
  });

  it('on the Free plan says PITR needs a paid plan, links the plan panel and offers no window', async () => {
    renderPanel({ plan: 'free' });
    const dialog = await panel();
    expect(await within(dialog).findByText(ADDON_MESSAGES.pitrNeedsPaidPlan)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Change subscription plan' }).getAttribute('href')).toBe(
      '/org/acme/billing?panel=subscriptionPlan&source=pitrAddon',
    );
    expect(within(dialog).getByRole('radio', { name: '7 days' }).matches(':disabled')).toBe(true);
  });

  it('below Small compute says so and links the compute panel', async () => {
    const user = userEvent.setup();
    const { router } = renderPanel({ size: 'micro' });
    const dialog = await panel();
    expect(await within(dialog).findByText(ADDON_MESSAGES.pitrNeedsCompute)).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '28 days' }).matches(':disabled')).toBe(true);
    await user.click(within(dialog).getByRole('link', { name: 'Change compute size' }));
    expect(await screen.findByRole('dialog', { name: 'Change compute size' })).toBeTruthy();
    expect(router.state.location.search).toBe('?panel=computeInstance&source=pitrAddon');
  });

  it('disables Confirm without billing write, with the spec’s tooltip', async () => {
    const user = userEvent.setup();
    renderPanel({ role: 'Developer' });
    const dialog = await panel();
    const confirm = await waitFor(() => {
      const found = confirmOf(dialog);
      expect(found.getAttribute('aria-description')).toBe(UPGRADE_PROMPT_MESSAGES.noBillingPermission);
      return found;
    });
    expect(confirm).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('radio', { name: '7 days' }).matches(':disabled')).toBe(true);
    await user.hover(confirm.parentElement!);
    expect((await screen.findAllByText('You need additional permissions to amend subscriptions')).length).toBeGreaterThan(0);
  });

  it('disables Confirm while subscription changes are switched off, with the spec’s tooltip', async () => {
    renderPanel({ subscriptionChangesEnabled: false });
    const dialog = await panel();
    await waitFor(() =>
      expect(confirmOf(dialog).getAttribute('aria-description')).toBe(UPGRADE_PROMPT_MESSAGES.subscriptionChangesDisabled),
    );
    expect(confirmOf(dialog)).toHaveProperty('disabled', true);
  });

  it('changes the window of a project that has one without a restart', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel({ days: 7 });
    const dialog = await panel();
    await user.click(within(dialog).getByRole('radio', { name: '28 days' }));
    await user.click(confirmOf(dialog));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.path === ADDONS_PATH)?.body).toEqual({
        addon_type: 'pitr',
        addon_variant: 'pitr_28',
      }),
    );
    expect(await screen.findByText(ADDON_MESSAGES.pitrWindowChanged('28 days'))).toBeTruthy();
  });

  it('toasts the server’s refusal and keeps the panel open', async () => {
    const user = userEvent.setup();
    renderPanel({ select: json({ message: ADDON_MESSAGES.pitrNeedsCompute }, 400) });
    const dialog = await panel();
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.click(confirmOf(dialog));
    expect(await screen.findByText(ADDON_MESSAGES.pitrNeedsCompute)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Point in time recovery' })).toBeTruthy();
  });

  it('shows the restart that turning it on started, and waits for it', async () => {
    renderPanel({ days: 14, status: 'RESTARTING' });
    const dialog = await panel();
    expect(within(dialog).getByText('The database is restarting')).toBeTruthy();
    expect(screen.getByText('Restarting')).toBeTruthy();
    expect(confirmOf(dialog).getAttribute('aria-description')).toBe(NOT_ACTIVE_HINT);
  });
});

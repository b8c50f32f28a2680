import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, EXIT_SURVEY_REASONS, FEATURE_FLAG_DEFAULTS, type Role, UPGRADE_PROMPT_MESSAGES } from '@basin/core';
import { PLAN_NAMES, type PlanId } from '@basin/core/schemas';
import { organizationFixture, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { BillingPage } from './billing-page';

const SUBSCRIPTION = '/api/platform/organizations/acme/billing/subscription';
const SURVEY = 'POST /api/platform/feedback/downgrade';

/** A server holding the plan: GET answers what the last PUT set. */
function renderPage({
  role = 'Owner' as Role,
  plan = 'free' as PlanId,
  query = '',
  put,
  subscription,
  survey = json({ id: 1 }, 201),
  subscriptionChangesEnabled = true,
}: {
  role?: Role;
  plan?: PlanId;
  query?: string;
  put?: MockAnswer;
  subscription?: MockAnswer;
  survey?: MockAnswer;
  subscriptionChangesEnabled?: boolean;
} = {}) {
  let current = plan;
  const planOf = (id: PlanId) => ({ id, name: PLAN_NAMES[id] });
  const api = mockApi({
    'GET /api/platform/organizations/acme': () => json(organizationFixture({ role, plan: planOf(current) })),
    [`GET ${SUBSCRIPTION}`]: () => subscription ?? json({ plan: planOf(current) }),
    [`PUT ${SUBSCRIPTION}`]: (request) => {
      if (put) return put;
      current = (request.body as { plan: PlanId }).plan;
      return json({ plan: planOf(current) });
    },
    'GET /api/platform/organizations/acme/projects': json([
      projectFixture({ ref: 'aaaaaaaaaaaaaaaaaaaa', name: 'Orders', infra_compute_size: 'micro' }),
      projectFixture({ ref: 'bbbbbbbbbbbbbbbbbbbb', name: 'Analytics', infra_compute_size: 'large', status: 'INACTIVE' }),
    ]),
    [SURVEY]: survey,
    'GET /api/platform/organizations/acme/feature-flags': json({ ...FEATURE_FLAG_DEFAULTS, subscriptionChangesEnabled }),
  });
  const rendered = renderRoutes([{ path: '/org/:slug/billing', element: <BillingPage /> }], `/org/acme/billing${query}`);
  return { ...api, ...rendered };
}

describe('organization billing page', () => {
  it('shows the current plan, what it includes, and that nothing is paid', async () => {
    const { calls } = renderPage();
    expect(await screen.findByText('This organization is on the Free plan')).toBeTruthy();
    const includes = screen.getByRole('list', { name: 'Free plan includes' });
    expect(within(includes).getByText('No preview branches')).toBeTruthy();
    expect(within(includes).getByText(/^2 active projects per Owner or Administrator/)).toBeTruthy();
    expect(screen.getByText(BILLING_MESSAGES.noPayment)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.path === SUBSCRIPTION)).toHaveLength(1);
  });

  it('opens the plan panel from ?panel=subscriptionPlan and upgrades with a PUT', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage({ query: '?panel=subscriptionPlan&source=projectPausedStateRestore' });
    const panel = await screen.findByRole('dialog', { name: 'Change subscription plan' });
    expect(within(panel).getByText('Current plan')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Choose Free' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Choose Pro' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ plan: 'pro' }));
    expect((await screen.findAllByText(BILLING_MESSAGES.changed('Pro'))).length).toBeGreaterThan(0);
    expect(await screen.findByText('This organization is on the Pro plan')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    // The subscription and the organization (its plan badge) are read again after the change.
    expect(calls.filter((call) => call.method === 'GET' && call.path === SUBSCRIPTION)).toHaveLength(2);
    expect(calls.filter((call) => call.method === 'GET' && call.path === '/api/platform/organizations/acme').length).toBeGreaterThan(1);
  });

  it('asks the exit survey before going from a paid plan to Free, then sends it', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ plan: 'pro', query: '?panel=subscriptionPlan' });
    const panel = await screen.findByRole('dialog', { name: 'Change subscription plan' });
    await user.click(within(panel).getByRole('button', { name: 'Choose Free' }));
    expect(within(panel).getByText(BILLING_MESSAGES.surveyQuestion)).toBeTruthy();
    expect(within(panel).getAllByRole('radio')).toHaveLength(EXIT_SURVEY_REASONS.length + 1);

    await user.click(within(panel).getByRole('button', { name: 'Confirm downgrade' }));
    expect(within(panel).getByRole('alert').textContent).toBe(BILLING_MESSAGES.selectReason);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(within(panel).getByLabelText('It is too expensive'));
    await user.type(within(panel).getByLabelText('What price would have been right for you?'), ' Nothing at all ');
    await user.click(within(panel).getByRole('button', { name: 'Confirm downgrade' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        orgSlug: 'acme',
        reasons: ['too_expensive'],
        additionalFeedback: 'Nothing at all',
        exitAction: 'downgrade',
      }),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ plan: 'free' });
    expect(await screen.findByText('This organization is on the Free plan')).toBeTruthy();
  });

  it('ignores a failed exit survey once the plan changed', async () => {
    const user = userEvent.setup();
    renderPage({ plan: 'team', query: '?panel=subscriptionPlan', survey: json({ message: 'store is down' }, 500) });
    const panel = await screen.findByRole('dialog', { name: 'Change subscription plan' });
    await user.click(within(panel).getByRole('button', { name: 'Choose Free' }));
    await user.click(within(panel).getByLabelText('None of the above'));
    await user.click(within(panel).getByRole('button', { name: 'Confirm downgrade' }));
    expect(await screen.findByText('This organization is on the Free plan')).toBeTruthy();
    expect(screen.queryByText(/Failed to submit exit survey/)).toBeNull();
  });

  it('goes between paid plans without the survey', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ plan: 'pro', query: '?panel=subscriptionPlan' });
    const panel = await screen.findByRole('dialog', { name: 'Change subscription plan' });
    await user.click(within(panel).getByRole('button', { name: 'Choose Enterprise' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ plan: 'enterprise' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('toasts a refused change and keeps the panel open', async () => {
    const user = userEvent.setup();
    renderPage({ query: '?panel=subscriptionPlan', put: json({ message: 'Organization not found' }, 404) });
    const panel = await screen.findByRole('dialog', { name: 'Change subscription plan' });
    await user.click(within(panel).getByRole('button', { name: 'Choose Team' }));
    expect(await screen.findByText(BILLING_MESSAGES.changeFailed('Organization not found'))).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Change subscription plan' })).toBeTruthy();
  });

  it('opens cost control from ?panel=costControl with the month estimate, and closing it clears the query', async () => {
    const user = userEvent.setup();
    const { router } = renderPage({ query: '?panel=costControl&source=e2e&tab=1' });
    const panel = await screen.findByRole('dialog', { name: 'Cost control' });
    expect(within(panel).getByText(BILLING_MESSAGES.noSpendCap)).toBeTruthy();
    // micro 0.01344 × 730 = 9.81; large 0.1517 × 730 = 110.74; the paused project counts at its size.
    expect(await within(panel).findByText('$9.81')).toBeTruthy();
    expect(within(panel).getByText('$110.74')).toBeTruthy();
    expect(within(panel).getByText('$120.55')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('?tab=1');
  });

  it('from the PITR prompt says PITR is turned on on each project’s add-ons page, and links them', async () => {
    renderPage({ plan: 'pro', query: '?panel=costControl&source=backupsPitr' });
    const panel = await screen.findByRole('dialog', { name: 'Cost control' });
    expect(within(panel).getByText('Point in time recovery is a project add-on')).toBeTruthy();
    expect(within(panel).getByText(/Turn it on from the project's Add-ons page/)).toBeTruthy();
    expect((await within(panel).findByRole('link', { name: 'Orders: Add-ons' })).getAttribute('href')).toBe(
      '/project/aaaaaaaaaaaaaaaaaaaa/settings/addons?panel=pitr',
    );
    expect(within(panel).getByRole('link', { name: 'Analytics: Add-ons' })).toBeTruthy();
  });

  it('says nothing of PITR when cost control is opened from elsewhere', async () => {
    renderPage({ query: '?panel=costControl&source=e2e' });
    const panel = await screen.findByRole('dialog', { name: 'Cost control' });
    expect(await within(panel).findByText('$120.55')).toBeTruthy();
    expect(within(panel).queryByText('Point in time recovery is a project add-on')).toBeNull();
  });

  it('shows members without billing read a message instead of the plan, and never asks for it', async () => {
    const { calls } = renderPage({ role: 'Developer', query: '?panel=subscriptionPlan' });
    expect(await screen.findByText(BILLING_MESSAGES.noReadPermission)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change subscription plan' })).toBeNull();
    expect(calls.some((call) => call.path === SUBSCRIPTION)).toBe(false);
  });

  it('disables plan changes with the spec’s reason while the feature flag turns them off', async () => {
    const user = userEvent.setup();
    renderPage({ subscriptionChangesEnabled: false });
    const change = await screen.findByRole('button', { name: 'Change subscription plan' });
    await waitFor(() => expect(change).toHaveProperty('disabled', true));
    await user.hover(change.parentElement!);
    expect((await screen.findAllByText(UPGRADE_PROMPT_MESSAGES.subscriptionChangesDisabled)).length).toBeGreaterThan(0);
  });

  it('shows the error screen when the subscription cannot be read', async () => {
    renderPage({ subscription: json({ message: 'boom' }, 500) });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

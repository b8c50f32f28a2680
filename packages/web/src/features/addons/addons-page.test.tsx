import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADDON_MESSAGES, AVAILABLE_ADDONS, LIFECYCLE_MESSAGES, selectedAddons, type ComputeSizeId, type Role } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { AddonsPage } from './addons-page';

const ADDONS_PATH = `/api/platform/projects/${PROJECT_REF}/billing/addons`;
const addonsOf = (size: ComputeSizeId) => ({ ref: PROJECT_REF, selected_addons: selectedAddons(size), available_addons: AVAILABLE_ADDONS });

function renderPage({
  role = 'Owner' as Role,
  size = 'micro' as ComputeSizeId,
  addons = json(addonsOf(size)),
  select = json(addonsOf('small'), 202),
  query = '',
}: { role?: Role; size?: ComputeSizeId; addons?: MockAnswer; select?: MockAnswer; query?: string } = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture({ infra_compute_size: size }) as Project),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role, plan: { id: 'pro', name: 'Pro' } })),
    [`GET ${ADDONS_PATH}`]: addons,
    [`POST ${ADDONS_PATH}`]: select,
    [`DELETE ${ADDONS_PATH}/ci_large`]: json(addonsOf('micro'), 202),
  });
  const rendered = renderRoutes(
    [{ path: '/project/:ref/settings/addons', element: <AddonsPage /> }],
    `/project/${PROJECT_REF}/settings/addons${query}`,
  );
  return { ...api, ...rendered };
}

describe('project add-ons page', () => {
  it('shows the default size without an add-on, and PITR off with a link to the scheduled backups', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Micro' })).toBeTruthy();
    expect(screen.getByText('The default size: no compute add-on is selected.')).toBeTruthy();
    expect(screen.getByText(/1 GB memory \/ 2-core CPU · \$0\.01344 \/ hour · ~\$10 \/ month/)).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Scheduled backups' }).getAttribute('href')).toBe(
      `/project/${PROJECT_REF}/database/backups/scheduled`,
    );
  });

  it('opens the compute panel from ?panel=computeInstance and chooses a size as the compute add-on', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage({ query: '?panel=computeInstance&source=branches' });
    const panel = await screen.findByRole('dialog', { name: 'Change compute size' });
    const confirm = within(panel).getByRole('button', { name: 'Change compute size' });
    expect(confirm).toHaveProperty('disabled', true);
    expect(within(panel).getByRole('radio', { name: /^Micro \(current\)/ })).toHaveProperty('checked', true);

    await user.click(within(panel).getByRole('radio', { name: /^Small/ }));
    await user.click(confirm);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ addon_type: 'compute_instance', addon_variant: 'ci_small' }),
    );
    expect(await screen.findByText(ADDON_MESSAGES.updating('Small'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(calls.filter((call) => call.method === 'GET' && call.path === `/api/platform/projects/${PROJECT_REF}`).length).toBeGreaterThan(
      1,
    );
  });

  it('removes the compute add-on when going back to the default size', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ size: 'large', query: '?panel=computeInstance' });
    const panel = await screen.findByRole('dialog', { name: 'Change compute size' });
    await user.click(within(panel).getByRole('radio', { name: /^Micro/ }));
    await user.click(within(panel).getByRole('button', { name: 'Change compute size' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`${ADDONS_PATH}/ci_large`));
  });

  it('toasts the failure and keeps the panel open', async () => {
    const user = userEvent.setup();
    renderPage({ query: '?panel=computeInstance', select: json({ message: 'The project must be healthy' }, 409) });
    const panel = await screen.findByRole('dialog', { name: 'Change compute size' });
    await user.click(within(panel).getByRole('radio', { name: /^Medium/ }));
    await user.click(within(panel).getByRole('button', { name: 'Change compute size' }));
    expect(await screen.findByText(ADDON_MESSAGES.updateFailed('The project must be healthy'))).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Change compute size' })).toBeTruthy();
  });

  it('keeps the sizes read-only for members without the permission, and says why', async () => {
    renderPage({ role: 'Developer', query: '?panel=computeInstance' });
    const panel = await screen.findByRole('dialog', { name: 'Change compute size' });
    expect(await within(panel).findByText(LIFECYCLE_MESSAGES.resizeForbidden)).toBeTruthy();
    expect(
      within(panel)
        .getByRole('radio', { name: /^Small/ })
        .matches(':disabled'),
    ).toBe(true);
    expect(within(panel).getByRole('button', { name: 'Change compute size' })).toHaveProperty('disabled', true);
  });

  it('shows the error screen when the add-ons cannot be read', async () => {
    renderPage({ addons: json({ message: 'boom' }, 500) });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

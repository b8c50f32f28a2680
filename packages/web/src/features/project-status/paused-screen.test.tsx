import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { PausedScreen, ProjectPausedPanel } from './paused-screen';

const PROJECT_PATH = `/api/platform/projects/${PROJECT_REF}`;
const PAUSE_STATUS = {
  can_restore: true,
  latest_downloadable_backup_id: 7,
  max_days_till_restore_disabled: 90,
  remaining_days_till_restore_disabled: 88,
};
const BACKUPS_PATH = `/api/platform/database/${PROJECT_REF}/backups`;
const BACKUPS = {
  backups: [{ id: 4, isPhysicalBackup: true, inserted_at: '2026-03-02T04:00:00.000Z', status: 'COMPLETED' }],
  status: 'physical-backups-enabled',
};
const project = projectFixture({ status: 'INACTIVE', dbVersion: 'supabase-postgres-15.8.1' });
const V15 = { version: 'supabase-postgres-15.8.1', postgres_engine: '15', release_channel: 'ga' };
const V17 = { version: 'supabase-postgres-17.10.0', postgres_engine: '17', release_channel: 'ga' };

function renderPanel({
  organization = organizationFixture(),
  pauseStatus = json(PAUSE_STATUS),
  versions = [V15],
  atLimit = [],
  restore = json(projectFixture({ status: 'RESTORING' }), 202),
  versionSelector = true,
  subpath,
}: {
  versionSelector?: boolean;
  /** Renders the whole paused screen at /project/{ref}{subpath} rather than the panel alone. */
  subpath?: string;
  organization?: Organization;
  pauseStatus?: MockAnswer;
  versions?: object[];
  atLimit?: object[];
  restore?: MockAnswer;
} = {}) {
  const api = mockApi({
    'GET /api/platform/organizations/acme': json(organization),
    'GET /api/platform/organizations/acme/feature-flags': json({ ...FEATURE_FLAG_DEFAULTS, showPostgresVersionSelector: versionSelector }),
    [`GET ${PROJECT_PATH}/pause/status`]: pauseStatus,
    [`GET ${PROJECT_PATH}/restore/versions`]: json({ available_versions: versions }),
    [`POST ${PROJECT_PATH}/restore`]: restore,
    'GET /api/platform/organizations/acme/members/reached-free-project-limit': json(atLimit),
    [`GET ${PROJECT_PATH}`]: json(project),
    [`GET ${BACKUPS_PATH}/downloadable-backups`]: json(BACKUPS),
  });
  if (subpath === undefined) {
    renderRoutes([{ path: '/project/:ref', element: <ProjectPausedPanel project={project} /> }], `/project/${PROJECT_REF}`);
  } else {
    renderRoutes([{ path: '/project/:ref/*', element: <PausedScreen project={project} /> }], `/project/${PROJECT_REF}${subpath}`);
  }
  return api;
}

const restoreButton = () => screen.findByRole('button', { name: 'Restore project' });

/** The button is replaced once the role is known (the permission tooltip's wrapper goes), so look it up again. */
async function enabledRestoreButton() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Restore project' })).toHaveProperty('disabled', false));
  return screen.getByRole('button', { name: 'Restore project' });
}

describe('paused project', () => {
  it('shows the remaining restore days', async () => {
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'The project "Orders" is paused' })).toBeTruthy();
    expect(await screen.findByText('88 more days')).toBeTruthy();
  });

  it("says 'Failed to retrieve pause status' when it cannot be read", async () => {
    renderPanel({ pauseStatus: json({ message: 'boom' }, 500) });
    expect(await screen.findByText('Failed to retrieve pause status')).toBeTruthy();
  });

  it('offers the latest backup once the project can no longer be restored', async () => {
    renderPanel({ pauseStatus: json({ ...PAUSE_STATUS, can_restore: false, remaining_days_till_restore_disabled: 0 }) });
    expect(await screen.findByText('This project can no longer be restored')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download backup' })).toHaveProperty('disabled', false);
    expect(await restoreButton()).toHaveProperty('disabled', true);
  });

  it("links 'Upgrade to Pro' to the subscription panel on the free plan, or to a Plan_upgrade request without billing rights", async () => {
    renderPanel();
    const link = await screen.findByRole('link', { name: 'Upgrade to Pro' });
    expect(link.getAttribute('href')).toBe('/org/acme/billing?panel=subscriptionPlan&source=projectPausedStateRestore');
  });

  it('sends members without billing rights to a Plan_upgrade support request', async () => {
    renderPanel({ organization: organizationFixture({ role: 'Developer' }) });
    const link = await screen.findByRole('link', { name: 'Upgrade to Pro' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(url.pathname).toBe('/support/new');
    expect(url.searchParams.get('category')).toBe('Plan_upgrade');
    expect(url.searchParams.get('slug')).toBe('acme');
    expect(url.searchParams.get('projectRef')).toBe(PROJECT_REF);
  });

  it('shows no upgrade prompt on paid plans', async () => {
    renderPanel({ organization: organizationFixture({ plan: { id: 'pro', name: 'Pro' } }) });
    expect(await screen.findByText('88 more days')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).toBeNull();
  });

  it("disables restoring with 'You need additional permissions to resume this project' without the permission", async () => {
    const user = userEvent.setup();
    renderPanel({ organization: organizationFixture({ role: 'Developer' }) });
    // Once the role is known (the upgrade prompt shows with the organization).
    await screen.findByRole('link', { name: 'Upgrade to Pro' });
    const button = await restoreButton();
    expect(button).toHaveProperty('disabled', true);
    await user.hover(button.parentElement!);
    expect((await screen.findAllByText('You need additional permissions to resume this project')).length).toBeGreaterThan(0);
  });

  it('lists the members at the free-project limit instead of restoring', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel({
      atLimit: [{ username: 'bob', primary_email: 'bob@example.com', free_project_limit: 2 }],
    });
    await user.click(await enabledRestoreButton());
    const dialog = screen.getByRole('dialog', { name: 'Members are at their free project limit' });
    const members = within(dialog).getByRole('list', { name: 'Members at the free project limit' });
    expect(members.textContent).toContain('bob');
    expect(members.textContent).toContain('bob@example.com');
    expect(members.textContent).toContain('2 active free projects');
    await user.click(within(dialog).getByRole('button', { name: 'Understood' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('restores without a version when the version-selector flag is off, even with a newer one installed', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel({ versions: [V15, V17], versionSelector: false });
    await user.click(await enabledRestoreButton());
    const dialog = screen.getByRole('dialog', { name: 'Restore this project' });
    const confirm = within(dialog).getByRole('button', { name: 'Restore project' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    expect(within(dialog).queryByRole('combobox', { name: 'Postgres version' })).toBeNull();
    await user.click(confirm);
    await waitFor(() => expect(calls.find((call) => call.path === `${PROJECT_PATH}/restore`)?.body).toEqual({}));
    expect(calls.some((call) => call.path.endsWith('/restore/versions'))).toBe(false);
  });

  it("sends the selector's 'engine|channel' when the flag is on, even for the project's own version", async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel({ versions: [V15] });
    await user.click(await enabledRestoreButton());
    const dialog = screen.getByRole('dialog', { name: 'Restore this project' });
    expect(await within(dialog).findByRole('combobox', { name: 'Postgres version' })).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Restore project' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    await user.click(confirm);
    await waitFor(() =>
      expect(calls.find((call) => call.path === `${PROJECT_PATH}/restore`)?.body).toEqual({ postgres_engine: '15', release_channel: 'ga' }),
    );
  });

  it("offers the version selector when a newer version exists, and sends its 'engine|channel' choice", async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel({ versions: [V15, V17] });
    await user.click(await enabledRestoreButton());
    const dialog = screen.getByRole('dialog', { name: 'Restore this project' });
    const selector = await within(dialog).findByRole('combobox', { name: 'Postgres version' });
    await waitFor(() => expect(selector.textContent).toContain('17.10.0'));
    await user.click(within(dialog).getByRole('button', { name: 'Restore project' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === `${PROJECT_PATH}/restore`)?.body).toEqual({
        postgres_engine: '17',
        release_channel: 'ga',
      }),
    );
  });

  it("toasts 'Failed to restore project: {message}' when the server refuses", async () => {
    const user = userEvent.setup();
    renderPanel({ restore: json({ message: 'You do not have the required permissions to restore this project' }, 403) });
    await user.click(await enabledRestoreButton());
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore project' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    await user.click(confirm);
    expect(
      await screen.findByText('Failed to restore project: You do not have the required permissions to restore this project'),
    ).toBeTruthy();
  });

  it('keeps the backups listed, each downloadable, on the Backups page', async () => {
    renderPanel({ subpath: '/database/backups/scheduled' });
    expect(await screen.findByRole('heading', { name: 'The project "Orders" is paused' })).toBeTruthy();
    const backups = screen.getByRole('region', { name: 'Backups' });
    await waitFor(() => expect(within(backups).getByRole('button', { name: 'Download backup 4' })).toHaveProperty('disabled', false));
  });

  it('lists no backups on the other routes', async () => {
    const { calls } = renderPanel({ subpath: '/database/tables' });
    expect(await screen.findByText('88 more days')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Backups' })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/downloadable-backups'))).toBe(false);
  });
});

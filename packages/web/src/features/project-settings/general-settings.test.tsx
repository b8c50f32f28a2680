import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES, type Role } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { GeneralSettings } from './general-settings';

const PROJECT_PATH = `/api/platform/projects/${PROJECT_REF}`;

function renderSettings({
  role = 'Owner' as Role,
  project = projectFixture({ dbVersion: 'supabase-postgres-15.8.1' }) as Project,
  upgradeBlocker = null as string | null,
} = {}) {
  const api = mockApi({
    [`GET ${PROJECT_PATH}/infrastructure`]: json({ postgres: { upgrade_target_major: '17', upgrade_blocker: upgradeBlocker } }),
    [`GET ${PROJECT_PATH}`]: json(project),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    'POST /api/platform/organizations/acme/available-versions': json({
      available_versions: [
        { version: 'supabase-postgres-15.8.1', postgres_engine: '15', release_channel: 'ga' },
        { version: 'supabase-postgres-17.10.0', postgres_engine: '17', release_channel: 'ga' },
      ],
    }),
    [`POST ${PROJECT_PATH}/pause`]: json({ ...project, status: 'PAUSING' }, 202),
    [`POST ${PROJECT_PATH}/restart`]: json({ ...project, status: 'RESTARTING' }, 202),
    [`POST /api/v1/projects/${PROJECT_REF}/upgrade`]: json({ tracking_id: 'upgrade-1' }, 202),
    [`GET ${PROJECT_PATH}/hipaa`]: json({ hipaa: false }),
    [`PATCH ${PROJECT_PATH}/hipaa`]: json({ hipaa: true }),
  });
  const rendered = renderRoutes(
    [
      { path: '/project/:ref/settings/general', element: <GeneralSettings /> },
      { path: '/project/:ref', element: <h1>Project home</h1> },
    ],
    `/project/${PROJECT_REF}/settings/general`,
  );
  return { ...api, ...rendered };
}

const enabledButton = async (name: string) => {
  await waitFor(() => expect(screen.getByRole('button', { name })).toHaveProperty('disabled', false));
  return screen.getByRole('button', { name });
};

describe('general settings', () => {
  it('lets an Owner mark the project as holding HIPAA data, which only an Owner may', async () => {
    const user = userEvent.setup();
    const { calls } = renderSettings();
    await user.click(await enabledButton('Mark as HIPAA data'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH' && call.path.endsWith('/hipaa'))?.body).toEqual({ hipaa: true }),
    );
    expect(await screen.findByText('This project holds HIPAA data')).toBeTruthy();
  });

  it('shows an Administrator the HIPAA mark without letting them change it', async () => {
    renderSettings({ role: 'Administrator' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark as HIPAA data' })).toHaveProperty('disabled', true));
  });

  it('pauses the project after the project name is typed, then opens the home to watch it', async () => {
    const user = userEvent.setup();
    const { calls, queryClient, router } = renderSettings();
    await user.click(await enabledButton('Pause project'));
    const dialog = screen.getByRole('dialog', { name: 'Pause Orders?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause project' }));
    expect(within(dialog).getByText('Value entered does not match')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/pause'))).toBe(false);

    await user.type(within(dialog).getByLabelText('Type Orders to confirm.'), 'Orders');
    await user.click(within(dialog).getByRole('button', { name: 'Pause project' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/pause'))).toBe(true));
    // The answer goes straight into the cache: the layout switches to the pausing screen.
    await waitFor(() => expect(queryClient.getQueryData<Project>(['projects', PROJECT_REF])?.status).toBe('PAUSING'));
    expect(await screen.findByRole('heading', { name: 'Project home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/project/${PROJECT_REF}`);
  });

  it('restarts the project after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = renderSettings();
    await user.click(await enabledButton('Restart project'));
    const dialog = screen.getByRole('dialog', { name: 'Restart Orders?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restart project' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/restart'))).toBe(true));
  });

  it('offers the upgrade to a newer installed major, confirmed by typing the name', async () => {
    const user = userEvent.setup();
    const { calls } = renderSettings();
    expect(await screen.findByText('Postgres 17 is available')).toBeTruthy();
    await user.click(await enabledButton('Upgrade to Postgres 17'));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade Orders to Postgres 17?' });
    await user.type(within(dialog).getByLabelText('Type Orders to confirm.'), 'Orders');
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade project' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === `/api/v1/projects/${PROJECT_REF}/upgrade`)?.body).toEqual({ target_version: '17' }),
    );
  });

  it('says before anyone tries when this platform cannot upgrade (no pg_dump), with the upgrade disabled', async () => {
    const blocker = LIFECYCLE_MESSAGES.upgradeNeedsClient('15', undefined);
    renderSettings({ upgradeBlocker: blocker });
    expect(await screen.findByText(blocker)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upgrade to Postgres 17' })).toHaveProperty('disabled', true));
  });

  it('offers no upgrade on the newest installed major', async () => {
    renderSettings({ project: projectFixture({ dbVersion: 'supabase-postgres-17.10.0' }) });
    expect(await screen.findByText(/newest Postgres major version installed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Upgrade to Postgres/ })).toBeNull();
  });

  it('disables the lifecycle actions and the deletion for a Developer', async () => {
    const user = userEvent.setup();
    renderSettings({ role: 'Developer' });
    expect(await screen.findByText('Postgres 17 is available')).toBeTruthy();
    for (const name of ['Restart project', 'Pause project', 'Upgrade to Postgres 17', 'Delete project']) {
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    }
    await user.hover(screen.getByRole('button', { name: 'Pause project' }).parentElement!);
    expect((await screen.findAllByText('You need additional permissions to pause this project')).length).toBeGreaterThan(0);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@basin/core';
import type { InfrastructureResponse, Project } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { formatSize } from './compute-and-disk-card';
import { InfrastructurePage } from './infrastructure-page';

const PROJECT_PATH = `/api/platform/projects/${PROJECT_REF}`;

const RUNNING: InfrastructureResponse = {
  running: true,
  postgres: {
    major: '17',
    server_version: '17.10',
    server_version_num: 170010,
    newest_installed: '17.10.0',
    newer_minor_installed: false,
    upgrade_target_major: null,
    upgrade_blocker: null,
  },
  network: { listen_addresses: '127.0.0.1', port: 54321, ssl: false },
  compute_size: 'micro',
  disk: {
    type: 'gp3',
    size_gb: 8,
    used_bytes: 410 * 1024 * 1024,
    database_bytes: 380 * 1024 * 1024,
    storage_bytes: 30 * 1024 * 1024,
    pitr_bytes: 0,
  },
};

function renderPage({ answer = json(RUNNING), role = 'Owner' as Role }: { answer?: MockAnswer; role?: Role } = {}) {
  const project = projectFixture() as Project;
  const api = mockApi({
    [`GET ${PROJECT_PATH}`]: json(project),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${PROJECT_PATH}/infrastructure`]: answer,
    [`POST ${PROJECT_PATH}/restart`]: json({ ...project, status: 'RESTARTING' }, 202),
  });
  renderRoutes(
    [
      { path: '/project/:ref/settings/infrastructure', element: <InfrastructurePage /> },
      { path: '/project/:ref/settings/general', element: <h1>General settings</h1> },
    ],
    `/project/${PROJECT_REF}/settings/infrastructure`,
  );
  return api;
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('div.rounded-lg') as HTMLElement;

describe('infrastructure page', () => {
  it('shows skeletons while loading, then the version, network and compute and disk cards', async () => {
    renderPage();
    expect(screen.getByLabelText('Loading infrastructure')).toBeTruthy();
    const version = await screen.findByRole('heading', { name: 'Postgres version' });
    expect(within(card('Postgres version')).getByText('Postgres 17.10')).toBeTruthy();
    expect(within(card('Postgres version')).getByText('17.10.0')).toBeTruthy();
    expect(within(card('Postgres version')).getByText(/newest major version installed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restart project' })).toBeNull();
    expect(version).toBeTruthy();

    const network = card('Network');
    expect(within(network).getByText('127.0.0.1:54321')).toBeTruthy();
    expect(within(network).getByText('Not configurable')).toBeTruthy();
    expect(within(network).getByText('Off')).toBeTruthy();
    expect(within(network).getByText(/never leave this machine/)).toBeTruthy();

    const compute = card('Compute and disk');
    expect(within(compute).getByText('1 GB memory / 2-core CPU')).toBeTruthy();
    expect(within(compute).getByText('410 MB of 8 GB (5%)')).toBeTruthy();
    expect(within(compute).getByText('Database 380 MB · Storage 30 MB, measured now.')).toBeTruthy();
    expect(within(compute).getByRole('link', { name: 'Change compute and disk' }).getAttribute('href')).toBe(
      `/project/${PROJECT_REF}/settings/compute-and-disk`,
    );
  });

  it("counts point-in-time recovery's archive in the disk's parts when it is on", async () => {
    renderPage({ answer: json({ ...RUNNING, disk: { ...RUNNING.disk, pitr_bytes: 12 * 1024 * 1024 } }) });
    expect(await screen.findByText('Database 380 MB · Storage 30 MB · Point in time recovery 12 MB, measured now.')).toBeTruthy();
  });

  it('offers a restart when a newer minor is installed, and links to the major upgrade', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({
      answer: json({
        ...RUNNING,
        postgres: {
          ...RUNNING.postgres,
          server_version: '17.9',
          server_version_num: 170009,
          newer_minor_installed: true,
          upgrade_target_major: '18',
        },
      }),
    });
    expect(await screen.findByText('Postgres 17.10.0 is installed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'General settings' }).getAttribute('href')).toBe(`/project/${PROJECT_REF}/settings/general`);
    await user.click(screen.getByRole('button', { name: 'Restart project' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restart project' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/restart'))).toBe(true));
  });

  it('keeps the restart from members who may not run it', async () => {
    renderPage({
      role: 'Developer',
      answer: json({ ...RUNNING, postgres: { ...RUNNING.postgres, server_version: '17.9', newer_minor_installed: true } }),
    });
    await screen.findByText('Postgres 17.10.0 is installed');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Restart project' })).toHaveProperty('disabled', true));
  });

  it('says so when the database is not running', async () => {
    renderPage({
      answer: json({
        ...RUNNING,
        running: false,
        postgres: { ...RUNNING.postgres, server_version: null, server_version_num: null },
        network: { listen_addresses: null, port: null, ssl: null },
        disk: { ...RUNNING.disk, used_bytes: null, database_bytes: null, storage_bytes: null, pitr_bytes: null },
      }),
    });
    expect(await screen.findByText('The database is not running')).toBeTruthy();
    expect(screen.getAllByText('Not running').length).toBeGreaterThanOrEqual(3);
  });

  it('shows the error fallback when the API fails', async () => {
    renderPage({ answer: json({ message: 'boom' }, 500) });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('formats sizes in KB under a megabyte, in MB, and in GB from a gigabyte up', () => {
    expect(formatSize(0)).toBe('0 KB');
    expect(formatSize(300 * 1024 + 1)).toBe('301 KB');
    expect(formatSize(42 * 1024 * 1024)).toBe('42 MB');
    expect(formatSize(1.25 * 1024 ** 3)).toBe('1.3 GB');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DATABASE_SETTINGS_MESSAGES, type Role } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { DatabaseSettingsPage } from './database-settings-page';

const PASSWORD_PATH = `/api/platform/projects/${PROJECT_REF}/db-password`;
const infrastructure = (ssl: boolean | null) => ({
  running: ssl !== null,
  postgres: {
    major: '17',
    server_version: '17.10',
    server_version_num: 170010,
    newest_installed: '17.10.0',
    newer_minor_installed: false,
    upgrade_target_major: null,
    upgrade_blocker: null,
  },
  network: { listen_addresses: '127.0.0.1', port: 54321, ssl },
  compute_size: 'micro',
  disk: { type: 'gp3', size_gb: 8, used_bytes: 1, database_bytes: 1, storage_bytes: 0, pitr_bytes: 0 },
});

function renderPage({
  role = 'Owner' as Role,
  project = projectFixture(),
  reset = json({
    connectionString: 'postgresql://postgres:new@127.0.0.1:54321/postgres',
    updated_at: '2026-03-04T00:00:00.000Z',
  }) as MockAnswer,
  ssl = false as boolean | null,
}: { role?: Role; project?: Project; reset?: MockAnswer; ssl?: boolean | null } = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(project),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET /api/platform/projects/${PROJECT_REF}/infrastructure`]: json(infrastructure(ssl)),
    [`PATCH ${PASSWORD_PATH}`]: reset,
  });
  return {
    ...api,
    ...renderRoutes(
      [{ path: '/project/:ref/database/settings', element: <DatabaseSettingsPage /> }],
      `/project/${PROJECT_REF}/database/settings`,
    ),
  };
}

describe('database settings page', () => {
  it('shows the connection parameters, the strings masked, the lack of a pooler and the limits of the compute size', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Database Settings' })).toBeTruthy();
    expect(await screen.findByText('127.0.0.1')).toBeTruthy();
    expect(screen.getByText('54321')).toBeTruthy();
    expect(screen.getAllByText('postgres').length).toBeGreaterThan(0);
    const connection = screen.getByLabelText('Connection string') as HTMLInputElement;
    expect(connection.value).not.toContain('secret');
    expect(screen.getByRole('button', { name: 'Reveal Connection string' })).toBeTruthy();
    expect(screen.getByText(DATABASE_SETTINGS_MESSAGES.noPooler)).toBeTruthy();
    expect(screen.getByText('None')).toBeTruthy();
    expect(screen.getByText('60')).toBeTruthy(); // max_connections of micro
  });

  it('says SSL is not enforced, with the server setting and the advisor that reports it', async () => {
    renderPage();
    const card = (await screen.findByText('SSL configuration')).closest('div.rounded-lg') as HTMLElement;
    expect(within(card).getByText('Not enforced')).toBeTruthy();
    expect(within(card).getByText(DATABASE_SETTINGS_MESSAGES.sslNotEnforced)).toBeTruthy();
    expect(await within(card).findByText('off')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'security advisor' }).getAttribute('href')).toBe(`/project/${PROJECT_REF}/advisors`);
  });

  it('resets the password after confirming, with a generated one, and reads the project again', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reset database password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset database password' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await within(dialog).findByText('The password needs at least 12 characters')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Generate a password' }));
    const generated = (within(dialog).getByLabelText('New password') as HTMLInputElement).value;
    expect(generated).toMatch(/^[A-Za-z2-9]{24}$/);
    const projectReads = calls.filter((call) => call.path === `/api/platform/projects/${PROJECT_REF}`).length;
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ password: generated }));
    expect(await screen.findByText(DATABASE_SETTINGS_MESSAGES.resetDone)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.path === `/api/platform/projects/${PROJECT_REF}`).length).toBeGreaterThan(projectReads);
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const user = userEvent.setup();
    renderPage({ reset: json({ message: DATABASE_SETTINGS_MESSAGES.notRunning('PAUSING') }, 409) });
    await user.click(await screen.findByRole('button', { name: 'Reset database password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset database password' });
    await user.type(within(dialog).getByLabelText('New password'), 'a-long-enough-password');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(
      await within(dialog).findByText(DATABASE_SETTINGS_MESSAGES.resetFailed(DATABASE_SETTINGS_MESSAGES.notRunning('PAUSING'))),
    ).toBeTruthy();
  });

  it('disables the reset for Developers, who see the connection string but may not change it', async () => {
    const user = userEvent.setup();
    renderPage({ role: 'Developer' });
    const button = await waitFor(() => {
      const found = screen.getByRole('button', { name: 'Reset database password' });
      expect(found).toHaveProperty('disabled', true);
      expect(found.parentElement?.getAttribute('tabindex')).toBe('0');
      return found;
    });
    await user.hover(button.parentElement!);
    expect((await screen.findAllByText(DATABASE_SETTINGS_MESSAGES.resetForbidden)).length).toBeGreaterThan(0);
  });

  it('shows Read-only members the read-only connection only', async () => {
    renderPage({ role: 'Read-only', project: projectFixture({ connectionString: null }) });
    expect(await screen.findByText(DATABASE_SETTINGS_MESSAGES.noCredentials)).toBeTruthy();
    expect(screen.queryByLabelText('Connection string')).toBeNull();
    expect(screen.getByLabelText('Read-only connection string')).toBeTruthy();
    expect(screen.getByText('basin_read_only')).toBeTruthy();
  });
});

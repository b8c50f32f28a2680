import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAUSING_FIRST_POLL_AFTER_MS,
  PAUSING_POLL_INTERVAL_MS,
  REST_HEALTH_POLL_INTERVAL_MS,
  STATUS_POLL_INTERVAL_MS,
  type ProjectStatus,
} from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockHandler } from '../../test/mock-api';
import { projectRoutes } from '../../test/project-routes';
import { renderRoutes } from '../../test/render';

const PROJECT_PATH = `/api/platform/projects/${PROJECT_REF}`;
const HOME = `/project/${PROJECT_REF}`;

const PAUSE_STATUS = {
  can_restore: true,
  latest_downloadable_backup_id: 7,
  max_days_till_restore_disabled: 90,
  remaining_days_till_restore_disabled: 88,
};

/** The project answers `current()`; its status, pause status and organization come along. */
function mockProject(current: () => Partial<Project>, extra: Record<string, MockHandler | ReturnType<typeof json>> = {}) {
  return mockApi({
    [`GET ${PROJECT_PATH}`]: () => json(projectFixture(current())),
    [`GET ${PROJECT_PATH}/status`]: () => json({ status: current().status ?? 'ACTIVE_HEALTHY' }),
    [`GET ${PROJECT_PATH}/pause/status`]: json(PAUSE_STATUS),
    [`GET /api/v1/projects/${PROJECT_REF}/upgrade/status`]: json({ databaseUpgradeStatus: null }),
    'GET /api/platform/organizations/acme': json(organizationFixture()),
    'GET /api/platform/organizations/acme/members/reached-free-project-limit': json([]),
    ...extra,
  });
}

describe('status screens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const screens: [ProjectStatus, string][] = [
    ['PAUSING', 'Pausing Orders'],
    ['PAUSE_FAILED', 'Pausing Orders failed'],
    ['INACTIVE', 'The project "Orders" is paused'],
    ['RESTARTING', 'Restarting Orders'],
    ['RESIZING', 'Resizing Orders'],
    ['UPGRADING', 'Upgrading Orders'],
    ['RESTORING', 'Restoring Orders'],
    ['RESTORE_FAILED', 'Restoring Orders failed'],
    ['GOING_DOWN', 'Deleting Orders'],
  ];
  for (const [status, heading] of screens) {
    it(`shows '${heading}' for ${status}`, async () => {
      mockProject(() => ({ status }));
      renderRoutes(projectRoutes, `${HOME}/sql`);
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'SQL page' })).toBeNull();
    });
  }

  it('shows the connecting screen for a healthy project whose REST API is offline', async () => {
    mockProject(() => ({ postgrestStatus: 'OFFLINE' }), {
      [`GET /api/projects/${PROJECT_REF}/api/rest`]: json({ status: 'OFFLINE' }, 503),
    });
    renderRoutes(projectRoutes, HOME);
    expect(await screen.findByRole('heading', { name: 'Connecting to Orders' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check database health' }).getAttribute('href')).toBe(`${HOME}/settings/infrastructure`);
    expect(screen.getByRole('link', { name: 'Troubleshooting' }).getAttribute('target')).toBe('_blank');
  });

  it('shows the page itself for a healthy project, and for a project without postgrestStatus', async () => {
    mockProject(() => ({ postgrestStatus: undefined }));
    renderRoutes(projectRoutes, `${HOME}/sql`);
    expect(await screen.findByRole('heading', { name: 'SQL page' })).toBeTruthy();
  });

  describe('route exceptions', () => {
    it('bypasses the paused page on the settings routes and the home', async () => {
      mockProject(() => ({ status: 'INACTIVE' }));
      const { router } = renderRoutes(projectRoutes, `${HOME}/settings/general`);
      expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeTruthy();
      await act(() => router.navigate(HOME));
      expect(await screen.findByRole('heading', { name: 'Project home' })).toBeTruthy();
      await act(() => router.navigate(`${HOME}/database/backups/scheduled`));
      expect(await screen.findByRole('heading', { name: 'The project "Orders" is paused' })).toBeTruthy();
    });

    for (const status of ['RESTARTING', 'RESIZING', 'UPGRADING', 'RESTORING', 'RESTORE_FAILED'] as const) {
      it(`skips the ${status} screen on the backups routes`, async () => {
        mockProject(() => ({ status }));
        renderRoutes(projectRoutes, `${HOME}/database/backups/scheduled`);
        expect(await screen.findByRole('heading', { name: 'Backups page' })).toBeTruthy();
      });
    }

    it('keeps the pausing screen on the backups routes', async () => {
      mockProject(() => ({ status: 'PAUSING' }));
      renderRoutes(projectRoutes, `${HOME}/database/backups/scheduled`);
      expect(await screen.findByRole('heading', { name: 'Pausing Orders' })).toBeTruthy();
    });
  });
});

describe('status polling', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('while pausing, polls first after 4 s, then every 2 s until INACTIVE, then shows the paused page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: ProjectStatus = 'PAUSING';
    const { calls } = mockProject(() => ({ status }));
    renderRoutes(projectRoutes, `${HOME}/sql`);
    expect(await screen.findByRole('heading', { name: 'Pausing Orders' })).toBeTruthy();
    const statusCalls = () => calls.filter((call) => call.path === `${PROJECT_PATH}/status`).length;

    await act(async () => vi.advanceTimersByTime(PAUSING_FIRST_POLL_AFTER_MS - 100));
    expect(statusCalls()).toBe(0);
    await act(async () => vi.advanceTimersByTime(100));
    expect(statusCalls()).toBe(1);
    await act(async () => vi.advanceTimersByTime(PAUSING_POLL_INTERVAL_MS));
    expect(statusCalls()).toBe(2);
    await act(async () => vi.advanceTimersByTime(PAUSING_POLL_INTERVAL_MS));
    expect(statusCalls()).toBe(3);

    status = 'INACTIVE';
    await act(async () => vi.advanceTimersByTime(PAUSING_POLL_INTERVAL_MS));
    expect(await screen.findByRole('heading', { name: 'The project "Orders" is paused' })).toBeTruthy();
    // Paused: back to the 4 s rhythm.
    const settled = statusCalls();
    await act(async () => vi.advanceTimersByTime(PAUSING_POLL_INTERVAL_MS));
    expect(statusCalls()).toBe(settled);
    await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS - PAUSING_POLL_INTERVAL_MS));
    expect(statusCalls()).toBe(settled + 1);
  });

  it('while connecting, asks the REST API every 4 s and opens the page once it answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let online = false;
    const { calls } = mockProject(() => ({ postgrestStatus: online ? 'ONLINE' : 'OFFLINE' }), {
      [`GET /api/projects/${PROJECT_REF}/api/rest`]: () => json({ status: online ? 'ONLINE' : 'OFFLINE' }, online ? 200 : 503),
    });
    renderRoutes(projectRoutes, HOME);
    expect(await screen.findByRole('heading', { name: 'Connecting to Orders' })).toBeTruthy();
    const restCalls = () => calls.filter((call) => call.path.endsWith('/api/rest')).length;
    expect(restCalls()).toBe(1);
    await act(async () => vi.advanceTimersByTime(REST_HEALTH_POLL_INTERVAL_MS));
    expect(restCalls()).toBe(2);

    online = true;
    await act(async () => vi.advanceTimersByTime(REST_HEALTH_POLL_INTERVAL_MS));
    expect(await screen.findByRole('heading', { name: 'Project home' })).toBeTruthy();
    const settled = restCalls();
    await act(async () => vi.advanceTimersByTime(REST_HEALTH_POLL_INTERVAL_MS * 2));
    expect(restCalls()).toBe(settled);
  });

  it("polls a restore every 4 s, then shows 'Restoration complete!' until 'Return to project'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    let status: ProjectStatus = 'RESTORING';
    const { calls } = mockProject(() => ({ status }));
    const { router } = renderRoutes(projectRoutes, `${HOME}/sql`);
    expect(await screen.findByRole('heading', { name: 'Restoring Orders' })).toBeTruthy();
    const statusCalls = () => calls.filter((call) => call.path === `${PROJECT_PATH}/status`).length;
    expect(statusCalls()).toBe(1);
    await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS));
    expect(statusCalls()).toBe(2);

    status = 'ACTIVE_HEALTHY';
    await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS));
    expect(await screen.findByRole('heading', { name: 'Restoration complete!' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Return to project' }));
    expect(await screen.findByRole('heading', { name: 'Project home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(HOME);
  });

  it('keeps a failed upgrade on screen after the project is healthy again: the error and the old database serving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: ProjectStatus = 'UPGRADING';
    let report: object = {
      initiated_at: '2026-03-04T21:05:00.000Z',
      status: 'Upgrading',
      progress: '5_migrate_to_new_database',
      target_version: '17',
      error: null,
    };
    mockProject(() => ({ status }), {
      [`GET /api/v1/projects/${PROJECT_REF}/upgrade/status`]: () => json({ databaseUpgradeStatus: report }),
    });
    renderRoutes(projectRoutes, HOME);
    expect(await screen.findByRole('heading', { name: 'Upgrading Orders to Postgres 17' })).toBeTruthy();

    status = 'ACTIVE_HEALTHY';
    report = { ...report, status: 'Failed', error: 'pg_restore: relation "orders" already exists' };
    await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS + 5000));
    expect(await screen.findByRole('heading', { name: 'Upgrading Orders to Postgres 17 failed' })).toBeTruthy();
    expect(screen.getByText('pg_restore: relation "orders" already exists')).toBeTruthy();
    expect(screen.getByText('The previous database is still serving the project, with all of its data.')).toBeTruthy();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UPGRADE_STEPS, upgradeProgress } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { UpgradeStepsList } from './upgrade-steps-list';
import { UpgradingScreen } from './upgrading-screen';

function renderUpgrade(report: object | null, project: Project = projectFixture({ status: 'UPGRADING' })) {
  mockApi({ [`GET /api/v1/projects/${PROJECT_REF}/upgrade/status`]: json({ databaseUpgradeStatus: report }) });
  return renderRoutes(
    [
      { path: '/project/:ref/sql', element: <UpgradingScreen project={project} /> },
      { path: '/project/:ref', element: <h1>Project home</h1> },
    ],
    `/project/${PROJECT_REF}/sql`,
  );
}

const report = (progress: string, status = 'Upgrading', error: string | null = null) => ({
  initiated_at: '2026-03-04T21:05:00.000Z',
  status,
  progress,
  target_version: '17',
  error,
});

const items = () => within(screen.getByRole('list', { name: 'Upgrade steps' })).getAllByRole('listitem');

describe('upgrade steps', () => {
  it('lists the 8 steps in order', () => {
    renderRoutes([{ path: '/', element: <UpgradeStepsList current={1} /> }], '/');
    expect(items().map((item) => item.textContent?.replace(/^(In progress)?\d/, ''))).toEqual([
      'Prepare new server',
      'Prepare for migration',
      'Pre-upgrade checks',
      'Shut down API services',
      'Migrate to new database',
      'Execute migration',
      'Update extensions',
      'Optimize database',
    ]);
  });

  it('checks the steps done and highlights the current one', async () => {
    renderUpgrade(report(upgradeProgress('migrate to new database')));
    expect(await screen.findByRole('heading', { name: 'Upgrading Orders to Postgres 17' })).toBeTruthy();
    const states = items().map((item) => item.dataset.state);
    expect(states).toEqual(['done', 'done', 'done', 'done', 'current', 'pending', 'pending', 'pending']);
    const current = items().find((item) => item.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toContain('Migrate to new database');
    expect(within(items()[0]!).getByLabelText('Done')).toBeTruthy();
    expect(within(items()[5]!).queryByLabelText('Done')).toBeNull();
    expect(screen.queryByText(/full backup/)).toBeNull();
  });

  it('says a full backup is being taken, which can take minutes to hours, once the upgrade is completed', async () => {
    renderUpgrade(report(upgradeProgress('completed_upgrade')));
    expect(await screen.findByText(/A full backup of the upgraded database is being taken/)).toBeTruthy();
    expect(screen.getByText(/from a few minutes to several hours/)).toBeTruthy();
    expect(items().every((item) => item.dataset.state === 'done')).toBe(true);
    expect(items()).toHaveLength(UPGRADE_STEPS.length);
  });

  it('shows the upgraded outcome once the project is healthy, until Return to project', async () => {
    const user = userEvent.setup();
    const { router } = renderUpgrade(report('9_completed_upgrade', 'Upgraded'), projectFixture());
    expect(await screen.findByRole('heading', { name: 'Upgrade complete' })).toBeTruthy();
    expect(screen.getByText('Orders now runs Postgres 17, with all of its data.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Return to project' }));
    expect(router.state.location.pathname).toBe(`/project/${PROJECT_REF}`);
  });

  it('shows the error of a failed upgrade and that the old database still serves', async () => {
    renderUpgrade(report('6_execute_migration', 'Failed', 'could not load library "pgsodium"'), projectFixture());
    expect(await screen.findByRole('heading', { name: 'Upgrading Orders to Postgres 17 failed' })).toBeTruthy();
    expect(screen.getByText('could not load library "pgsodium"')).toBeTruthy();
    expect(screen.getByText('The previous database is still serving the project, with all of its data.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(
      /^\/support\/new\?category=Database_unresponsive/,
    );
  });
});

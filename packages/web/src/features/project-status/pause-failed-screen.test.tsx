import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@basin/core';
import * as download from '../../lib/download';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { PauseFailedScreen } from './pause-failed-screen';

function renderScreen({ backupId = 7 as number | null, role = 'Owner' as Role } = {}) {
  const api = mockApi({
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET /api/platform/projects/${PROJECT_REF}/pause/status`]: json({
      can_restore: false,
      latest_downloadable_backup_id: backupId,
      max_days_till_restore_disabled: 90,
      remaining_days_till_restore_disabled: 90,
    }),
    [`POST /api/platform/database/${PROJECT_REF}/backups/download`]: json({ fileUrl: '/api/backups/files/7?sig=x' }),
  });
  const project = projectFixture({ status: 'PAUSE_FAILED', status_message: 'The project could not be paused: disk full.' });
  renderAt('/project/:ref', <PauseFailedScreen project={project} />, `/project/${PROJECT_REF}`);
  return api;
}

const enabled = (name: string) =>
  waitFor(() => expect(screen.getByRole('button', { name })).toHaveProperty('disabled', false)).then(() =>
    screen.getByRole('button', { name }),
  );

describe('pause failed', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says the data is intact, links to support and downloads the latest backup', async () => {
    const user = userEvent.setup();
    const opened = vi.spyOn(download, 'downloadFile').mockImplementation(() => {});
    const { calls } = renderScreen();
    expect(await screen.findByRole('heading', { name: 'Pausing Orders failed' })).toBeTruthy();
    expect(screen.getByText(/data is intact/)).toBeTruthy();
    expect(screen.getByText('The project could not be paused: disk full.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(
      new RegExp(`^/support/new\\?category=Database_unresponsive&ref=${PROJECT_REF}&subject=`),
    );
    await user.click(await enabled('Download backup'));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/api/backups/files/7?sig=x'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ id: 7 });
    expect(screen.getByRole('button', { name: 'Delete project' })).toHaveProperty('disabled', false);
  });

  it("toasts 'No backups available for download' without a backup", async () => {
    const user = userEvent.setup();
    const { calls } = renderScreen({ backupId: null });
    await user.click(await enabled('Download backup'));
    expect(await screen.findByText('No backups available for download')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('disables deleting without update permission on the project', async () => {
    renderScreen({ role: 'Developer' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download backup' })).toHaveProperty('disabled', true));
    expect(screen.getByRole('button', { name: 'Delete project' })).toHaveProperty('disabled', true);
  });
});

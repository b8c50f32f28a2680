import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@basin/core';
import * as download from '../../lib/download';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { ScheduledBackupsPage } from './scheduled-backups-page';

const BACKUPS = `/api/platform/database/${PROJECT_REF}/backups`;
const LIST = {
  backups: [
    { id: 3, isPhysicalBackup: true, inserted_at: '2026-03-02T04:00:00.000Z', status: 'COMPLETED' },
    { id: 5, isPhysicalBackup: true, inserted_at: '2026-03-04T04:00:00.000Z', status: 'COMPLETED' },
  ],
  status: 'physical-backups-enabled',
};

function renderBackups({
  list = json(LIST),
  download: answer = json({ fileUrl: '/api/backups/files/5?sig=abc' }),
  role = 'Owner' as Role,
} = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${BACKUPS}/downloadable-backups`]: list,
    [`POST ${BACKUPS}/download`]: answer as MockAnswer,
  });
  renderAt('/project/:ref/database/backups/scheduled', <ScheduledBackupsPage />, `/project/${PROJECT_REF}/database/backups/scheduled`);
  return api;
}

describe('scheduled backups', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the backups newest first with date, id and status', async () => {
    renderBackups();
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['#5', '#3']);
    expect(rows[0]?.textContent).toMatch(/Mar 4, 2026, \d\d:\d\d(AM|PM)/);
    expect(rows[0]?.textContent).toContain('Completed');
  });

  it('downloads a backup: asks for its link, then opens the file', async () => {
    const user = userEvent.setup();
    const opened = vi.spyOn(download, 'downloadFile').mockImplementation(() => {});
    const { calls } = renderBackups();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download backup 5' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Download backup 5' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/api/backups/files/5?sig=abc'));
    expect(calls.find((call) => call.path === `${BACKUPS}/download`)?.body).toEqual({ id: 5 });
  });

  it("toasts 'Failed to download backup: {message}'", async () => {
    const user = userEvent.setup();
    renderBackups({ download: json({ message: 'Backup 5 not found' }, 404) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download backup 5' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Download backup 5' }));
    expect(await screen.findByText('Failed to download backup: Backup 5 not found')).toBeTruthy();
  });

  it("toasts 'No backups available for download' as the server says it", async () => {
    const user = userEvent.setup();
    renderBackups({ download: json({ message: 'No backups available for download' }, 404) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download backup 5' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Download backup 5' }));
    expect(await screen.findByText('No backups available for download')).toBeTruthy();
  });

  it('shows an empty state without backups', async () => {
    renderBackups({ list: json({ backups: [], status: 'physical-backups-enabled' }) });
    expect(await screen.findByRole('heading', { name: 'No backups yet' })).toBeTruthy();
  });

  it('disables the download for members who may not download backups', async () => {
    renderBackups({ role: 'Developer' });
    expect(await screen.findByRole('button', { name: 'Download backup 5' })).toHaveProperty('disabled', true);
  });
});

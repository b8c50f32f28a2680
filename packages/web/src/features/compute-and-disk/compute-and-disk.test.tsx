import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DISK_MESSAGES, type Role } from '@basin/core';
import type { DiskHistoryEntry, DiskResponse, Project, ResourceWarning } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { ComputeAndDiskPage } from './compute-and-disk-page';

const PROJECT_PATH = `/api/platform/projects/${PROJECT_REF}`;
const DEFAULT_DISK: DiskResponse = { attributes: { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 }, last_modified_at: null };
const NO_WARNING: ResourceWarning = {
  project: PROJECT_REF,
  is_readonly_mode_enabled: false,
  disk_space: null,
  disk_io: null,
  cpu: null,
  memory: null,
  auth_email_rate_limit: null,
  disk_autoscale_blocked: null,
};

function renderPage({
  role = 'Owner' as Role,
  disk = DEFAULT_DISK,
  diskAnswer = json(DEFAULT_DISK),
  history = [] as DiskHistoryEntry[],
  warning = NO_WARNING,
} = {}) {
  const project = projectFixture() as Project;
  const api = mockApi({
    [`GET ${PROJECT_PATH}`]: json(project),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role, plan: { id: 'pro', name: 'Pro' } })),
    [`GET ${PROJECT_PATH}/disk`]: json(disk),
    [`GET ${PROJECT_PATH}/disk/history`]: json(history),
    'GET /api/platform/projects-resource-warnings': json([warning]),
    [`POST ${PROJECT_PATH}/disk`]: diskAnswer,
    [`POST ${PROJECT_PATH}/resize`]: json({ ...project, status: 'RESIZING', infra_compute_size: 'small' }, 202),
  });
  const rendered = renderRoutes(
    [
      { path: '/project/:ref/settings/compute-and-disk', element: <ComputeAndDiskPage /> },
      { path: '/project/:ref', element: <h1>Project home</h1> },
    ],
    `/project/${PROJECT_REF}/settings/compute-and-disk`,
  );
  return { ...api, ...rendered };
}

describe('compute and disk', () => {
  it('lists every size with its prices and resizes after the project name is typed', async () => {
    const user = userEvent.setup();
    const { calls, queryClient } = renderPage();
    const small = await screen.findByRole('radio', { name: /^Small/ });
    expect(screen.getAllByRole('radio', { name: /memory/ })).toHaveLength(19);
    // The catalogue's names, never the raw ids.
    expect(screen.getByRole('radio', { name: /^24XL Optimized CPU/ })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/xlarge|_/);
    expect(screen.getByText(/\$0\.0206 \/ hour · ~\$15 \/ month/)).toBeTruthy();
    // The catalogue's own figures, never rounded.
    expect(screen.getByText(/\$0\.01344 \/ hour/)).toBeTruthy();
    expect(screen.getByText(/\$0\.562 \/ hour/)).toBeTruthy();
    const change = screen.getByRole('button', { name: 'Change compute size' });
    expect(change).toHaveProperty('disabled', true);

    await user.click(small);
    await user.click(change);
    const dialog = screen.getByRole('dialog', { name: `Change ${projectFixture().name} to Small?` });
    await user.type(within(dialog).getByLabelText(/to confirm/), projectFixture().name);
    await user.click(within(dialog).getByRole('button', { name: 'Change compute size' }));
    await waitFor(() => expect(calls.find((call) => call.path.endsWith('/resize'))?.body).toEqual({ compute: 'ci_small' }));
    await waitFor(() => expect(queryClient.getQueryData<Project>(['projects', PROJECT_REF])?.status).toBe('RESIZING'));
    expect(await screen.findByRole('heading', { name: 'Project home' })).toBeTruthy();
  });

  it('estimates the disk cost, refuses what is out of range, and saves', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const size = await screen.findByLabelText('Disk size (GB)');
    expect(screen.getByText('Estimated disk cost: $0.00 / month')).toBeTruthy();
    expect(screen.getByText(/\$0\.125 per GB/)).toBeTruthy();
    expect(screen.getByText(/\$0\.024 per IOPS/)).toBeTruthy();
    expect(screen.getByText(/\$0\.095 per MB\/s/)).toBeTruthy();

    await user.clear(size);
    await user.type(size, '18');
    expect(screen.getByText('Estimated disk cost: $1.25 / month')).toBeTruthy();

    const iops = screen.getByLabelText('IOPS');
    await user.clear(iops);
    await user.type(iops, '100');
    expect(screen.getByText(`iops must be between 3000 and 16000 IOPS. ${DISK_MESSAGES.noEstimate}.`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save disk' })).toHaveProperty('disabled', true);

    await user.clear(iops);
    await user.type(iops, '3000');
    await user.click(screen.getByRole('radio', { name: /High Performance SSD/ }));
    expect(screen.queryByLabelText('Throughput (MB/s)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save disk' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.path.endsWith('/disk'))?.body).toEqual({
        attributes: { type: 'io2', size_gb: 18, iops: 3000 },
      }),
    );
  });

  it('closes the disk form during the cooldown', async () => {
    renderPage({ disk: { ...DEFAULT_DISK, last_modified_at: new Date(Date.now() - 3600_000).toISOString() } });
    expect(await screen.findByText('Disk changes are on cooldown')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save disk' })).toHaveProperty('disabled', true);
  });

  it('lists the disk history, autoscaling’s growth with the usage behind it, and says why a full disk does not grow', async () => {
    const grownAt = new Date(Date.now() - 3600_000).toISOString();
    const retryAt = new Date(Date.now() + 5 * 3600_000).toISOString();
    renderPage({
      disk: { attributes: { type: 'gp3', size_gb: 12, iops: 3000, throughput_mbps: 125 }, last_modified_at: grownAt },
      history: [
        {
          changed_at: grownAt,
          cause: 'autoscale',
          previous: { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 },
          attributes: { type: 'gp3', size_gb: 12, iops: 3000, throughput_mbps: 125 },
          used_bytes: 7.5 * 1024 ** 3,
        },
        {
          changed_at: '2026-01-01T12:00:00.000Z',
          cause: 'member',
          previous: { type: 'io2', size_gb: 8, iops: 2000 },
          attributes: { type: 'gp3', size_gb: 8, iops: 4000, throughput_mbps: 250 },
          used_bytes: null,
        },
      ],
      warning: {
        ...NO_WARNING,
        disk_space: 'warning',
        disk_autoscale_blocked: {
          reason: 'cooldown',
          retry_at: retryAt,
          message: DISK_MESSAGES.autoscaleBlocked({ reason: 'cooldown', retryAt }),
        },
      },
    });
    const history = await screen.findByRole('table');
    const [, grown, changed] = within(history).getAllByRole('row');
    expect(grown!.textContent).toContain('Autoscaling');
    expect(grown!.textContent).toContain('Size 8 GB → 12 GB (7.5 GB used)');
    expect(changed!.textContent).toContain('A member');
    expect(changed!.textContent).toContain('Type High Performance SSD → General Purpose SSD, IOPS 2,000 → 4,000, Throughput – → 250 MB/s');

    expect(await screen.findByText(DISK_MESSAGES.autoscaleRule)).toBeTruthy();
    expect(await screen.findByText('The disk cannot grow automatically')).toBeTruthy();
    expect(screen.getByText(/changed less than 6 hours ago, so it cannot grow automatically before/)).toBeTruthy();
  });

  it('says when the disk has never changed', async () => {
    renderPage();
    expect(await screen.findByText('The disk has not changed since the project was created.')).toBeTruthy();
    expect(screen.queryByText('The disk cannot grow automatically')).toBeNull();
  });

  it('keeps everything read-only for members without the permission', async () => {
    renderPage({ role: 'Developer' });
    expect(await screen.findByLabelText('Disk size (GB)')).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: /^Small/ }).matches(':disabled')).toBe(true);
  });
});

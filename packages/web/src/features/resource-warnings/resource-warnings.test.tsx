import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DISK_MESSAGES } from '@basin/core';
import type { ResourceWarning } from '@basin/core/schemas';
import { PROJECT_REF } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { BANNER_TEXTS } from './banner-texts';
import { ResourceWarnings } from './resource-warnings';

const NONE: ResourceWarning = {
  project: PROJECT_REF,
  is_readonly_mode_enabled: false,
  disk_space: null,
  disk_io: null,
  cpu: null,
  memory: null,
  auth_email_rate_limit: null,
  disk_autoscale_blocked: null,
};

function renderBanner(warning: ResourceWarning, page = '') {
  const api = mockApi({ 'GET /api/platform/projects-resource-warnings': json([warning]) });
  const pathname = `/project/${PROJECT_REF}${page}`;
  renderAt(pathname, <ResourceWarnings projectRef={PROJECT_REF} pathname={pathname} enabled />);
  return api;
}

describe('resource warning banner', () => {
  it('warns about disk space with Learn more and a way to grow the disk', async () => {
    const { calls } = renderBanner({ ...NONE, disk_space: 'warning' });
    expect(await screen.findByText(BANNER_TEXTS.disk_space.warning.title)).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Increase disk size' }).getAttribute('href')).toBe(
      `/project/${PROJECT_REF}/settings/compute-and-disk`,
    );
    expect(calls[0]?.path).toBe('/api/platform/projects-resource-warnings');
  });

  it('is destructive in read-only mode', async () => {
    renderBanner({ ...NONE, is_readonly_mode_enabled: true, disk_space: 'critical' });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(BANNER_TEXTS.read_only.critical!.title)).toBeTruthy();
    expect(screen.getByText(/start a transaction with BEGIN READ WRITE/)).toBeTruthy();
  });

  it('stays hidden on compute and disk in read-only mode', async () => {
    const { calls } = renderBanner({ ...NONE, is_readonly_mode_enabled: true, disk_space: 'critical' }, '/settings/compute-and-disk');
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a full disk does not grow by itself', async () => {
    const message = DISK_MESSAGES.autoscaleBlocked({ reason: 'size_limit' });
    renderBanner({ ...NONE, disk_space: 'warning', disk_autoscale_blocked: { reason: 'size_limit', retry_at: null, message } });
    expect(await screen.findByText(BANNER_TEXTS.disk_space.warning.title)).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('groups several resources into one banner', async () => {
    renderBanner({ ...NONE, cpu: 'warning', memory: 'warning' });
    expect(await screen.findByText(BANNER_TEXTS.multiple.warning.title)).toBeTruthy();
  });

  it('shows nothing without warnings', async () => {
    const { calls } = renderBanner(NONE);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

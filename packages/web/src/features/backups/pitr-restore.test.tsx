import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PITR_MESSAGES, STATUS_POLL_INTERVAL_MS, type ProjectStatus, type Role } from '@basin/core';
import type { PitrRestore, PitrStatusResponse } from '@basin/core/schemas';
import { toDateTimeLocal } from '../../lib/datetime-local';
import { formatDateTimeWithZone, localTimeZone } from '../../lib/format-date';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { PitrPage } from './pitr-page';

const PITR_PATH = `/api/platform/database/${PROJECT_REF}/backups/pitr`;
const EARLIEST = '2026-03-01T10:00:00.250Z';
const LATEST = '2026-03-04T12:30:45.900Z';
const TARGET = '2026-03-03T08:15:30.000Z';

const statusFixture = (overrides: Partial<PitrStatusResponse> = {}): PitrStatusResponse => ({
  pitr_enabled: true,
  retention_days: 7,
  earliest_recoverable_at: EARLIEST,
  latest_recoverable_at: LATEST,
  archive_bytes: 48 * 1024 * 1024,
  archiving_failing: false,
  latest_restore: null,
  ...overrides,
});

const restoreFixture = (overrides: Partial<PitrRestore> = {}): PitrRestore => ({
  id: 1,
  target_time: TARGET,
  status: 'RUNNING',
  step: 'Recovering the database',
  error: null,
  created_at: '2026-03-04T12:31:00.000Z',
  completed_at: null,
  ...overrides,
});

/** The project and its PITR status answer from `state`, which a test moves along. */
function renderPage({ role = 'Owner' as Role, status = statusFixture(), restore = json(restoreFixture(), 202) as MockAnswer } = {}) {
  const state: { project: ProjectStatus; pitr: PitrStatusResponse } = { project: 'ACTIVE_HEALTHY', pitr: status };
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: () => json(projectFixture({ status: state.project, infra_compute_size: 'small' })),
    [`GET /api/platform/projects/${PROJECT_REF}/status`]: () => json({ status: state.project }),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role, plan: { id: 'pro', name: 'Pro' } })),
    [`GET ${PITR_PATH}`]: () => json(state.pitr),
    [`POST ${PITR_PATH}`]: () => {
      state.project = 'RESTORING';
      state.pitr = { ...state.pitr, latest_restore: restoreFixture() };
      return restore;
    },
  });
  renderAt('/project/:ref/database/backups/pitr', <PitrPage />, `/project/${PROJECT_REF}/database/backups/pitr`);
  return { ...api, state };
}

const picker = () => screen.findByLabelText(`Date and time (${localTimeZone()})`);

describe('point in time recovery page with PITR on', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the window with its time zone, the archive size, and a picker bounded by the window to the second', async () => {
    renderPage();
    const input = await picker();
    const latest = formatDateTimeWithZone('2026-03-04T12:30:45.000Z');
    const earliest = formatDateTimeWithZone('2026-03-01T10:00:01.000Z');
    expect(latest).toMatch(/^Mar \d, 2026, \d{1,2}:\d\d:45 (AM|PM) \S+$/);
    expect(screen.getByText(latest)).toBeTruthy();
    expect(screen.getByText(earliest)).toBeTruthy();
    expect(screen.getByText(`Between ${earliest} and ${latest}.`)).toBeTruthy();
    expect(screen.getByText('48 MB')).toBeTruthy();
    expect(screen.getByText('7 days')).toBeTruthy();
    expect(input.getAttribute('type')).toBe('datetime-local');
    expect(input.getAttribute('step')).toBe('1');
    expect(input.getAttribute('min')).toBe(toDateTimeLocal(Date.parse('2026-03-01T10:00:01.000Z')));
    expect(input.getAttribute('max')).toBe(toDateTimeLocal(Date.parse('2026-03-04T12:30:45.000Z')));
    expect(screen.queryByText('Archiving the write-ahead log is failing')).toBeNull();
  });

  it('refuses a time outside the window with core’s message and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    fireEvent.change(await picker(), { target: { value: toDateTimeLocal(Date.parse('2026-02-01T00:00:00.000Z')) } });
    await user.click(screen.getByRole('button', { name: 'Review restore' }));
    const latest = formatDateTimeWithZone('2026-03-04T12:30:45.000Z');
    const earliest = formatDateTimeWithZone('2026-03-01T10:00:01.000Z');
    expect(await screen.findByText(PITR_MESSAGES.outsideWindow(earliest, latest))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('restores after the name is typed, then follows the restore every 4 s until it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls, state } = renderPage();
    fireEvent.change(await picker(), { target: { value: toDateTimeLocal(Date.parse(TARGET)) } });
    await user.click(screen.getByRole('button', { name: 'Review restore' }));

    const target = formatDateTimeWithZone(TARGET);
    const dialog = await screen.findByRole('dialog', { name: `Restore Orders to ${target}` });
    expect(within(dialog).getByText(`Everything written after ${target} will be lost`)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox'), 'Orders');
    await user.click(within(dialog).getByRole('button', { name: 'Restore to this point' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ recovery_time_target_unix: Date.parse(TARGET) / 1000 }),
    );

    const steps = await screen.findByRole('list', { name: 'Restore steps' });
    expect(within(steps).getByText('Recovering the database').closest('li')?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('heading', { name: `Restoring to ${target}` })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Review restore' })).toHaveProperty('disabled', true));

    const pitrCalls = () => calls.filter((call) => call.method === 'GET' && call.path === PITR_PATH).length;
    const before = pitrCalls();
    state.pitr = { ...state.pitr, latest_restore: restoreFixture({ step: 'Taking a base backup' }) };
    await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS));
    await waitFor(() => expect(pitrCalls()).toBeGreaterThan(before));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Restore steps' }))
          .getByText('Taking a base backup')
          .closest('li')
          ?.getAttribute('aria-current'),
      ).toBe('step'),
    );

    // Done: a new history starts, so the window is empty until its first base backup completes.
    state.project = 'ACTIVE_HEALTHY';
    state.pitr = statusFixture({
      earliest_recoverable_at: null,
      latest_recoverable_at: null,
      latest_restore: restoreFixture({ status: 'COMPLETED', step: 'Done', completed_at: '2026-03-04T12:32:10.000Z' }),
    });
    await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS));
    expect(await screen.findByText(`Restored to ${target}`)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No recoverable window yet' })).toBeTruthy();
  });

  it('shows a failed restore’s error and that the old data still runs', async () => {
    renderPage({ status: statusFixture({ latest_restore: restoreFixture({ status: 'FAILED', error: 'WAL segment missing' }) }) });
    expect(await screen.findByText(PITR_MESSAGES.restoreFailed(formatDateTimeWithZone(TARGET), 'WAL segment missing'))).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('toasts the server’s refusal and keeps the dialog open', async () => {
    const user = userEvent.setup();
    renderPage({ restore: json({ message: PITR_MESSAGES.noWindowYet }, 400) });
    await picker();
    await user.click(screen.getByRole('button', { name: 'Review restore' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Orders');
    await user.click(within(dialog).getByRole('button', { name: 'Restore to this point' }));
    expect(await screen.findByText(PITR_MESSAGES.noWindowYet)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('disables the restore for members without infra.lifecycle:execute, with the reason', async () => {
    renderPage({ role: 'Read-only' });
    await picker();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Review restore' }).getAttribute('aria-description')).toBe(PITR_MESSAGES.restoreForbidden),
    );
    expect(screen.getByRole('button', { name: 'Review restore' })).toHaveProperty('disabled', true);
  });

  it('warns while archiving fails', async () => {
    renderPage({ status: statusFixture({ archiving_failing: true, archive_bytes: null }) });
    expect(await screen.findByText('Archiving the write-ahead log is failing')).toBeTruthy();
    expect(screen.getByText('Not known')).toBeTruthy();
  });

  it('says there is no window yet while the first base backup runs, and polls until there is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state } = renderPage({ status: statusFixture({ earliest_recoverable_at: null, latest_recoverable_at: null }) });
    expect(await screen.findByRole('heading', { name: 'No recoverable window yet' })).toBeTruthy();
    expect(screen.getByText(`${PITR_MESSAGES.noWindowYet}. This page updates by itself.`)).toBeTruthy();
    state.pitr = statusFixture();
    await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS));
    expect(await picker()).toBeTruthy();
  });

  it('shows the error screen when the status cannot be read', async () => {
    mockApi({
      [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
      [`GET ${PITR_PATH}`]: json({ message: 'boom' }, 500),
    });
    renderAt('/project/:ref/database/backups/pitr', <PitrPage />, `/project/${PROJECT_REF}/database/backups/pitr`);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_CHARTS, type BuiltInChart, type Report, type ReportRange, type ReportSeries } from '@basin/core/schemas';
import type { Role } from '@basin/core';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { ReportsPage } from './reports-page';

const BASE = `/api/platform/projects/${PROJECT_REF}`;
const START = Date.parse('2026-03-04T20:08:00Z');

/** A chart of 60 one-minute buckets with `values(i)` in each. */
function series(
  chart: BuiltInChart,
  keys: [string, string][],
  values: (index: number) => (number | null)[],
  unit: ReportSeries['unit'] = 'count',
): ReportSeries {
  return {
    chart,
    range: '1h',
    start: new Date(START).toISOString(),
    end: new Date(START + 3_600_000).toISOString(),
    interval_seconds: 60,
    unit,
    series: keys.map(([key, label]) => ({ key, label })),
    points: Array.from({ length: 60 }, (_, index) => ({
      timestamp: new Date(START + index * 60_000).toISOString(),
      values: Object.fromEntries(keys.map(([key], k) => [key, values(index)[k] ?? null])),
    })),
  };
}

const ANSWERS: Partial<Record<BuiltInChart, ReportSeries>> = {
  'api-requests-by-status': series(
    'api-requests-by-status',
    [
      ['2xx', '2xx Success'],
      ['4xx', '4xx Client error'],
    ],
    (i) => [i === 59 ? 3 : 0, i === 59 ? 2 : 0],
  ),
  'api-requests-by-path': series('api-requests-by-path', [['/rest/v1/notes', '/rest/v1/notes']], (i) => [i === 59 ? 5 : 0]),
  'database-cpu': series('database-cpu', [['cpu', 'CPU']], (i) => [i > 50 ? 12.5 : null], 'percent'),
  'database-memory': series('database-memory', [['memory', 'Memory']], () => [null], 'percent'),
  'database-disk': series(
    'database-disk',
    [
      ['database', 'Database'],
      ['storage', 'Stored files'],
    ],
    (i) => (i > 50 ? [24 * 1024 * 1024, 1024] : [null, null]),
    'bytes',
  ),
  'database-connections': series('database-connections', [['connections', 'Connections']], (i) => [i > 50 ? 4 : null]),
  'auth-sign-ins': series(
    'auth-sign-ins',
    [
      ['succeeded', 'Succeeded'],
      ['refused', 'Wrong credentials'],
    ],
    () => [0, 0],
  ),
  'storage-requests': series('storage-requests', [['read', 'Downloads and reads']], () => [0]),
  'realtime-messages': series('realtime-messages', [['messages', 'Messages']], (i) => [i >= 57 ? 40 : 0]),
  'realtime-connections': series('realtime-connections', [['connections', 'Peak connections']], (i) => [i === 58 ? 7 : i > 55 ? 3 : 0]),
};

const REPORT: Report = {
  id: '3f1c2a4e-0000-4000-8000-000000000001',
  project_ref: PROJECT_REF,
  name: 'Orders',
  items: [],
  inserted_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};

function renderPage({ role = 'Developer' as Role, failing = [] as BuiltInChart[], entry = '' } = {}) {
  const handlers: Record<string, MockAnswer> = {
    [`GET ${BASE}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${BASE}/reports`]: json([REPORT]),
    [`POST ${BASE}/reports`]: json({ ...REPORT, id: '3f1c2a4e-0000-4000-8000-000000000002', name: 'Signups' }, 201),
  };
  for (const chart of BUILT_IN_CHARTS) {
    handlers[`GET ${BASE}/reports/series/${chart}`] = failing.includes(chart)
      ? json({ message: 'The platform store is not answering' }, 500)
      : json(ANSWERS[chart] ?? series(chart, [], () => []));
  }
  const api = mockApi(handlers);
  renderRoutes(
    [
      { path: '/project/:ref/reports', element: <ReportsPage /> },
      { path: '/project/:ref/reports/:id', element: <h1>Report page</h1> },
    ],
    `/project/${PROJECT_REF}/reports${entry}`,
  );
  return api;
}

const chartCard = (title: string) => screen.getByRole('region', { name: title });
/** The figure in a chart's header ('Total: 5', 'Latest: 12.5%'), whose label is for screen readers. */
const headline = (text: string) => (_: string, element: Element | null) =>
  element?.classList.contains('tabular-nums') === true && element.textContent === text;
const seriesRequests = (fetchMock: ReturnType<typeof mockApi>['fetchMock'], range: ReportRange) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/reports/series/') && String(url).endsWith(`range=${range}`));

describe('reports page', () => {
  it('loads every built-in chart and draws those with data', async () => {
    const { fetchMock } = renderPage();
    expect(screen.getByLabelText('Loading API requests')).toBeTruthy();
    const requests = await screen.findByRole('img', { name: 'API requests chart' });
    expect(requests.getAttribute('data-chart')).toBe('api-requests-by-status');
    expect(within(chartCard('API requests')).getByText(headline('Total: 5'))).toBeTruthy();
    expect(within(chartCard('API requests')).getByText('2xx Success')).toBeTruthy();
    expect(within(chartCard('Database CPU')).getByText(headline('Latest: 12.5%'))).toBeTruthy();
    expect(within(chartCard('Disk size used')).getByText(headline('Latest: 24 MB'))).toBeTruthy(); // database and files
    expect(await within(chartCard('Database connections')).findByRole('img', { name: 'Database connections chart' })).toBeTruthy();
    expect(within(chartCard('Database memory')).getByText(/No samples in this range/)).toBeTruthy();
    expect(within(chartCard('Auth sign-ins')).getByText('Nothing in this range yet.')).toBeTruthy();
    expect(within(chartCard('Edge function invocations')).getByText('Nothing in this range yet.')).toBeTruthy();
    expect(seriesRequests(fetchMock, '24h')).toHaveLength(BUILT_IN_CHARTS.length);
  });

  it('charts Realtime: the messages sent over the range, and its peak of open sockets (never a sum)', async () => {
    renderPage();
    const section = await screen.findByRole('region', { name: 'Realtime' });
    const messages = within(section).getByRole('region', { name: 'Realtime messages' });
    const connections = within(section).getByRole('region', { name: 'Realtime connections' });
    expect(await within(messages).findByRole('img', { name: 'Realtime messages chart' })).toBeTruthy();
    expect(within(messages).getByText(headline('Total: 120'))).toBeTruthy();
    expect(await within(connections).findByRole('img', { name: 'Realtime connections chart' })).toBeTruthy();
    expect(within(connections).getByText(headline('Peak: 7'))).toBeTruthy();
  });

  it('asks for the range picked, and keeps it in the address', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({ entry: '?range=1h' });
    await screen.findByRole('img', { name: 'API requests chart' });
    expect(screen.getByRole('button', { name: 'Last hour' }).getAttribute('aria-pressed')).toBe('true');
    expect(seriesRequests(fetchMock, '1h')).toHaveLength(BUILT_IN_CHARTS.length);
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(seriesRequests(fetchMock, '7d')).toHaveLength(BUILT_IN_CHARTS.length));
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a chart that failed to load with its error and a retry', async () => {
    renderPage({ failing: ['database-cpu'] });
    const card = chartCard('Database CPU');
    expect(await within(card).findByText('Failed to load this chart: The platform store is not answering')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'API requests chart' })).toBeTruthy();
  });

  it('lists the custom reports and makes a new one', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const link = await screen.findByRole('link', { name: /Orders/ });
    expect(link.getAttribute('href')).toBe(`/project/${PROJECT_REF}/reports/${REPORT.id}`);
    await waitFor(() => expect(screen.getByRole('button', { name: 'New report' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'New report' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Signups');
    await user.click(within(dialog).getByRole('button', { name: 'Create report' }));
    expect(await screen.findByRole('heading', { name: 'Report page' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Signups' });
  });

  it('keeps Read-only members from making reports, and says why', async () => {
    const user = userEvent.setup();
    renderPage({ role: 'Read-only' });
    await screen.findByRole('link', { name: /Orders/ });
    const button = screen.getByRole('button', { name: 'New report' });
    expect(button).toHaveProperty('disabled', true);
    await user.hover(button.parentElement!);
    expect((await screen.findAllByText('You need additional permissions to create or change reports')).length).toBeGreaterThan(0);
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@basin/core';
import type { Report, Snippet, SqlResult } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer, type MockRequest } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { SQL_CARD_TYPE } from './add-to-report';
import { ReportPage } from './report-page';

const BASE = `/api/platform/projects/${PROJECT_REF}`;
const ID = '3f1c2a4e-0000-4000-8000-000000000001';
const SQL_PATH = `/api/platform/pg-meta/${PROJECT_REF}/query`;

const item = (n: number, fields: Partial<Report['items'][number]> = {}): Report['items'][number] => ({
  id: `5a000000-0000-4000-8000-00000000000${n}`,
  label: `Chart ${n}`,
  sql: `select day, total from totals_${n}`,
  snippet_id: null,
  chartConfig: { type: 'bar', view: 'chart' },
  ...fields,
});

const report = (items: Report['items']): Report => ({
  id: ID,
  project_ref: PROJECT_REF,
  name: 'Orders',
  items,
  inserted_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
});

const rows: SqlResult = {
  fields: [
    { name: 'day', dataTypeID: 1082, type: 'date' },
    { name: 'total', dataTypeID: 20, type: 'bigint' },
  ],
  rows: [
    ['2026-03-01', '4'],
    ['2026-03-02', '7'],
  ],
  rowCount: 2,
  command: 'SELECT',
  durationMs: 2,
  truncated: false,
};

const SNIPPET: Snippet = {
  id: '7d8f3c1e-2b4a-4c6d-9e0f-1a2b3c4d5e6f',
  name: 'Daily totals',
  sql: 'select 1',
  owner_id: 'user-1',
  project_id: 1,
  project_ref: PROJECT_REF,
  inserted_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};

function renderPage({
  role = 'Developer' as Role,
  items = [item(1)],
  run = (): MockAnswer => json(rows),
  detail,
}: { role?: Role; items?: Report['items']; run?: (request: MockRequest) => MockAnswer; detail?: MockAnswer } = {}) {
  let current = report(items);
  const api = mockApi({
    [`GET ${BASE}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${BASE}/reports/${ID}`]: () => detail ?? json(current),
    [`PATCH ${BASE}/reports/${ID}`]: (request) => {
      const body = request.body as { items?: Report['items'] };
      if (body.items) current = report(body.items.map((entry) => ({ ...current.items.find((i) => i.id === entry.id)!, ...entry })));
      return json(current);
    },
    [`POST ${BASE}/reports/${ID}/items`]: (request) => {
      const body = request.body as { sql?: string; label?: string; snippet_id?: string };
      current = report([
        ...current.items,
        item(current.items.length + 1, {
          sql: body.sql ?? SNIPPET.sql,
          label: body.label ?? SNIPPET.name,
          snippet_id: body.snippet_id ?? null,
        }),
      ]);
      return json(current, 201);
    },
    [`GET ${BASE}/snippets`]: json([SNIPPET, { ...SNIPPET, id: '7d8f3c1e-2b4a-4c6d-9e0f-000000000000', name: 'Empty', sql: ' ' }]),
    [`POST ${SQL_PATH}`]: run,
  });
  renderRoutes(
    [
      { path: '/project/:ref/reports/:id', element: <ReportPage /> },
      { path: '/project/:ref/reports', element: <h1>Reports list</h1> },
    ],
    `/project/${PROJECT_REF}/reports/${ID}`,
  );
  return api;
}

/** A drop of an assistant result card, as the browser hands it to the page. */
function dropCard(target: Element, payload: unknown) {
  const data = new Map([[SQL_CARD_TYPE, JSON.stringify(payload)]]);
  const dataTransfer = { types: [SQL_CARD_TYPE, 'text/plain'], getData: (type: string) => data.get(type) ?? '', dropEffect: 'none' };
  fireEvent.dragEnter(target, { dataTransfer });
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('custom report page', () => {
  it('runs each chart as the read-only role and draws it', async () => {
    const { calls } = renderPage();
    expect(screen.getByLabelText('Loading report')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Chart 1 chart' })).toBeTruthy();
    const run = calls.find((call) => call.path === SQL_PATH);
    expect(run?.body).toEqual({ query: 'select day, total from totals_1', read_only: true });
    const card = screen.getByRole('region', { name: 'Chart 1' });
    expect(within(card).getByRole('combobox', { name: 'X axis column' }).textContent).toBe('day');
    expect(within(card).getByRole('combobox', { name: 'Y axis column' }).textContent).toBe('total');
  });

  it('switches a chart to a table and saves the view for everyone', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const card = await screen.findByRole('region', { name: 'Chart 1' });
    await within(card).findByRole('img', { name: 'Chart 1 chart' });
    await waitFor(() => expect(within(card).getByRole('combobox', { name: 'Chart type' })).toHaveProperty('disabled', false));
    await user.click(within(card).getByRole('button', { name: 'Show as table' }));
    const table = await within(card).findByRole('table', { name: 'Chart 1 rows' });
    expect(within(table).getByText('2026-03-02')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      items: [{ id: item(1).id, label: 'Chart 1', chartConfig: { type: 'bar', view: 'table' } }],
    });
  });

  it('moves and removes charts through the layout', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ items: [item(1), item(2)] });
    const second = await screen.findByRole('region', { name: 'Chart 2' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add chart' })).toHaveProperty('disabled', false));
    await user.click(within(second).getByRole('button', { name: 'More actions for Chart 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Chart 2', 'Chart 1']));
    await user.click(within(screen.getByRole('region', { name: 'Chart 1' })).getByRole('button', { name: 'More actions for Chart 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from report' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Chart 1' })).toBeNull());
    const patches = calls
      .filter((call) => call.method === 'PATCH')
      .map((call) => (call.body as { items: { id: string }[] }).items.map((i) => i.id));
    expect(patches).toEqual([[item(2).id, item(1).id], [item(2).id]]);
  });

  it('adds a chart from one of the member’s snippets', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ items: [] });
    expect(await screen.findByText('No charts yet')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add chart' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Add chart' }));
    const dialog = screen.getByRole('dialog');
    await user.click(await within(dialog).findByRole('combobox'));
    expect(screen.queryByRole('option', { name: 'Empty' })).toBeNull(); // nothing to chart
    await user.click(screen.getByRole('option', { name: 'Daily totals' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add chart' }));
    expect(await screen.findByRole('region', { name: 'Daily totals' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.path.endsWith('/items'))?.body).toEqual({ snippet_id: SNIPPET.id });
  });

  it('takes an assistant result card dropped on the page', async () => {
    const { calls } = renderPage({ items: [] });
    await screen.findByText('No charts yet');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add chart' })).toHaveProperty('disabled', false));
    await act(async () =>
      dropCard(screen.getByTestId('sql-card-drop-zone'), {
        sql: 'select day, total from totals',
        label: 'Totals',
        chartConfig: { view: 'chart', xAxis: 'day', yAxis: 'total' },
      }),
    );
    expect(await screen.findByRole('region', { name: 'Totals' })).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/items'))?.body).toEqual({
      sql: 'select day, total from totals',
      label: 'Totals',
      chartConfig: { view: 'chart', xAxis: 'day', yAxis: 'total' },
    });
    expect(await screen.findByText('Added to Orders')).toBeTruthy();
  });

  it('refuses a dropped card and every change to Read-only members', async () => {
    const { calls } = renderPage({ role: 'Read-only' });
    await screen.findByRole('img', { name: 'Chart 1 chart' });
    for (const name of ['Add chart', 'Rename', 'Delete']) expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    expect(within(screen.getByRole('region', { name: 'Chart 1' })).getByRole('combobox', { name: 'Chart type' })).toHaveProperty(
      'disabled',
      true,
    );
    await act(async () => dropCard(screen.getByTestId('sql-card-drop-zone'), { sql: 'select 1' }));
    expect((await screen.findAllByText('You need additional permissions to create or change reports')).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.path.endsWith('/items'))).toBe(false);
  });

  it('shows a failed query as the spec’s error, and says charts run read-only', async () => {
    renderPage({ run: () => json({ message: 'cannot execute INSERT in a read-only transaction', code: '25006' }, 400) });
    expect(await screen.findByText('ERROR: cannot execute INSERT in a read-only transaction')).toBeTruthy();
    expect(screen.getByText('Report charts run read-only: a query that writes cannot be a chart.')).toBeTruthy();
  });

  it('says so when the report does not exist', async () => {
    renderPage({ detail: json({ message: 'Report not found' }, 404) });
    expect(await screen.findByRole('heading', { name: 'Report not found' })).toBeTruthy();
  });
});

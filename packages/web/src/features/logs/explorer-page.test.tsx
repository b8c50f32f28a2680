import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGS_MESSAGES } from '@basin/core';
import type { LogRow, LogsQueryResult } from '@basin/core/schemas';
import { PROJECT_REF } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { eventSql } from './event-detail';
import { LogsExplorerPage } from './explorer-page';
import { savedQueriesKey } from './saved-queries';
import { defaultQuery, EXPLORER_DEFAULT_SQL, QUERY_TEMPLATES } from './templates';

const LOGS_ALL = `/api/platform/projects/${PROJECT_REF}/analytics/endpoints/logs.all`;
const USER_ID = 'user-1';

interface LogsCall {
  sql: string;
  start: string;
  end: string;
}

// Keys in jsonb's order, as the store answers them.
const EDGE_ROWS: LogRow[] = [
  {
    id: 7,
    path: '/rest/v1/missing',
    method: 'GET',
    status: 404,
    timestamp: '2026-03-04T21:05:12.123456+00:00',
    event_message: 'GET /rest/v1/missing 404',
  },
  {
    id: 6,
    path: '/rest/v1/todos',
    method: 'GET',
    status: 200,
    timestamp: '2026-03-04T21:04:00+00:00',
    event_message: 'GET /rest/v1/todos 200',
  },
];
const WHOLE_EVENT: LogRow = {
  ...EDGE_ROWS[0],
  duration_ms: 3.5,
  role: 'anon',
  metadata: { request: { method: 'GET', path: '/rest/v1/missing' }, response: { status_code: 404 } },
};

const answer = (result: LogRow[], extra: Partial<LogsQueryResult> = {}): MockAnswer =>
  json({ result, error: null, warnings: [], ...extra });

/**
 * The platform API with logs.all answered by `logs` (from the call's query string, which mockApi
 * does not look at); the histogram's counting queries answer no buckets unless `logs` says otherwise.
 */
function renderExplorer({
  path = `/project/${PROJECT_REF}/logs/explorer`,
  logs,
}: { path?: string; logs?: (call: LogsCall) => MockAnswer | undefined } = {}) {
  const api = mockApi({ 'GET /api/platform/profile': json({ id: USER_ID, email: 'ada@example.com', username: 'ada' }) });
  const calls: LogsCall[] = [];
  const apiFetch = api.fetchMock;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== LOGS_ALL) return apiFetch(input, init);
      const call = {
        sql: url.searchParams.get('sql') ?? '',
        start: url.searchParams.get('iso_timestamp_start') ?? '',
        end: url.searchParams.get('iso_timestamp_end') ?? '',
      };
      calls.push(call);
      const reply = logs?.(call) ?? (call.sql.startsWith('select date_bin') ? answer([]) : answer(EDGE_ROWS));
      const status = 'status' in reply ? reply.status : 200;
      return new Response(JSON.stringify(reply.body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  const view = renderRoutes(
    [
      { path: '/project/:ref/logs/explorer', element: <LogsExplorerPage /> },
      { path: '/project/:ref/logs/edge-logs', element: <LogsExplorerPage page="edge-logs" /> },
      { path: '/project/:ref/logs/postgres-logs', element: <LogsExplorerPage page="postgres-logs" /> },
    ],
    path,
  );
  const queries = () => calls.filter((call) => !call.sql.startsWith('select date_bin') && !call.sql.startsWith('select * from'));
  return { ...view, calls, queries };
}

async function editorView(): Promise<EditorView> {
  const content = await waitFor(() => {
    const element = document.querySelector<HTMLElement>('.cm-content');
    if (!element) throw new Error('no editor yet');
    return element;
  });
  return EditorView.findFromDOM(content)!;
}

function replaceText(view: EditorView, text: string) {
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

const span = (call: LogsCall) => new Date(call.end).getTime() - new Date(call.start).getTime();

beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  // The results table draws only the rows in view: give it a viewport.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});

describe('LogsExplorerPage', () => {
  it('runs the default query over the last hour and shows the rows under headers from their keys', async () => {
    const before = Date.now();
    const { queries, calls } = renderExplorer();
    const grid = await screen.findByRole('grid', { name: 'Log events' });
    // Selected columns in the query's order (the store's jsonb sorts keys by length), the others in the source's order.
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['id', 'timestamp', 'event_message', 'method', 'path', 'status']);
    const [first] = queries();
    expect(first!.sql).toBe(EXPLORER_DEFAULT_SQL);
    expect(span(first!)).toBe(3600_000);
    expect(new Date(first!.end).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The timestamp in 'MMM D, hh:mm:ssa', local time.
    const local = new Date('2026-03-04T21:05:12.123Z');
    const hours = String(local.getHours() % 12 || 12).padStart(2, '0');
    expect(within(grid).getByText(`Mar ${local.getDate()}, ${hours}:05:12${local.getHours() < 12 ? 'AM' : 'PM'}`)).toBeTruthy();
    expect(screen.getByTestId('result-summary').textContent).toBe('2 rows');
    // The histogram counts the source's events per minute over the same range.
    const histogram = calls.find((call) => call.sql.startsWith('select date_bin'))!;
    expect(histogram.sql).toContain("date_bin('60 seconds', timestamp");
    expect(histogram.sql).toContain('from edge_logs');
    expect(histogram.start).toBe(first!.start);
    expect(await screen.findByTestId('histogram-caption')).toHaveProperty('textContent', '0 in edge_logs, per 1 minute');
  });

  it('runs what is typed with Ctrl+Enter and keeps the query and range in the address', async () => {
    const { queries, router } = renderExplorer();
    await screen.findByRole('grid', { name: 'Log events' });
    const view = await editorView();
    replaceText(view, 'select id, status from edge_logs where status = 404');
    view.focus();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(queries().at(-1)!.sql).toBe('select id, status from edge_logs where status = 404'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('sql')).toBe('select id, status from edge_logs where status = 404');
    expect(params.get('its')).toBe(queries().at(-1)!.start);
    expect(params.get('ite')).toBe(queries().at(-1)!.end);
  });

  it('opens a link as the view it names: its query over its exact range', async () => {
    const its = '2026-03-04T20:00:00.000Z';
    const ite = '2026-03-04T20:30:00.000Z';
    const sql = 'select id, timestamp from postgres_logs';
    const { queries } = renderExplorer({ path: `/project/${PROJECT_REF}/logs/explorer?${new URLSearchParams({ sql, its, ite })}` });
    await screen.findByRole('grid', { name: 'Log events' });
    expect(queries()[0]).toEqual({ sql, start: its, end: ite });
    expect(screen.getByRole('button', { name: /^Time range: Mar 4, 2026, / })).toBeTruthy();
    expect((await editorView()).state.doc.toString()).toBe(sql);
  });

  it('copies a link naming the exact range shown, before any Run', async () => {
    const user = userEvent.setup();
    const { queries } = renderExplorer({ path: `/project/${PROJECT_REF}/logs/edge-logs` });
    await screen.findByRole('grid', { name: 'Log events' });
    await user.click(screen.getByRole('button', { name: 'Copy link to this view' }));
    const link = new URL(await navigator.clipboard.readText());
    expect(link.pathname).toBe(`/project/${PROJECT_REF}/logs/edge-logs`);
    // The page's default query is not repeated in the address.
    expect(link.searchParams.get('sql')).toBeNull();
    expect(link.searchParams.get('its')).toBe(queries()[0]!.start);
    expect(link.searchParams.get('ite')).toBe(queries()[0]!.end);
  });

  it('shows the parser warnings together with the answer’s error', async () => {
    renderExplorer({
      logs: (call) =>
        call.sql.startsWith('select date_bin')
          ? undefined
          : answer([], {
              error: { message: 'column "nope" does not exist' },
              warnings: [LOGS_MESSAGES.withOrSubquery, LOGS_MESSAGES.ilike],
            }),
    });
    const messages = await screen.findByRole('region', { name: 'Query messages' });
    expect(within(messages).getByText(LOGS_MESSAGES.withOrSubquery)).toBeTruthy();
    expect(within(messages).getByText(LOGS_MESSAGES.ilike)).toBeTruthy();
    expect(within(messages).getByText('column "nope" does not exist')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('shows a refused request (4xx/5xx) as the error, and warnings of a query that ran', async () => {
    renderExplorer({ logs: (call) => (call.sql.startsWith('select date_bin') ? undefined : json({ message: LOGS_MESSAGES.busy }, 429)) });
    const messages = await screen.findByRole('region', { name: 'Query messages' });
    expect(within(messages).getByText(LOGS_MESSAGES.busy)).toBeTruthy();
  });

  it('shows warnings beside rows when the query ran', async () => {
    renderExplorer({
      logs: (call) => (call.sql.startsWith('select date_bin') ? undefined : answer(EDGE_ROWS, { warnings: [LOGS_MESSAGES.ilike] })),
    });
    await screen.findByRole('grid', { name: 'Log events' });
    expect(within(screen.getByRole('region', { name: 'Query messages' })).getByText(LOGS_MESSAGES.ilike)).toBeTruthy();
  });

  it('says so when no event matched', async () => {
    renderExplorer({ logs: () => answer([]) });
    expect(await screen.findByText('No events found')).toBeTruthy();
  });

  it('opens an event’s detail with every field and the metadata pretty-printed, copies it, and closes with Escape', async () => {
    const user = userEvent.setup();
    const { calls } = renderExplorer({ logs: (call) => (call.sql === eventSql('edge_logs', 7) ? answer([WHOLE_EVENT]) : undefined) });
    const grid = await screen.findByRole('grid', { name: 'Log events' });
    await user.click(within(grid).getByText('/rest/v1/missing'));
    const detail = await screen.findByRole('complementary', { name: 'Event detail' });
    expect(within(detail).getByRole('heading', { name: 'GET /rest/v1/missing 404' })).toBeTruthy();
    const metadata = await within(detail).findByTestId('field-metadata');
    expect(metadata.textContent).toBe(JSON.stringify(WHOLE_EVENT.metadata, null, 2));
    expect(within(detail).getByText('anon')).toBeTruthy();
    const lookup = calls.find((call) => call.sql === eventSql('edge_logs', 7))!;
    expect(lookup.start).toBe(calls[0]!.start);

    await user.click(within(detail).getByRole('button', { name: 'Copy' }));
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(WHOLE_EVENT);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Event detail' })).toBeNull());

    // The keyboard alone: focus the table, arrow down, and the first row opens.
    grid.focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('complementary', { name: 'Event detail' })).toBeTruthy();
    expect(within(grid).getAllByRole('row', { selected: true })).toHaveLength(1);
  });

  it('sends the chosen range: a preset ending now, or the exact custom range, with buckets to match', async () => {
    const user = userEvent.setup();
    const { queries, calls } = renderExplorer();
    await screen.findByRole('grid', { name: 'Log events' });
    await user.click(screen.getByRole('button', { name: 'Time range: Last hour' }));
    await user.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(span(queries().at(-1)!)).toBe(7 * 24 * 3600_000));
    await waitFor(() => expect(calls.some((call) => call.sql.includes("date_bin('10800 seconds'"))).toBe(true));
    expect(screen.getByRole('button', { name: 'Time range: Last 7 days' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Time range: Last 7 days' }));
    const from = await screen.findByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-03-04T10:00');
    await user.clear(to);
    await user.type(to, '2026-03-04T09:00');
    await user.click(screen.getByRole('button', { name: 'Apply range' }));
    expect(screen.getByRole('alert').textContent).toBe('The start must be before the end');
    await user.clear(to);
    await user.type(to, '2026-03-04T10:15');
    await user.click(screen.getByRole('button', { name: 'Apply range' }));
    await waitFor(() =>
      expect(queries().at(-1)).toEqual({
        sql: EXPLORER_DEFAULT_SQL,
        start: new Date(2026, 2, 4, 10, 0).toISOString(),
        end: new Date(2026, 2, 4, 10, 15).toISOString(),
      }),
    );
  });

  it('runs a template, and a source page offers its own templates and default query', async () => {
    const user = userEvent.setup();
    const { queries, unmount } = renderExplorer();
    await screen.findByRole('grid', { name: 'Log events' });
    const templates = screen.getByRole('list', { name: 'Templates' });
    expect(within(templates).getAllByRole('button')).toHaveLength(QUERY_TEMPLATES.length);
    await user.click(within(templates).getByRole('button', { name: /Recent errors/ }));
    const recentErrors = QUERY_TEMPLATES.find((template) => template.id === 'recent-errors')!.sql;
    await waitFor(() => expect(queries().at(-1)!.sql).toBe(recentErrors));
    expect((await editorView()).state.doc.toString()).toBe(recentErrors);
    unmount();

    const source = renderExplorer({ path: `/project/${PROJECT_REF}/logs/postgres-logs` });
    await screen.findByRole('grid', { name: 'Log events' });
    expect(source.queries()[0]!.sql).toBe(defaultQuery('postgres_logs'));
    expect(screen.getByRole('heading', { name: 'Postgres logs' })).toBeTruthy();
    const own = within(screen.getByRole('list', { name: 'Templates' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(own.some((text) => text?.startsWith('Failing SQL statements'))).toBe(true);
    expect(own.some((text) => text?.startsWith('Recent errors'))).toBe(false);
  });

  it('saves a query for this user and project, opens it again, and deletes it', async () => {
    const user = userEvent.setup();
    const { queries } = renderExplorer();
    await screen.findByRole('grid', { name: 'Log events' });
    const view = await editorView();
    replaceText(view, 'select id from edge_logs where status >= 500');
    await user.click(screen.getByRole('button', { name: 'Save query' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save query' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give the query a name');
    await user.type(within(dialog).getByLabelText('Name'), 'Server errors');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const stored = JSON.parse(localStorage.getItem(savedQueriesKey(USER_ID, PROJECT_REF)) ?? '[]') as { name: string; sql: string }[];
    expect(stored.map(({ name, sql }) => ({ name, sql }))).toEqual([
      { name: 'Server errors', sql: 'select id from edge_logs where status >= 500' },
    ]);

    replaceText(view, 'select 1 from edge_logs');
    const saved = screen.getByRole('list', { name: 'Saved queries' });
    await user.click(within(saved).getByRole('button', { name: /^Server errors/ }));
    await waitFor(() => expect(queries().at(-1)!.sql).toBe('select id from edge_logs where status >= 500'));
    // The editor takes a value from outside once 200 ticks have passed since the last keystroke (@uiw/react-codemirror).
    await waitFor(() => expect(view.state.doc.toString()).toBe('select id from edge_logs where status >= 500'), { timeout: 3000 });

    await user.click(within(saved).getByRole('button', { name: 'Delete saved query Server errors' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Saved queries' })).toBeNull());
    expect(JSON.parse(localStorage.getItem(savedQueriesKey(USER_ID, PROJECT_REF)) ?? '[]')).toEqual([]);
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SQL_EDITOR_MESSAGES, type Role } from '@basin/core';
import type { Snippet, SqlField } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer, type MockRequest } from '../../test/mock-api';
import { renderAt, renderRoutes } from '../../test/render';
import { ResultsGrid } from './results-grid';
import { SqlEditorPage } from './sql-editor-page';

const SNIPPET: Snippet = {
  id: '3f2b8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Broken query',
  sql: 'select 1;\nselect nope from orders',
  owner_id: 'user-1',
  project_id: 1,
  project_ref: PROJECT_REF,
  inserted_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const SNIPPETS = `/api/platform/projects/${PROJECT_REF}/snippets`;
const QUERY = `/api/platform/pg-meta/${PROJECT_REF}/query`;

interface EditorSetup {
  role?: Role;
  path?: string;
  run?: (request: MockRequest) => MockAnswer;
  create?: MockAnswer;
}

function renderEditor({ role = 'Owner', path = `/project/${PROJECT_REF}/sql`, run, create }: EditorSetup = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${SNIPPETS}`]: json([SNIPPET]),
    [`GET ${SNIPPETS}/${SNIPPET.id}`]: json(SNIPPET),
    [`POST ${SNIPPETS}`]:
      create ??
      ((request) =>
        json({ ...SNIPPET, id: '9f2b8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Untitled query', ...(request.body as object) }, 201)),
    [`POST ${QUERY}`]: run ?? json({ fields: [], rows: [], rowCount: 0, command: 'SELECT', durationMs: 1, truncated: false }),
  });
  const view = renderRoutes(
    [
      { path: '/project/:ref/sql', element: <SqlEditorPage /> },
      { path: '/project/:ref/sql/:id', element: <SqlEditorPage /> },
    ],
    path,
  );
  return { ...view, api };
}

/** The CodeMirror view on the page, to type as a user would (jsdom has no input events for it). */
async function editorView(): Promise<EditorView> {
  const content = await waitFor(() => {
    const element = document.querySelector<HTMLElement>('.cm-content');
    if (!element) throw new Error('no editor yet');
    return element;
  });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no view');
  return view;
}

// CodeMirror measures text ranges, which jsdom does not lay out.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('ResultsGrid', () => {
  it('keeps only the rows in view in the DOM for 100,000 rows, and follows the scroll', async () => {
    // A 400 px tall viewport: jsdom lays nothing out.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    const fields: SqlField[] = [
      { name: 'id', dataTypeID: 23, type: 'integer' },
      { name: 'body', dataTypeID: 25, type: 'text' },
    ];
    const rows = Array.from({ length: 100_000 }, (_, index) => [index + 1, index % 7 ? `row ${index + 1}` : null]);
    renderAt('/', <ResultsGrid fields={fields} rows={rows} />);
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('aria-rowcount')).toBe('100001');
    const rendered = screen.getAllByRole('row');
    expect(rendered.length).toBeGreaterThan(1);
    expect(rendered.length).toBeLessThan(60);
    expect(screen.getByText('row 2')).toBeTruthy();
    expect(screen.getAllByText('NULL').length).toBeGreaterThan(0);
    expect(screen.queryByText('row 50001')).toBeNull();

    const scroller = screen.getByTestId('results-grid');
    await act(async () => {
      scroller.scrollTop = 50_000 * 28;
      scroller.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByText('row 50001')).toBeTruthy();
    expect(screen.queryByText('row 2')).toBeNull();
    expect(screen.getAllByRole('row').length).toBeLessThan(60);
    height.mockRestore();
    width.mockRestore();
  });
});

describe('SqlEditorPage', () => {
  it('runs a saved query and shows the error at its line and column, marked in the editor', async () => {
    const { api } = renderEditor({
      path: `/project/${PROJECT_REF}/sql/${SNIPPET.id}`,
      run: () => json({ message: 'column "nope" does not exist', code: '42703', position: 18 }, 400),
    });
    await editorView();
    await userEvent.click(await screen.findByRole('button', { name: /Run/ }));
    expect(await screen.findByText('ERROR: column "nope" does not exist')).toBeTruthy();
    expect(screen.getByTestId('error-position').textContent).toBe('At line 2, column 8');
    expect(api.calls.find((call) => call.path === QUERY)?.body).toEqual({ query: SNIPPET.sql });
    await waitFor(() => expect(document.querySelector('[data-testid="sql-error-mark"]')?.textContent).toBe('nope'));
  });

  it('shows the rows, the run time and the truncation notice', async () => {
    renderEditor({
      path: `/project/${PROJECT_REF}/sql/${SNIPPET.id}`,
      run: () =>
        json({
          fields: [{ name: 'n', dataTypeID: 23, type: 'integer' }],
          rows: [[1], [2]],
          rowCount: 100_005,
          command: 'SELECT',
          durationMs: 12.5,
          truncated: true,
        }),
    });
    const view = await editorView();
    view.focus();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByTestId('run-time')).toBeTruthy();
    expect(screen.getByTestId('run-time').textContent).toBe('12.5 ms');
    expect(screen.getByTestId('result-summary').textContent).toBe('100,005 rows');
    expect(screen.getByText(SQL_EDITOR_MESSAGES.truncated(2))).toBeTruthy();
  });

  it('tells a member without the permission that queries are not saved, and saves nothing', async () => {
    const { api } = renderEditor({ role: 'Read-only' });
    await screen.findByRole('link', { name: 'Broken query' });
    const view = await editorView();
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/platform/organizations/acme')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    view.dispatch({ changes: { from: 0, insert: 'select 1' } });
    expect(await screen.findByText(SQL_EDITOR_MESSAGES.cannotSave)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(api.calls.some((call) => call.method === 'POST' && call.path === SNIPPETS)).toBe(false);
  });

  it('creates the snippet on the first edit of a new query and moves to its address', async () => {
    const { api, router } = renderEditor({ role: 'Developer' });
    await screen.findByRole('link', { name: 'Broken query' });
    const view = await editorView();
    await new Promise((resolve) => setTimeout(resolve, 50));
    view.dispatch({ changes: { from: 0, insert: 'select 42' } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${PROJECT_REF}/sql/9f2b8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b`), {
      timeout: 3000,
    });
    expect(api.calls.find((call) => call.method === 'POST' && call.path === SNIPPETS)?.body).toEqual({ sql: 'select 42' });
    expect(view.state.doc.toString()).toBe('select 42');
  });

  it("says 'Failed to create new query: {message}' when the save fails", async () => {
    const failing = renderEditor({ role: 'Developer', create: json({ message: 'Project not found' }, 404) });
    await screen.findByRole('link', { name: 'Broken query' });
    const view = await editorView();
    await waitFor(() => expect(failing.api.calls.some((call) => call.path === '/api/platform/organizations/acme')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    view.dispatch({ changes: { from: 0, insert: 'select 1' } });
    expect(await screen.findByText(SQL_EDITOR_MESSAGES.createFailed('Project not found'), undefined, { timeout: 3000 })).toBeTruthy();
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TABLE_EDITOR_MESSAGES, type Role } from '@basin/core';
import type { PgColumn, PgTable } from '@basin/core/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organizationFixture, pgColumnFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer, type MockHandler } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { TableEditorPage } from './table-editor-page';

const ROWS_PATH = `/api/platform/projects/${PROJECT_REF}/rest/v1/items`;

const column = (name: string, position: number, overrides: Partial<PgColumn> = {}) =>
  pgColumnFixture(name, { ordinal_position: position, ...overrides });

const ITEMS: PgTable = {
  id: 7,
  schema: 'public',
  name: 'items',
  comment: null,
  rls_enabled: false,
  rls_forced: false,
  live_rows_estimate: 250,
  relationships: [],
  primary_keys: [{ schema: 'public', table_name: 'items', name: 'id', table_id: 7 }],
  columns: [
    column('id', 1, { data_type: 'integer', format: 'int4', default_value: "nextval('items_id_seq'::regclass)", is_nullable: false }),
    column('name', 2, { is_nullable: false }),
  ],
};

const rowsOf = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i, name: `item ${from + i}` }));
const page = (rows: unknown[], total: number): MockAnswer => ({
  body: rows,
  headers: { 'content-range': rows.length ? `0-${rows.length - 1}/${total}` : `*/${total}` },
});

function renderEditor({
  role = 'Owner' as Role,
  read = page(rowsOf(1, 100), 250) as MockAnswer | MockHandler,
  writes = {} as Record<string, MockAnswer | MockHandler>,
} = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET /api/platform/pg-meta/${PROJECT_REF}/tables`]: json([ITEMS]),
    [`GET ${ROWS_PATH}`]: read,
    ...writes,
  });
  renderAt('/project/:ref/editor', <TableEditorPage />, `/project/${PROJECT_REF}/editor?schema=public&table=items`);
  /** The REST calls made: method, query and headers. */
  const restCalls = () =>
    api.fetchMock.mock.calls
      .map(([input, init]) => ({
        url: new URL(String(input), 'http://localhost'),
        method: init?.method ?? 'GET',
        headers: (init?.headers ?? {}) as Record<string, string>,
      }))
      .filter((call) => call.url.pathname === ROWS_PATH);
  return {
    ...api,
    restCalls,
    lastRead: () =>
      restCalls()
        .filter((call) => call.method === 'GET')
        .at(-1)!,
  };
}

const grid = () => screen.findByRole('grid', { name: 'Rows of public.items' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('table editor grid', () => {
  it('reads a page of 100 through the REST route, ordered by the primary key, with an exact count', async () => {
    const user = userEvent.setup();
    const { lastRead } = renderEditor();
    const table = await grid();
    expect(within(table).getByText('item 100')).toBeTruthy();
    expect(screen.getByTestId('rows-range').textContent).toBe('Rows 1–100 of 250');
    const read = lastRead();
    expect(Object.fromEntries(read.url.searchParams)).toEqual({ select: '*', order: '"id".asc', limit: '100', offset: '0' });
    expect(read.headers).toMatchObject({ 'accept-profile': 'public', prefer: 'count=exact' });

    expect(screen.getByRole('button', { name: /Previous/ })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(lastRead().url.searchParams.get('offset')).toBe('100'));
  });

  it('sorts by a column on header clicks: ascending, descending, then not at all', async () => {
    const user = userEvent.setup();
    const { lastRead } = renderEditor();
    await grid();
    const header = screen.getByRole('columnheader', { name: /name/ });
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastRead().url.searchParams.get('order')).toBe('"name".asc,"id".asc'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastRead().url.searchParams.get('order')).toBe('"name".desc,"id".asc'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    await user.click(within(header).getByRole('button'));
    // The key order again: the first page read is still in the cache.
    expect(header.getAttribute('aria-sort')).toBe('none');
  });

  it('adds a filter chip that becomes a PostgREST filter, back on the first page, and removes it', async () => {
    const user = userEvent.setup();
    const { lastRead } = renderEditor();
    await grid();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(lastRead().url.searchParams.get('offset')).toBe('100'));

    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    const form = screen.getByRole('dialog', { name: 'Add filter' });
    await user.click(within(form).getByRole('combobox', { name: 'Column' }));
    await user.click(screen.getByRole('option', { name: 'name' }));
    await user.click(within(form).getByRole('combobox', { name: 'Operator' }));
    await user.click(screen.getByRole('option', { name: /^ilike/ }));
    await user.type(within(form).getByLabelText('Value'), '%item 1%');
    await user.click(within(form).getByRole('button', { name: 'Apply filter' }));

    expect(await screen.findByText('name ilike %item 1%')).toBeTruthy();
    await waitFor(() => expect(lastRead().url.searchParams.get('"name"')).toBe('ilike.%item 1%'));
    expect(lastRead().url.searchParams.get('offset')).toBe('0');

    await user.click(screen.getByRole('button', { name: 'Remove filter name ilike %item 1%' }));
    expect(screen.queryByText('name ilike %item 1%')).toBeNull();
  });

  it('says when the table is empty, and when no row passes the filters', async () => {
    const user = userEvent.setup();
    renderEditor({ read: page([], 0) });
    expect(await screen.findByText('This table has no rows yet')).toBeTruthy();
    expect(screen.getByTestId('rows-range').textContent).toBe('0 rows');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.type(screen.getByLabelText('Value'), '5');
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(await screen.findByText('No rows match the filters')).toBeTruthy();
  });

  it("shows PostgREST's message when the rows cannot be read", async () => {
    renderEditor({
      read: json({ code: 'PGRST106', details: null, hint: null, message: 'The schema must be one of the following: api' }, 406),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to read public.items');
    expect(alert.textContent).toContain('The schema must be one of the following: api');
  });

  it('shows a placeholder while the rows load', async () => {
    renderEditor();
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.querySelector('.animate-pulse')).not.toBeNull();
    await grid();
  });
});

describe('table editor writes', () => {
  it('inserts a row from the side panel, empty fields left to their default', async () => {
    const user = userEvent.setup();
    const { calls, restCalls } = renderEditor({ writes: { [`POST ${ROWS_PATH}`]: json([{ id: 251, name: 'Ada' }], 201) } });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Insert row' }));
    const panel = screen.getByRole('dialog', { name: 'Insert row' });
    expect(within(panel).getByLabelText('id').getAttribute('placeholder')).toBe("Default: nextval('items_id_seq'::regclass)");
    await user.type(within(panel).getByLabelText('name'), 'Ada');
    await user.click(within(panel).getByRole('button', { name: 'Insert row' }));

    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.inserted)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Ada' });
    expect(restCalls().find((call) => call.method === 'POST')?.headers).toMatchObject({
      'content-profile': 'public',
      prefer: 'return=representation',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("toasts PostgREST's message when a write is refused, and keeps the panel open", async () => {
    const user = userEvent.setup();
    const message = 'null value in column "name" of relation "items" violates not-null constraint';
    renderEditor({ writes: { [`POST ${ROWS_PATH}`]: json({ code: '23502', details: null, hint: null, message }, 400) } });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Insert row' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Insert row' })).getByRole('button', { name: 'Insert row' }));
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.insertFailed(message))).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Insert row' })).toBeTruthy();
  });

  it('edits a row by its primary key, sending only what changed', async () => {
    const user = userEvent.setup();
    const { calls, restCalls } = renderEditor({ writes: { [`PATCH ${ROWS_PATH}`]: json([{ id: 2, name: 'Bea' }]) } });
    await user.click(await screen.findByRole('button', { name: 'Edit row 2' }));
    const panel = screen.getByRole('dialog', { name: 'Edit row' });
    const name = within(panel).getByLabelText('name');
    expect(name).toHaveProperty('value', 'item 2');
    await user.clear(name);
    await user.type(name, 'Bea');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.updated)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Bea' });
    expect(Object.fromEntries(restCalls().find((call) => call.method === 'PATCH')!.url.searchParams)).toEqual({ '"id"': 'in.("2")' });
  });

  it('opens the row at the double-clicked cell', async () => {
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('button', { name: 'Edit row 3' });
    await user.dblClick(within(await grid()).getByText('item 3'));
    expect(document.activeElement).toBe(within(screen.getByRole('dialog', { name: 'Edit row' })).getByLabelText('name'));
  });

  it('deletes the selected rows after a confirmation', async () => {
    const user = userEvent.setup();
    const { restCalls } = renderEditor({ writes: { [`DELETE ${ROWS_PATH}`]: json(rowsOf(1, 2)) } });
    await user.click(await screen.findByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await user.click(screen.getByRole('button', { name: 'Delete 2 rows' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 rows?' });
    expect(restCalls().some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.deleted(2))).toBeTruthy();
    expect(Object.fromEntries(restCalls().find((call) => call.method === 'DELETE')!.url.searchParams)).toEqual({ '"id"': 'in.("1","2")' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete rows' })).toHaveProperty('disabled', true));
  });

  it('keeps writes disabled for Read-only members, and says why', async () => {
    const user = userEvent.setup();
    renderEditor({ role: 'Read-only' });
    await grid();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Insert row' })).toHaveProperty('disabled', true));
    expect(screen.getByRole('button', { name: 'Delete rows' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit row/ })).toBeNull();
    await user.hover(screen.getByRole('button', { name: 'Insert row' }).parentElement!);
    expect((await screen.findAllByText(TABLE_EDITOR_MESSAGES.readOnly)).length).toBeGreaterThan(0);
  });
});

describe('table editor keyboard, clipboard and view', () => {
  /** A cell once the rows can be edited (the member's role has loaded: rows are then keyed by their primary key). */
  const cell = async (text: string) => {
    await screen.findByRole('checkbox', { name: 'Select row 1' });
    return within(await grid()).getByRole('gridcell', { name: text });
  };

  it('moves the cursor with the arrow keys, and Enter edits the row at that cell', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await cell('item 1'));
    expect(document.activeElement).toBe(await cell('item 1'));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowLeft}');
    expect(document.activeElement?.textContent).toBe('3');
    await user.keyboard('{Control>}{End}{/Control}');
    expect(document.activeElement?.textContent).toBe('item 100');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(document.activeElement).toBe(within(screen.getByRole('dialog', { name: 'Edit row' })).getByLabelText('name'));
    expect(within(screen.getByRole('dialog')).getByLabelText('name')).toHaveProperty('value', 'item 99');
  });

  it('copies a range of cells as a spreadsheet does, and pastes cells as updates of the rows under them', async () => {
    const user = userEvent.setup();
    const { calls, restCalls } = renderEditor({ writes: { [`PATCH ${ROWS_PATH}`]: json([{ id: 3, name: 'A' }]) } });
    await user.click(await cell('1'));
    await user.keyboard('{Shift>}{ArrowDown}{ArrowRight}{/Shift}');
    expect(
      within(await grid())
        .getAllByRole('gridcell', { selected: true })
        .map((each) => each.textContent),
    ).toEqual(['1', 'item 1', '2', 'item 2']);
    // user-event copies only selected text: the grid's own copy event, as a browser sends it on Ctrl+C.
    const clipboardData = { setData: vi.fn() };
    fireEvent.copy(document.activeElement!, { clipboardData });
    expect(clipboardData.setData).toHaveBeenCalledWith('text/plain', '1\titem 1\n2\titem 2');

    await user.click(await cell('item 3'));
    await user.paste('A\n"B\tand a tab"\n');
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.pasted(2))).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ name: 'A' }, { name: 'B\tand a tab' }]);
    const keys = restCalls()
      .filter((call) => call.method === 'PATCH')
      .map((call) => call.url.searchParams.get('"id"'));
    expect(keys).toEqual(['in.("3")', 'in.("4")']);
  });

  it('refuses a paste that the column would refuse, and writes nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderEditor({ writes: { [`PATCH ${ROWS_PATH}`]: json([]) } });
    await user.click(await cell('2'));
    await user.paste('1.5');
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.pasteRefused('id', 'Enter a whole number'))).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('keeps hidden columns, widths and the sort of each table for the next visit', async () => {
    const user = userEvent.setup();
    renderEditor();
    await grid();
    await user.click(within(screen.getByRole('columnheader', { name: /name/ })).getByRole('button'));
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'name' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /name/ })).toBeNull());
    const resize = screen.getByRole('separator', { name: 'Resize column id' });
    resize.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('columnheader', { name: /id/ }).style.width).toBe('170px');
    cleanup();

    const again = renderEditor();
    await grid();
    expect(screen.getByRole('button', { name: 'Columns (1 hidden)' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /name/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /id/ }).style.width).toBe('170px');
    await waitFor(() => expect(again.lastRead().url.searchParams.get('order')).toBe('"name".asc,"id".asc'));
  });
});

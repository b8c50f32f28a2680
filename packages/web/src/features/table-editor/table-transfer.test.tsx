import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TABLE_TRANSFER_MESSAGES, type Role } from '@basin/core';
import type { PgTable } from '@basin/core/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organizationFixture, pgColumnFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { detectType, previewCsv } from './csv-preview';
import { TableEditorPage } from './table-editor-page';

const column = (name: string, position: number, data_type: string) =>
  pgColumnFixture(name, { ordinal_position: position, data_type, format: data_type });

const ITEMS: PgTable = {
  id: 7,
  schema: 'public',
  name: 'items',
  comment: null,
  rls_enabled: false,
  rls_forced: false,
  live_rows_estimate: 1,
  relationships: [],
  primary_keys: [{ schema: 'public', table_name: 'items', name: 'id', table_id: 7 }],
  columns: [column('id', 1, 'integer'), column('name', 2, 'text')],
};

/** An XMLHttpRequest that records what was sent and answers when told. */
class FakeUpload {
  static last: FakeUpload | undefined;
  url = '';
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress?: (event: { loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.body = body;
    FakeUpload.last = this;
  }
  answer(status: number, body: unknown) {
    this.upload.onprogress?.({ loaded: 50, total: 100 });
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function renderEditor(role: Role = 'Owner', table = 'items') {
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET /api/platform/pg-meta/${PROJECT_REF}/tables`]: json([ITEMS]),
    [`GET /api/platform/projects/${PROJECT_REF}/rest/v1/items`]: { body: [{ id: 1, name: 'one' }], headers: { 'content-range': '0-0/1' } },
  });
  renderAt('/project/:ref/editor', <TableEditorPage />, `/project/${PROJECT_REF}/editor?schema=public${table ? `&table=${table}` : ''}`);
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeUpload.last = undefined;
});

describe('CSV preview', () => {
  it('detects the narrowest type of each column, empty values fitting any', () => {
    expect(detectType(['1', '', '-20'])).toBe('integer');
    expect(detectType(['1', '9007199254740993'])).toBe('bigint');
    expect(detectType(['1.5', '2'])).toBe('numeric');
    expect(detectType(['true', 'F'])).toBe('boolean');
    expect(detectType(['2024-01-02'])).toBe('date');
    expect(detectType(['2024-01-02T03:04:05Z'])).toBe('timestamp with time zone');
    expect(detectType(['2024-01-02 03:04'])).toBe('timestamp');
    expect(detectType(['0b9f3a0e-0b6f-4f4e-9d0c-4f5a1d2e3c4b'])).toBe('uuid');
    expect(detectType(['{"a":1}', '[1]'])).toBe('jsonb');
    expect(detectType(['1', 'x'])).toBe('text');
    expect(detectType(['', ''])).toBe('text');
  });

  it('reads quoted fields, and tab-separated text pasted from a spreadsheet', () => {
    expect(previewCsv('a,b\n"x, y","say ""hi"""\n')).toEqual({
      headers: ['a', 'b'],
      rows: [['x, y', 'say "hi"']],
      types: ['text', 'text'],
      delimiter: 'comma',
    });
    expect(previewCsv('n\tflag\n1\ttrue\n2\tfalse')).toMatchObject({
      headers: ['n', 'flag'],
      types: ['integer', 'boolean'],
      delimiter: 'tab',
    });
  });
});

describe('import panel', () => {
  it('previews a picked file with detected types, maps headers onto columns, uploads with progress and refreshes the grid', async () => {
    const user = userEvent.setup();
    const api = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Import data' }));
    const panel = await screen.findByRole('dialog', { name: 'Import data into items' });
    await user.upload(
      within(panel).getByLabelText('CSV file'),
      new File(['Name,ID,extra\nfoo,1,x\nbar,2,y\n'], 'items.csv', { type: 'text/csv' }),
    );

    const preview = await within(panel).findByRole('table', { name: 'Preview' });
    expect(within(preview).getAllByRole('row')).toHaveLength(4);
    expect(within(preview).getByText('integer')).toBeTruthy();
    expect(within(panel).getByLabelText<HTMLSelectElement>('Column for Name').value).toBe('name');
    expect(within(panel).getByLabelText<HTMLSelectElement>('Column for ID').value).toBe('id');
    expect(within(panel).getByLabelText<HTMLSelectElement>('Column for extra').value).toBe('');
    await user.selectOptions(within(panel).getByLabelText('Column for extra'), 'name');
    await user.selectOptions(within(panel).getByLabelText('Column for Name'), '');

    const reads = api.fetchMock.mock.calls.length;
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    const sent = FakeUpload.last!;
    const url = new URL(sent.url, 'http://localhost');
    expect(url.pathname).toBe(`/api/platform/projects/${PROJECT_REF}/table-import`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      schema: 'public',
      table: 'items',
      columns: JSON.stringify([null, { name: 'id' }, { name: 'name' }]),
      delimiter: 'comma',
      create: 'false',
    });
    expect(sent.body).toBeInstanceOf(File);
    sent.upload.onprogress?.({ loaded: 25, total: 100 });
    expect(await within(panel).findByText('25%')).toBeTruthy();
    sent.answer(200, { rows: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.fetchMock.mock.calls.length).toBeGreaterThan(reads));
  });

  it("shows the server's line and message when a row is refused", async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Import data' }));
    const panel = await screen.findByRole('dialog');
    await user.type(within(panel).getByLabelText('Pasted rows'), 'id\tname\n1\tone\nx\ttwo');
    await user.click(within(panel).getByRole('button', { name: 'Use pasted rows' }));
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    expect(new URL(FakeUpload.last!.url, 'http://localhost').searchParams.get('delimiter')).toBe('tab');
    FakeUpload.last!.answer(422, { message: 'invalid input syntax for type integer: "x"', line: 3, row: 2, column: 'id' });
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Nothing was imported: line 3, row 2, column id');
    expect(alert.textContent).toContain('invalid input syntax for type integer: "x"');
  });

  it('creates a new table from the Tables page with the detected types, which can be changed', async () => {
    const user = userEvent.setup();
    renderEditor('Owner', '');
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const panel = await screen.findByRole('dialog', { name: 'Create a table from a CSV' });
    await user.upload(within(panel).getByLabelText('CSV file'), new File(['code,amount\nA,10\n'], 'a.csv'));
    expect((await within(panel).findByLabelText<HTMLSelectElement>('Type for amount')).value).toBe('integer');
    await user.selectOptions(within(panel).getByLabelText('Type for amount'), 'bigint');
    await user.type(within(panel).getByLabelText('Table name'), 'sales');
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    const params = new URL(FakeUpload.last!.url, 'http://localhost').searchParams;
    expect(params.get('create')).toBe('true');
    expect(params.get('table')).toBe('sales');
    expect(JSON.parse(params.get('columns')!)).toEqual([
      { name: 'code', type: 'text' },
      { name: 'amount', type: 'bigint' },
    ]);
  });

  it('is disabled for Read-only members, with the reason', async () => {
    renderEditor('Read-only');
    const button = await screen.findByRole('button', { name: 'Import data' });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Import CSV' })).toHaveProperty('disabled', true);
    expect(TABLE_TRANSFER_MESSAGES.readOnly).toContain('Read-only');
  });
});

describe('export menu', () => {
  it('downloads the whole table as CSV or SQL; the filtered export waits for a filter', async () => {
    const user = userEvent.setup();
    renderEditor('Read-only');
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    expect(screen.getByRole('menuitem', { name: 'CSV (filtered rows)' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('menuitem', { name: 'SQL inserts (all rows)' }));
    const url = new URL(clicked[0]!);
    expect(url.pathname).toBe(`/api/platform/projects/${PROJECT_REF}/table-export`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ schema: 'public', table: 'items', format: 'sql' });

    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.type(screen.getByLabelText('Value'), '5');
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV (filtered rows)' }));
    expect(Object.fromEntries(new URL(clicked[1]!).searchParams)).toEqual({
      schema: 'public',
      table: 'items',
      format: 'csv',
      '"id"': 'eq.5',
    });
  });
});

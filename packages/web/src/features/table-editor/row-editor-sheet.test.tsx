import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PgColumn, PgRelationship, PgTable } from '@basin/core/schemas';
import { describe, expect, it, vi } from 'vitest';
import { pgColumnFixture, PROJECT_REF } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { RowEditorSheet, type RowEditorTarget } from './row-editor-sheet';
import { changedValues, type FieldValues, insertValues } from './row-form-values';

const column = (name: string, format: string, overrides: Partial<PgColumn> = {}) =>
  pgColumnFixture(name, { table: 'orders', data_type: format, format, type_id: 0, ...overrides });

const COLUMNS = [
  column('id', 'int8', { is_identity: true, identity_generation: 'BY DEFAULT', is_nullable: false }),
  column('note', 'text'),
  column('paid', 'bool'),
  column('data', 'jsonb'),
  column('placed_at', 'timestamptz', { default_value: 'now()' }),
  column('token', 'uuid'),
  column('mood', 'mood', { data_type: 'USER-DEFINED', enums: ['sad', 'happy'] }),
  column('customer_id', 'int8'),
].map((each, index) => ({ ...each, ordinal_position: index + 1 }));
const CUSTOMERS_FK: PgRelationship = {
  id: 1,
  constraint_name: 'orders_customer_id_fkey',
  source_schema: 'public',
  source_table_name: 'orders',
  source_column_name: 'customer_id',
  target_table_schema: 'public',
  target_table_name: 'customers',
  target_column_name: 'id',
};
const CUSTOMERS: PgTable = {
  id: 8,
  schema: 'public',
  name: 'customers',
  comment: null,
  rls_enabled: false,
  rls_forced: false,
  live_rows_estimate: 2,
  relationships: [],
  primary_keys: [{ schema: 'public', table_name: 'customers', name: 'id', table_id: 8 }],
  columns: [column('id', 'int8', { table: 'customers' }), column('name', 'text', { table: 'customers' })],
};
const CUSTOMERS_PATH = `/api/platform/projects/${PROJECT_REF}/rest/v1/customers`;

function renderSheet(target: RowEditorTarget) {
  const onSave = vi.fn<(fields: FieldValues) => void>();
  const api = mockApi({
    [`GET /api/platform/pg-meta/${PROJECT_REF}/tables`]: json([CUSTOMERS]),
    [`GET ${CUSTOMERS_PATH}`]: json([
      { id: '9007199254740993', name: 'Ada' },
      { id: '9007199254740995', name: 'Bea' },
    ]),
  });
  renderAt(
    '/',
    <RowEditorSheet
      projectRef={PROJECT_REF}
      columns={COLUMNS}
      relationships={[CUSTOMERS_FK]}
      target={target}
      onClose={() => undefined}
      saving={false}
      onSave={onSave}
    />,
  );
  const panel = screen.getByRole('dialog');
  const customerCalls = () =>
    api.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === CUSTOMERS_PATH);
  return { panel, onSave, customerCalls };
}

describe('the row form’s typed fields', () => {
  it('offers each type its editor and sends typed values, with the defaults for fields left alone', async () => {
    const user = userEvent.setup();
    const { panel, onSave } = renderSheet({});
    expect(within(panel).getByLabelText('placed_at').getAttribute('type')).toBe('datetime-local');
    expect(within(panel).getByLabelText('placed_at').getAttribute('placeholder')).toBe('Default: now()');

    await user.click(within(panel).getByRole('combobox', { name: 'paid' }));
    await user.click(await screen.findByRole('option', { name: 'true' }));
    await user.click(within(panel).getByRole('combobox', { name: 'mood' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['sad', 'happy']);
    await user.click(screen.getByRole('option', { name: 'happy' }));
    await user.click(within(panel).getByRole('button', { name: 'Generate UUID' }));
    await user.type(within(panel).getByLabelText('customer_id'), '9007199254740993');
    await user.click(within(panel).getByRole('button', { name: 'Insert row' }));

    const [fields] = onSave.mock.calls[0]!;
    const values = insertValues(COLUMNS, fields);
    expect(values).toEqual({
      paid: 'true',
      mood: 'happy',
      token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customer_id: '9007199254740993',
    });
  });

  it('refuses a field that would be refused, and says why under it', async () => {
    const user = userEvent.setup();
    const { panel, onSave } = renderSheet({});
    await user.type(within(panel).getByLabelText('data'), '{{"a": 1');
    await user.type(within(panel).getByLabelText('token'), 'not-a-uuid');
    await user.click(within(panel).getByRole('button', { name: 'Insert row' }));
    expect(within(panel).getByText(/^Not valid JSON/)).toBeTruthy();
    expect(within(panel).getByText(/^Enter a UUID/)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('tells NULL from the empty string in a text field', async () => {
    const user = userEvent.setup();
    const row = {
      id: '1',
      note: 'hello',
      paid: null,
      data: null,
      placed_at: '2026-12-02T10:00:00.123456+00:00',
      token: null,
      mood: null,
      customer_id: null,
    };
    const { panel, onSave } = renderSheet({ row });
    expect(within(panel).getByLabelText('paid').textContent).toContain('NULL');
    await user.clear(within(panel).getByLabelText('note'));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(changedValues(COLUMNS, row, onSave.mock.calls[0]![0])).toEqual({ note: '' });

    // Set NULL under the field: the text goes, the placeholder says NULL.
    const note = within(panel).getByLabelText('note');
    const setNull = within(note.parentElement!).getAllByRole('button', { name: 'Set NULL' })[0]!;
    await user.click(setNull);
    expect(within(panel).getByLabelText('note').getAttribute('placeholder')).toBe('NULL');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(changedValues(COLUMNS, row, onSave.mock.calls[1]![0])).toEqual({ note: null });
  });

  it('picks a foreign key from the referenced rows, searched by the referenced column', async () => {
    const user = userEvent.setup();
    const { panel, onSave, customerCalls } = renderSheet({});
    await user.click(within(panel).getByRole('button', { name: 'Pick a row of public.customers' }));
    const rows = await screen.findByRole('list', { name: 'Rows of public.customers' });
    expect(
      within(rows)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['9007199254740993Ada', '9007199254740995Bea']);

    await user.type(screen.getByRole('textbox', { name: 'Search public.customers by id' }), 'x');
    expect(await screen.findByText('No int8 value looks like this')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Search public.customers by id' }));
    await user.type(screen.getByRole('textbox', { name: 'Search public.customers by id' }), '9007199254740995');
    await waitFor(() => expect(customerCalls().at(-1)?.searchParams.get('"id"')).toBe('eq.9007199254740995'));
    // Read as text, as the grid reads int8: every digit stays.
    expect(customerCalls().at(-1)?.searchParams.get('select')).toBe('"id":"id"::text,"name"');
    await user.click(within(screen.getByRole('list', { name: 'Rows of public.customers' })).getAllByRole('button')[1]!);
    expect(within(panel).getByLabelText('customer_id')).toHaveProperty('value', '9007199254740995');
    await user.click(within(panel).getByRole('button', { name: 'Insert row' }));
    expect(insertValues(COLUMNS, onSave.mock.calls[0]![0])).toEqual({ customer_id: '9007199254740995' });
  });
});

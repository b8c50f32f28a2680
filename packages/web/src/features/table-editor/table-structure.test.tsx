import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TABLE_EDITOR_MESSAGES, type Role } from '@basin/core';
import type { ColumnType, PgColumn, PgTable, TableDependents } from '@basin/core/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organizationFixture, pgColumnFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer, type MockHandler, type MockRequest } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { TableEditorPage } from './table-editor-page';

const CHANGES = `POST /api/platform/pg-meta/${PROJECT_REF}/table-changes`;

const column = (name: string, position: number, overrides: Partial<PgColumn> = {}) =>
  pgColumnFixture(name, { table: 'authors', ordinal_position: position, ...overrides });

const AUTHORS: PgTable = {
  id: 7,
  schema: 'public',
  name: 'authors',
  comment: null,
  rls_enabled: true,
  rls_forced: false,
  live_rows_estimate: 2,
  relationships: [],
  primary_keys: [{ schema: 'public', table_name: 'authors', name: 'id', table_id: 7 }],
  columns: [
    column('id', 1, { data_type: 'bigint', format: 'int8', type_id: 20, is_nullable: false, is_identity: true }),
    column('name', 2),
  ],
};

const TYPES: ColumnType[] = [
  { id: 20, schema: 'pg_catalog', name: 'int8', format: 'bigint', kind: 'base', enums: [], comment: null },
  { id: 25, schema: 'pg_catalog', name: 'text', format: 'text', kind: 'base', enums: [], comment: null },
  { id: 1184, schema: 'pg_catalog', name: 'timestamptz', format: 'timestamp with time zone', kind: 'base', enums: [], comment: null },
  { id: 1700, schema: 'pg_catalog', name: 'numeric', format: 'numeric', kind: 'base', enums: [], comment: null },
];

const NO_DEPENDENTS: TableDependents = { views: [], foreign_keys: [], policies: [], triggers: [] };

/** The table-changes route: the SQL of a dry run, or `applied` unless `refusal` answers. */
const changesRoute =
  (refusal?: MockAnswer): MockHandler =>
  (request: MockRequest) => {
    const body = request.body as { dry_run: boolean };
    if (body.dry_run) return json({ sql: 'create table "public"."posts" (...);', applied: false });
    return refusal ?? json({ sql: 'create table "public"."posts" (...);', applied: true });
  };

function renderPage({
  role = 'Owner' as Role,
  table = '',
  refusal = undefined as MockAnswer | undefined,
  dependents = NO_DEPENDENTS,
} = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET /api/platform/pg-meta/${PROJECT_REF}/tables`]: json([AUTHORS]),
    [`GET /api/platform/pg-meta/${PROJECT_REF}/column-types`]: json(TYPES),
    [`GET /api/platform/pg-meta/${PROJECT_REF}/table-dependents`]: json(dependents),
    [`GET /api/platform/projects/${PROJECT_REF}/rest/v1/authors`]: { body: [], headers: { 'content-range': '*/0' } },
    [CHANGES]: changesRoute(refusal),
  });
  const query = table ? `?schema=public&table=${table}` : '';
  renderAt('/project/:ref/editor', <TableEditorPage />, `/project/${PROJECT_REF}/editor${query}`);
  const changes = () =>
    api.calls.filter((call) => `${call.method} ${call.path}` === CHANGES).map((call) => call.body as Record<string, any>);
  return { ...api, changes };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('new table panel', () => {
  it('creates a table with columns, a foreign key and RLS on, after showing its SQL', async () => {
    const user = userEvent.setup();
    const { changes } = renderPage();
    await waitFor(() => expect(screen.getByRole('button', { name: 'New table' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'New table' }));
    const panel = screen.getByRole('dialog', { name: 'Create a new table under public' });
    const rls = within(panel).getByRole('switch', { name: /Enable Row Level Security/ });
    expect(rls).toHaveProperty('checked', true);
    expect(within(panel).getByText(TABLE_EDITOR_MESSAGES.rlsAdvice)).toBeTruthy();

    await user.type(within(panel).getByLabelText('Name'), 'posts');
    await user.type(within(panel).getByLabelText('Description'), 'Blog posts');
    await user.click(within(panel).getByRole('button', { name: 'Add column' }));
    await user.type(within(panel).getByLabelText('Name of column 3'), 'author_id');
    await user.type(within(panel).getByLabelText('Type of author_id'), 'bigint');
    await user.click(within(panel).getByRole('checkbox', { name: 'Nullable: author_id' }));

    await user.click(within(panel).getByRole('button', { name: 'Add foreign key' }));
    await user.click(within(panel).getByRole('combobox', { name: 'Column of foreign key 1' }));
    await user.click(await screen.findByRole('option', { name: 'author_id' }));
    await user.click(within(panel).getByRole('combobox', { name: 'Referenced table of foreign key 1' }));
    await user.click(await screen.findByRole('option', { name: 'authors' }));
    await user.click(within(panel).getByRole('combobox', { name: 'Referenced column of foreign key 1' }));
    await user.click(await screen.findByRole('option', { name: 'id' }));
    await user.click(within(panel).getByRole('combobox', { name: 'On delete of foreign key 1' }));
    await user.click(await screen.findByRole('option', { name: 'cascade' }));

    await user.click(within(panel).getByRole('button', { name: 'Preview SQL' }));
    expect((await within(panel).findByLabelText('SQL preview')).textContent).toBe('create table "public"."posts" (...);');
    expect(changes()).toEqual([
      {
        dry_run: true,
        change: {
          kind: 'create',
          schema: 'public',
          name: 'posts',
          comment: 'Blog posts',
          rls_enabled: true,
          columns: [
            {
              name: 'id',
              type: 'int8',
              type_schema: 'pg_catalog',
              default: { kind: 'identity' },
              nullable: false,
              unique: false,
              primary_key: true,
              comment: null,
            },
            {
              name: 'created_at',
              type: 'timestamptz',
              type_schema: 'pg_catalog',
              default: { kind: 'expression', expression: 'now()' },
              nullable: false,
              unique: false,
              primary_key: false,
              comment: null,
            },
            {
              name: 'author_id',
              type: 'int8',
              type_schema: 'pg_catalog',
              default: null,
              nullable: false,
              unique: false,
              primary_key: false,
              comment: null,
            },
          ],
          foreign_keys: [
            {
              columns: ['author_id'],
              referenced_schema: 'public',
              referenced_table: 'authors',
              referenced_columns: ['id'],
              on_update: 'NO ACTION',
              on_delete: 'CASCADE',
            },
          ],
        },
      },
    ]);

    await user.click(within(panel).getByRole('button', { name: 'Create table' }));
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.tableCreated('posts'))).toBeTruthy();
    expect(changes()[1]).toEqual({ ...changes()[0], dry_run: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Many fields and four selects: slow on a loaded machine.
  }, 60_000);

  it('warns when RLS is switched off, and sends it off', async () => {
    const user = userEvent.setup();
    const { changes } = renderPage();
    await waitFor(() => expect(screen.getByRole('button', { name: 'New table' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'New table' }));
    const panel = screen.getByRole('dialog');
    await user.type(within(panel).getByLabelText('Name'), 'open');
    await user.click(within(panel).getByRole('switch', { name: /Enable Row Level Security/ }));
    expect(within(panel).getByText(TABLE_EDITOR_MESSAGES.rlsOffWarning)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Preview SQL' }));
    await within(panel).findByLabelText('SQL preview');
    expect(changes()[0]!.change.rls_enabled).toBe(false);
  });

  it("shows Postgres's refusal inside the panel, which stays open", async () => {
    const user = userEvent.setup();
    const refusal = json({ message: 'relation "public.missing" does not exist', code: '42P01', hint: 'Check the name' }, 422);
    renderPage({ refusal });
    await waitFor(() => expect(screen.getByRole('button', { name: 'New table' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'New table' }));
    const panel = screen.getByRole('dialog');
    await user.click(within(panel).getByRole('button', { name: 'Preview SQL' }));
    expect(within(panel).getByText('Name is required')).toBeTruthy();
    await user.type(within(panel).getByLabelText('Name'), 'posts');
    await user.click(within(panel).getByRole('button', { name: 'Preview SQL' }));
    await user.click(await within(panel).findByRole('button', { name: 'Create table' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Postgres refused the change; nothing was applied');
    expect(alert.textContent).toContain('relation "public.missing" does not exist');
    expect(alert.textContent).toContain('Hint: Check the name');
    await user.click(within(panel).getByRole('button', { name: 'Back' }));
    expect(within(panel).getByLabelText('Name')).toHaveProperty('value', 'posts');
  });

  it('keeps structure changes disabled for Read-only members, and says why', async () => {
    const user = userEvent.setup();
    renderPage({ role: 'Read-only', table: 'authors' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Table settings' })).toHaveProperty('disabled', true));
    for (const name of ['New table', 'Add column', 'Edit column', 'More table actions'])
      expect(screen.getByRole('button', { name: new RegExp(name) })).toHaveProperty('disabled', true);
    await user.hover(screen.getByRole('button', { name: 'New table' }).parentElement!);
    expect((await screen.findAllByText(TABLE_EDITOR_MESSAGES.readOnlyStructure)).length).toBeGreaterThan(0);
  });
});

describe('table settings and columns', () => {
  it('renames the table and switches RLS off through a previewed alter', async () => {
    const user = userEvent.setup();
    const { changes } = renderPage({ table: 'authors' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Table settings' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Table settings' }));
    const panel = screen.getByRole('dialog', { name: 'Settings of authors' });
    await user.clear(within(panel).getByLabelText('Name'));
    await user.type(within(panel).getByLabelText('Name'), 'writers');
    await user.click(within(panel).getByRole('switch', { name: /Enable Row Level Security/ }));
    await user.click(within(panel).getByRole('button', { name: 'Preview SQL' }));
    await within(panel).findByLabelText('SQL preview');
    expect(changes()[0]!.change).toEqual({
      kind: 'alter',
      schema: 'public',
      name: 'authors',
      actions: [
        { action: 'set_rls', enabled: false },
        { action: 'rename', new_name: 'writers' },
      ],
    });
  });

  it('changes a column type with a using cast', async () => {
    const user = userEvent.setup();
    const { changes } = renderPage({ table: 'authors' });
    await waitFor(() => expect(screen.getByRole('button', { name: /Edit column/ })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: /Edit column/ }));
    await user.click(await screen.findByRole('menuitem', { name: /name/ }));
    const panel = await screen.findByRole('dialog', { name: 'Edit column name' });
    const type = await within(panel).findByLabelText('Type');
    expect(type).toHaveProperty('value', 'text');
    await user.clear(type);
    await user.type(type, 'numeric');
    await user.type(within(panel).getByLabelText('Convert existing values with (USING)'), 'name::numeric');
    await user.click(within(panel).getByRole('button', { name: 'Preview SQL' }));
    await within(panel).findByLabelText('SQL preview');
    expect(changes()[0]!.change.actions).toEqual([
      { action: 'set_column_type', column: 'name', type: 'numeric', type_schema: 'pg_catalog', using: 'name::numeric' },
    ]);
  });

  it('adds a column', async () => {
    const user = userEvent.setup();
    const { changes } = renderPage({ table: 'authors' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add column' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    const panel = await screen.findByRole('dialog', { name: 'Add a column to authors' });
    await user.type(await within(panel).findByLabelText('Name'), 'bio');
    await user.type(within(panel).getByLabelText('Type'), 'text');
    await user.type(within(panel).getByLabelText('Default value'), "it's me");
    await user.click(within(panel).getByRole('button', { name: 'Preview SQL' }));
    await user.click(await within(panel).findByRole('button', { name: 'Add column' }));
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.tableUpdated('authors'))).toBeTruthy();
    expect(changes()[1]).toMatchObject({
      dry_run: false,
      change: {
        actions: [{ action: 'add_column', definition: { name: 'bio', type: 'text', default: { kind: 'literal', value: "it's me" } } }],
      },
    });
  });
});

describe('delete table dialog', () => {
  it('lists what depends on the table and deletes it with cascade once its name is typed', async () => {
    const user = userEvent.setup();
    const dependents: TableDependents = {
      views: [{ schema: 'public', name: 'author_names', kind: 'view' }],
      foreign_keys: [{ schema: 'public', table: 'posts', constraint: 'posts_author_id_fkey' }],
      policies: [{ name: 'Everyone reads' }],
      triggers: [],
    };
    const { changes } = renderPage({ table: 'authors', dependents });
    await waitFor(() => expect(screen.getByRole('button', { name: 'More table actions' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'More table actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete table authors?' });
    const list = await within(dialog).findByRole('list', { name: 'Dependents' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Views: public.author_names', 'Foreign keys from: public.posts (posts_author_id_fkey)', 'Policies: Everyone reads']);
    await user.click(within(dialog).getByRole('checkbox', { name: /cascade/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete table' }));
    expect(changes()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Type authors to confirm.'), 'authors');
    await user.click(within(dialog).getByRole('button', { name: 'Delete table' }));
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.tableDeleted('authors'))).toBeTruthy();
    expect(changes()).toEqual([{ dry_run: false, change: { kind: 'delete', schema: 'public', name: 'authors', cascade: true } }]);
  });
});

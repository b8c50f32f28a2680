import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_REF } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { FunctionsPage, IndexesPage } from './list-pages';

const META = `/api/platform/pg-meta/${PROJECT_REF}`;
const urls = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));

function index(id: number, table: string) {
  return {
    id,
    table_id: 1,
    schema: 'public',
    table,
    name: `${table}_idx_${id}`,
    access_method: 'btree',
    is_unique: false,
    is_primary: false,
    columns: ['a'],
    predicate: null,
    index_definition: `CREATE INDEX ${table}_idx_${id} ON public.${table} USING btree (a)`,
  };
}

describe('database lists', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for 50 rows a page (plus one to know about the next) and searches as you type', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({
      id: i,
      schema: 'public',
      name: `fn_${i}`,
      argument_types: '',
      return_type: 'void',
      security_definer: false,
      config_params: null,
    }));
    const { fetchMock } = mockApi({ [`GET ${META}/functions`]: json(rows) });
    renderAt('/project/:ref/database/functions', <FunctionsPage />, `/project/${PROJECT_REF}/database/functions?schema=public&search=fn`);
    expect(await screen.findByText('public.fn_0')).toBeTruthy();
    expect(screen.queryByText('public.fn_50')).toBeNull();
    const first = urls(fetchMock)[0];
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({
      include_columns: 'false',
      included_schemas: 'public',
      search: 'fn',
      limit: '51',
      offset: '0',
    });
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urls(fetchMock).at(-1)?.searchParams.get('offset')).toBe('50'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search functions' }), '_1');
    await waitFor(() => expect(urls(fetchMock).at(-1)?.searchParams.get('search')).toBe('fn_1'));
    expect(urls(fetchMock).at(-1)?.searchParams.get('offset')).toBe('0');
  });

  it("keeps to the advisor's table on the indexes page", async () => {
    mockApi({ [`GET ${META}/indexes`]: json([index(1, 'items'), index(2, 'orders'), index(3, 'items_archive')]) });
    renderAt('/project/:ref/database/indexes', <IndexesPage />, `/project/${PROJECT_REF}/database/indexes?schema=public&table=items`);
    expect(await screen.findByText('items_idx_1')).toBeTruthy();
    expect(screen.queryByText('orders_idx_2')).toBeNull();
    expect(screen.queryByText('items_archive_idx_3')).toBeNull();
  });
});

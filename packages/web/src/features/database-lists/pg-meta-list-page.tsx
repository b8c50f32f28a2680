import { Search } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { PgMetaKind, PgMetaKinds } from '../../data/pg-meta/types';
import { PAGE_SIZE, usePgMetaListQuery, type PgMetaParams } from '../../data/pg-meta/use-pg-meta-list-query';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Input } from '../../ui/input';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { useDebouncedValue } from './use-debounced-value';

export interface ListColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export interface PgMetaListConfig<K extends PgMetaKind> {
  kind: K;
  title: string;
  description: string;
  /** The URL parameter the search box reads and writes ('search', or 'filter' for extensions). */
  searchParam: 'search' | 'filter';
  columns: ListColumn<PgMetaKinds[K]>[];
  rowKey: (row: PgMetaKinds[K]) => string | number;
  /** A URL filter the server does not know (an index's table): the list is then fetched whole and paged here. */
  localFilter?: { param: string; label: string; matches: (row: PgMetaKinds[K], value: string) => boolean };
}

function serverParams(schema: string, search: string, page: number, local: boolean): PgMetaParams {
  const params: PgMetaParams = { include_columns: 'false' };
  if (schema) params.included_schemas = schema;
  if (search) params.search = search;
  if (!local) {
    // One row more than a page says whether a next page exists.
    params.limit = PAGE_SIZE + 1;
    params.offset = page * PAGE_SIZE;
  }
  return params;
}

/** A read-only, searchable list of one kind of database object, 50 rows a page (the advisors link here). */
export function PgMetaListPage<K extends PgMetaKind>({ config }: { config: PgMetaListConfig<K> }) {
  const { ref = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const schema = searchParams.get('schema') ?? '';
  const localValue = config.localFilter ? (searchParams.get(config.localFilter.param) ?? '') : '';
  const [text, setText] = useState(searchParams.get(config.searchParam) ?? '');
  const search = useDebouncedValue(text.trim());
  const [page, setPage] = useState(0);
  const local = Boolean(localValue);
  const list = usePgMetaListQuery(ref, config.kind, serverParams(schema, search, page, local));

  const rows = list.data ?? [];
  const filtered = local && config.localFilter ? rows.filter((row) => config.localFilter?.matches(row, localValue)) : rows;
  const shown = local ? filtered.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE) : filtered.slice(0, PAGE_SIZE);
  const hasNext = local ? filtered.length > (page + 1) * PAGE_SIZE : rows.length > PAGE_SIZE;

  const onSearch = (value: string) => {
    setText(value);
    setPage(0);
    const next = new URLSearchParams(searchParams);
    if (value) next.set(config.searchParam, value);
    else next.delete(config.searchParam);
    setSearchParams(next, { replace: true });
  };

  const scope = [schema && `schema ${schema}`, localValue && `${config.localFilter?.label ?? ''} ${localValue}`].filter(Boolean).join(', ');
  return (
    <Page wide>
      <PageHeader title={config.title} description={scope ? `${config.description} Showing ${scope}.` : config.description} />
      <div className="relative mb-3 max-w-xs">
        <Search className="pointer-events-none absolute top-2 left-2 size-4 text-subtle" aria-hidden="true" />
        <Input
          aria-label={`Search ${config.title.toLowerCase()}`}
          placeholder="Search by name"
          className="pl-8"
          value={text}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      {list.isError ? (
        <ErrorFallback onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton className="h-40" />
      ) : shown.length === 0 ? (
        <EmptyState title={`No ${config.title.toLowerCase()} found`} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-surface">
          <table className="w-full text-left text-[13px]">
            <thead className="border-b border-border text-xs text-muted">
              <tr>
                {config.columns.map((column) => (
                  <th key={column.header} className="px-3 py-2 font-medium">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={config.rowKey(row)} className="border-b border-border last:border-0">
                  {config.columns.map((column) => (
                    <td key={column.header} className="px-3 py-2 align-top">
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-3 flex items-center justify-end gap-2 text-xs text-muted">
        <span>Page {page + 1}</span>
        <Button size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Button size="sm" disabled={!hasNext} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </div>
    </Page>
  );
}

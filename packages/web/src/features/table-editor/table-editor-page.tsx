import { can, TABLE_EDITOR_MESSAGES, TABLE_TRANSFER_MESSAGES } from '@basin/core';
import { FileUp, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { usePgMetaListQuery } from '../../data/pg-meta/use-pg-meta-list-query';
import { useTableDefinitionQuery } from '../../data/pg-meta/use-table-definition-query';
import { useProjectRole } from '../../data/use-project-role';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { Input } from '../../ui/input';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { Tooltip } from '../../ui/tooltip';
import { useDebouncedValue } from '../database-lists/use-debounced-value';
import { ImportPanel } from './import-panel';
import { NewTableSheet } from './new-table-sheet';
import { TableActions } from './table-actions';
import { TableRowsEditor } from './table-rows-editor';

const TABLE_LIST_LIMIT = 50;

/** The tables of the project (searchable) and, for the one in `?schema=&table=`, its rows to read and edit. */
export function TableEditorPage() {
  const { ref = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const schema = searchParams.get('schema') ?? 'public';
  const table = searchParams.get('table') ?? '';
  const [text, setText] = useState('');
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const role = useProjectRole(ref);
  const mayChange = can(role, 'database.credentials:read');
  const search = useDebouncedValue(text.trim());
  const tables = usePgMetaListQuery(ref, 'tables', {
    include_columns: 'false',
    included_schemas: schema,
    ...(search ? { search } : {}),
    limit: TABLE_LIST_LIMIT,
    offset: 0,
  });

  return (
    <Page wide>
      <PageHeader
        title="Tables"
        description={`Tables of the ${schema} schema, read and written through the project's REST API as your database role.`}
      />
      <div className="flex flex-col gap-4 md:flex-row">
        <aside className="flex w-full shrink-0 flex-col gap-2 md:w-56">
          <Tooltip content={role && !mayChange ? TABLE_EDITOR_MESSAGES.readOnlyStructure : null} wrapDisabled>
            <Button size="sm" disabled={!mayChange} onClick={() => setCreating(true)}>
              <Plus className="size-3.5" aria-hidden="true" />
              New table
            </Button>
          </Tooltip>
          <div className="relative">
            <Search className="pointer-events-none absolute top-2 left-2 size-4 text-subtle" aria-hidden="true" />
            <Input
              aria-label="Search tables"
              placeholder="Search tables"
              className="pl-8"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <Tooltip content={role && !mayChange ? TABLE_TRANSFER_MESSAGES.readOnly : null} wrapDisabled>
            <Button size="sm" disabled={!mayChange} onClick={() => setImporting(true)}>
              <FileUp className="size-3.5" aria-hidden="true" />
              Import CSV
            </Button>
          </Tooltip>
          {!tables.data ? (
            <Skeleton className="h-32" />
          ) : (
            <nav aria-label="Tables" className="flex flex-col gap-0.5">
              {tables.data.map((item) => (
                <button
                  key={item.id}
                  type="button"
                  aria-current={item.name === table ? 'page' : undefined}
                  onClick={() => setSearchParams({ schema, table: item.name })}
                  className={cn(
                    'cursor-pointer truncate rounded-md px-2 py-1 text-left font-mono text-xs',
                    item.name === table ? 'bg-surface-hover font-medium' : 'text-muted hover:bg-surface-muted hover:text-foreground',
                  )}
                >
                  {item.name}
                </button>
              ))}
              {tables.data.length === 0 ? <p className="px-2 text-xs text-muted">No tables found</p> : null}
            </nav>
          )}
        </aside>
        <section className="min-w-0 flex-1">
          {table ? (
            <>
              <h2 className="mb-2 font-mono text-[13px] font-medium">
                {schema}.{table}
              </h2>
              <SelectedTable
                key={`${schema}.${table}`}
                projectRef={ref}
                schema={schema}
                table={table}
                onShow={(name) => setSearchParams(name ? { schema, table: name } : { schema })}
              />
            </>
          ) : (
            <EmptyState title="Select a table">Pick a table on the left to see its rows.</EmptyState>
          )}
        </section>
      </div>
      <NewTableSheet
        projectRef={ref}
        schema={schema}
        open={creating}
        onOpenChange={setCreating}
        onCreated={(name) => setSearchParams({ schema, table: name })}
      />
      <ImportPanel
        projectRef={ref}
        schema={schema}
        open={importing}
        onOpenChange={setImporting}
        onImported={(name) => setSearchParams({ schema, table: name })}
      />
    </Page>
  );
}

interface SelectedTableProps {
  projectRef: string;
  schema: string;
  table: string;
  /** Show another table (renamed, copied) or none (deleted). */
  onShow: (table: string | null) => void;
}

/** The chosen table's definition (columns, primary key), its structure's actions, then its rows. */
function SelectedTable({ projectRef, schema, table, onShow }: SelectedTableProps) {
  const { definition, error } = useTableDefinitionQuery(projectRef, schema, table);
  if (error)
    return (
      <Alert tone="danger" title={`Failed to read ${schema}.${table}`}>
        {error.message}
      </Alert>
    );
  if (definition === undefined) return <Skeleton className="h-40" />;
  if (definition === null) return <EmptyState title="Table not found">{`There is no table ${schema}.${table}.`}</EmptyState>;
  return (
    <div className="flex flex-col gap-3">
      <TableActions projectRef={projectRef} definition={definition} onShow={onShow} />
      <TableRowsEditor projectRef={projectRef} definition={definition} />
    </div>
  );
}

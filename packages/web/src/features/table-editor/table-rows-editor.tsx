import { Columns3, FileUp, Plus, Trash2 } from 'lucide-react';
import { can, TABLE_EDITOR_MESSAGES, TABLE_TRANSFER_MESSAGES } from '@basin/core';
import type { PgTable } from '@basin/core/schemas';
import { useState } from 'react';
import { type FilterChip, type Row, type RowsView, TABLE_ROWS_PAGE_SIZE } from '../../data/table-rows/rows-params';
import { useDeleteRowsMutation } from '../../data/table-rows/use-delete-rows-mutation';
import { useInsertRowMutation } from '../../data/table-rows/use-insert-row-mutation';
import { usePasteRowsMutation } from '../../data/table-rows/use-paste-rows-mutation';
import { useTableRowsQuery } from '../../data/table-rows/use-table-rows-query';
import { useUpdateRowMutation } from '../../data/table-rows/use-update-row-mutation';
import { useProjectRole } from '../../data/use-project-role';
import { toast } from '../../lib/toast';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DropdownMenu } from '../../ui/dropdown-menu';
import { Skeleton } from '../../ui/skeleton';
import { Tooltip } from '../../ui/tooltip';
import { ExportMenu } from './export-menu';
import { ImportPanel } from './import-panel';
import { FilterBar } from './filter-bar';
import type { CellPoint } from './grid-cursor';
import { pastePlan } from './paste-plan';
import { RowEditorSheet, type RowEditorTarget } from './row-editor-sheet';
import { changedValues, type FieldValues, insertValues } from './row-form-values';
import { RowsGrid } from './rows-grid';
import { RowsPager } from './rows-pager';
import { useTableViewPrefs } from './table-view-prefs';

const FIRST_PAGE: RowsView = { filters: [], sort: null, page: 0 };

/** Next sort of a header click: ascending, then descending, then none. */
function nextSort(view: RowsView, column: string): RowsView['sort'] {
  if (view.sort?.column !== column) return { column, ascending: true };
  return view.sort.ascending ? { column, ascending: false } : null;
}

/**
 * A table's rows through the project's REST API as the member's database role: filter chips,
 * sorting, pages of 100, and (for members who may write, on tables with a primary key) insert,
 * edit and delete.
 */
export function TableRowsEditor({ projectRef, definition }: { projectRef: string; definition: PgTable }) {
  const address = { ref: projectRef, schema: definition.schema, table: definition.name };
  const columns = definition.columns ?? [];
  const primaryKey = definition.primary_keys.map((key) => key.name);
  const role = useProjectRole(projectRef);
  const mayWrite = can(role, 'database.credentials:read');
  const writeHint = role && !mayWrite ? TABLE_EDITOR_MESSAGES.readOnly : null;
  const editable = mayWrite && primaryKey.length > 0;

  const [prefs, setPrefs] = useTableViewPrefs(projectRef, definition.schema, definition.name);
  const shown = columns.filter((column) => !prefs.hidden.includes(column.name));
  const [view, setView] = useState<RowsView>(() => ({ ...FIRST_PAGE, sort: prefs.sort }));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editorTarget, setEditorTarget] = useState<RowEditorTarget | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [importing, setImporting] = useState(false);
  const rows = useTableRowsQuery(address, view, { primaryKey, columns });

  const changeView = (next: RowsView) => {
    setView(next);
    setSelected(new Set());
  };
  const keyOf = (row: Row) => JSON.stringify(primaryKey.map((column) => row[column]));
  const selectedRows = (rows.data?.rows ?? []).filter((row) => selected.has(keyOf(row)));

  const closeEditor = () => setEditorTarget(null);
  const insert = useInsertRowMutation({
    onSuccess: () => {
      toast.success(TABLE_EDITOR_MESSAGES.inserted);
      closeEditor();
    },
  });
  const update = useUpdateRowMutation({
    onSuccess: () => {
      toast.success(TABLE_EDITOR_MESSAGES.updated);
      closeEditor();
    },
  });
  const paste = usePasteRowsMutation({
    onSuccess: (written) => {
      toast.success(TABLE_EDITOR_MESSAGES.pasted(written.length));
    },
  });
  function pasteCells(at: CellPoint, cells: string[][]) {
    const plan = pastePlan(shown, rows.data?.rows ?? [], at, cells);
    if ('refused' in plan) toast.error(TABLE_EDITOR_MESSAGES.pasteRefused(plan.refused.column, plan.refused.problem));
    else if (!plan.updates.length) toast.info(TABLE_EDITOR_MESSAGES.nothingPasted);
    else paste.mutate({ ...address, primaryKey, updates: plan.updates });
  }
  const remove = useDeleteRowsMutation({
    onSuccess: (deleted) => {
      toast.success(TABLE_EDITOR_MESSAGES.deleted(deleted.length));
      setSelected(new Set());
      setConfirmingDelete(false);
    },
  });

  function save(fields: FieldValues, row: Row | undefined) {
    if (!row) {
      insert.mutate({ ...address, values: insertValues(columns, fields) });
      return;
    }
    const changes = changedValues(columns, row, fields);
    if (Object.keys(changes).length) update.mutate({ ...address, primaryKey, row, changes });
    else closeEditor();
  }
  const rowsLabel = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'}`;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <FilterBar
          columns={columns.map((column) => column.name)}
          filters={view.filters}
          onChange={(filters: FilterChip[]) => changeView({ ...view, filters, page: 0 })}
        />
        <div className="flex gap-2">
          <DropdownMenu>
            <DropdownMenu.Trigger asChild>
              <Button size="sm">
                <Columns3 className="size-3.5" aria-hidden="true" />
                {prefs.hidden.length ? `Columns (${prefs.hidden.length} hidden)` : 'Columns'}
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content>
              <DropdownMenu.Label>Shown columns</DropdownMenu.Label>
              {columns.map((column) => (
                <DropdownMenu.CheckboxItem
                  key={column.name}
                  checked={!prefs.hidden.includes(column.name)}
                  onSelect={(event) => event.preventDefault()}
                  onCheckedChange={(on) =>
                    setPrefs({ hidden: on ? prefs.hidden.filter((name) => name !== column.name) : [...prefs.hidden, column.name] })
                  }
                >
                  {column.name}
                </DropdownMenu.CheckboxItem>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu>
          <ExportMenu address={address} view={view} />
          <Tooltip content={role && !mayWrite ? TABLE_TRANSFER_MESSAGES.readOnly : null} wrapDisabled>
            <Button size="sm" disabled={!mayWrite} onClick={() => setImporting(true)}>
              <FileUp className="size-3.5" aria-hidden="true" />
              Import data
            </Button>
          </Tooltip>
          <Tooltip content={writeHint ?? (mayWrite && !primaryKey.length ? TABLE_EDITOR_MESSAGES.noPrimaryKey : null)} wrapDisabled>
            <Button size="sm" variant="danger" disabled={!editable || !selectedRows.length} onClick={() => setConfirmingDelete(true)}>
              <Trash2 className="size-3.5" aria-hidden="true" />
              {selectedRows.length ? `Delete ${rowsLabel(selectedRows.length)}` : 'Delete rows'}
            </Button>
          </Tooltip>
          <Tooltip content={writeHint} wrapDisabled>
            <Button size="sm" variant="primary" disabled={!mayWrite} onClick={() => setEditorTarget({})}>
              <Plus className="size-3.5" aria-hidden="true" />
              Insert row
            </Button>
          </Tooltip>
        </div>
      </div>
      {mayWrite && !primaryKey.length ? <p className="text-xs text-muted">{TABLE_EDITOR_MESSAGES.noPrimaryKey}</p> : null}

      {rows.isError ? (
        <Alert tone="danger" title={`Failed to read ${address.schema}.${address.table}`}>
          {rows.error.message}
        </Alert>
      ) : !rows.data ? (
        <Skeleton className="h-40" />
      ) : (
        <>
          <RowsGrid
            label={`Rows of ${address.schema}.${address.table}`}
            columns={shown}
            rows={rows.data.rows}
            widths={prefs.widths}
            onResize={(column, width) => setPrefs({ widths: { ...prefs.widths, [column]: width } })}
            firstNumber={view.page * TABLE_ROWS_PAGE_SIZE + 1}
            sort={view.sort}
            onSort={(column) => {
              const sort = nextSort(view, column);
              setPrefs({ sort });
              changeView({ ...view, sort, page: 0 });
            }}
            editing={
              editable
                ? {
                    keyOf,
                    selected,
                    onSelect: (keys, on) =>
                      setSelected(new Set(on ? [...selected, ...keys] : [...selected].filter((key) => !keys.includes(key)))),
                    onEdit: (row, column) => setEditorTarget({ row, column }),
                    onPaste: pasteCells,
                  }
                : undefined
            }
          />
          {rows.data.rows.length === 0 ? (
            <p className="text-center text-[13px] text-muted">
              {view.filters.length ? 'No rows match the filters' : 'This table has no rows yet'}
            </p>
          ) : null}
          <RowsPager
            page={view.page}
            shown={rows.data.rows.length}
            total={rows.data.total}
            loading={rows.isFetching}
            onPage={(page) => changeView({ ...view, page })}
          />
        </>
      )}

      <RowEditorSheet
        projectRef={projectRef}
        columns={columns}
        relationships={definition.relationships.filter(
          (relationship) => relationship.source_schema === definition.schema && relationship.source_table_name === definition.name,
        )}
        target={editorTarget}
        onClose={closeEditor}
        saving={insert.isPending || update.isPending}
        onSave={save}
      />
      <ImportPanel projectRef={projectRef} schema={definition.schema} target={definition} open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        variant="danger"
        title={`Delete ${rowsLabel(selectedRows.length)}?`}
        description={`This deletes ${rowsLabel(selectedRows.length)} from ${address.schema}.${address.table}; it cannot be undone.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ ...address, primaryKey, rows: selectedRows })}
      />
    </div>
  );
}

import { ArrowDown, ArrowUp, File, Folder, Trash2 } from 'lucide-react';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { formatBytes, STORAGE_MESSAGES, type StorageObject } from '@basin/core/schemas';
import { formatDateTime } from '../../lib/format-date';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { type FileActions, FileActionsMenu } from './file-actions-menu';
import { isFolder } from './object-names';
import type { ObjectsSort, useObjectPages } from './use-object-pages';

/** A column header that sorts the list on the server (folders stay first); `aria-sort` says how. */
function SortHeader({
  column,
  sort,
  onSort,
  children,
}: {
  column: ObjectsSort['column'] & string;
  sort: ObjectsSort;
  onSort: (sort: ObjectsSort) => void;
  children: ReactNode;
}) {
  const active = sort.column === column;
  const Arrow = sort.order === 'desc' ? ArrowDown : ArrowUp;
  return (
    <th className="px-3 py-2 font-medium" aria-sort={active ? (sort.order === 'desc' ? 'descending' : 'ascending') : undefined}>
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:text-foreground"
        onClick={() => onSort({ column, order: active && sort.order === 'asc' ? 'desc' : 'asc' })}
      >
        {children}
        {active ? <Arrow className="size-3" aria-hidden="true" /> : null}
      </button>
    </th>
  );
}

/** Under the list once there are pages: how much is shown, and Load more while the folder has more. */
function PagesFooter({ pages, shown }: { pages: ReturnType<typeof useObjectPages>; shown: number }) {
  if (!pages.hasNextPage && (pages.data?.pages.length ?? 0) <= 1) return null;
  return (
    <div className="flex items-center justify-between gap-3 border-t border-border px-3 py-2 text-xs text-muted">
      <p role="status">
        {pages.hasNextPage ? `Showing the first ${shown} entries.` : `Showing all ${shown} entries.`}
        {pages.isFetchNextPageError ? <span className="ml-2 text-danger">Could not load more: {pages.error?.message}</span> : null}
      </p>
      {pages.hasNextPage ? (
        <Button size="sm" loading={pages.isFetchingNextPage} disabled={pages.isPlaceholderData} onClick={() => void pages.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}

export interface FileTableProps {
  /** The folder's entries as shown, folders first. */
  entries: StorageObject[];
  /** An entry's path in the bucket (folders end with `/`). */
  pathOf: (entry: StorageObject) => string;
  /** The pages the entries come from. */
  pages: ReturnType<typeof useObjectPages>;
  sort: ObjectsSort;
  onSort: (sort: ObjectsSort) => void;
  selected: Set<string>;
  setSelected: Dispatch<SetStateAction<Set<string>>>;
  /** The path of the file whose details are open. */
  openFile: string | null;
  canWrite: boolean;
  onOpen: (path: string, folder: boolean) => void;
  onDeleteFolder: (path: string) => void;
  actionsFor: (path: string) => FileActions;
}

/** The folder's files and folders: select, sort, open, delete a folder, a file's actions; more pages on demand. */
export function FileTable({
  entries,
  pathOf,
  pages,
  sort,
  onSort,
  selected,
  setSelected,
  openFile,
  canWrite,
  onOpen,
  onDeleteFolder,
  actionsFor,
}: FileTableProps) {
  const allPaths = entries.map(pathOf);
  const allSelected = allPaths.length > 0 && allPaths.every((path) => selected.has(path));
  const toggle = (path: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-left text-[13px]">
        <thead className="border-b border-border bg-surface-muted text-xs text-muted">
          <tr>
            <th className="w-8 px-3 py-2">
              <input
                type="checkbox"
                aria-label="Select all"
                className="size-4 align-middle accent-[var(--color-accent)]"
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(allPaths))}
              />
            </th>
            <SortHeader column="name" sort={sort} onSort={onSort}>
              Name
            </SortHeader>
            <th className="px-3 py-2 font-medium">Size</th>
            <th className="px-3 py-2 font-medium">Type</th>
            <SortHeader column="updated_at" sort={sort} onSort={onSort}>
              Last modified
            </SortHeader>
            <th className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const path = pathOf(entry);
            const folderEntry = isFolder(entry);
            return (
              <tr
                key={path}
                className={cn(
                  'border-b border-border last:border-b-0',
                  selected.has(path) && 'bg-accent-soft/40',
                  openFile === path && 'bg-surface-hover',
                )}
              >
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={`Select ${entry.name}`}
                    className="size-4 align-middle accent-[var(--color-accent)]"
                    checked={selected.has(path)}
                    onChange={() => toggle(path)}
                  />
                </td>
                <td className="max-w-0 px-3 py-2">
                  <button
                    type="button"
                    className="flex max-w-full items-center gap-2 text-left hover:underline focus-visible:underline"
                    onClick={() => onOpen(path, folderEntry)}
                  >
                    {folderEntry ? (
                      <Folder className="size-4 shrink-0 text-accent" aria-hidden="true" />
                    ) : (
                      <File className="size-4 shrink-0 text-subtle" aria-hidden="true" />
                    )}
                    <span className="truncate">{entry.name}</span>
                  </button>
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-muted">{folderEntry ? '—' : formatBytes(entry.metadata?.size ?? 0)}</td>
                <td className="max-w-40 truncate px-3 py-2 text-muted">{folderEntry ? 'Folder' : (entry.metadata?.mimetype ?? '—')}</td>
                <td className="px-3 py-2 whitespace-nowrap text-muted">{entry.updated_at ? formatDateTime(entry.updated_at) : '—'}</td>
                <td className="px-2 py-1 text-right">
                  {folderEntry ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete folder ${entry.name}`}
                      disabled={!canWrite}
                      title={canWrite ? undefined : STORAGE_MESSAGES.noWritePermission}
                      onClick={() => onDeleteFolder(path)}
                    >
                      <Trash2 className="size-3.5" aria-hidden="true" />
                    </Button>
                  ) : (
                    <FileActionsMenu name={entry.name} canWrite={canWrite} actions={actionsFor(path)} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <PagesFooter pages={pages} shown={entries.length} />
    </div>
  );
}

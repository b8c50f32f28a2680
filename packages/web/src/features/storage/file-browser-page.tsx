import { ArrowDown, ArrowLeft, ArrowUp, ChevronRight, File, Folder, FolderPlus, RotateCw, Search, Trash2, Upload } from 'lucide-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { can } from '@basin/core';
import { formatBytes, STORAGE_MESSAGES, type StorageObject } from '@basin/core/schemas';
import { publicObjectUrl } from '../../data/storage/object-urls';
import { objectPath } from '../../data/storage/paths';
import { useBucketQuery } from '../../data/storage/use-bucket-query';
import { useProjectRole } from '../../data/use-project-role';
import { copyToClipboard } from '../../lib/clipboard';
import { downloadFile } from '../../lib/download';
import { formatDateTime } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import { useQueryParams } from '../../lib/use-query-params';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { Input } from '../../ui/input';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { useDebouncedValue } from '../database-lists/use-debounced-value';
import { BucketAccess } from './buckets-page';
import { CreateFolderDialog } from './create-folder-dialog';
import { DeleteFilesDialog } from './delete-files-dialog';
import { type FileActions, FileActionsMenu } from './file-actions-menu';
import { FileDetailsPanel } from './file-details-panel';
import { crumbsOf, folderOf, folderOfPath, isFolder, visibleEntries } from './object-names';
import { MoveFileDialog } from './move-file-dialog';
import { PermissionButton } from './permission-button';
import { SignedUrlDialog } from './signed-url-dialog';
import { UploadQueue } from './upload-queue';
import { entriesOf, type ObjectsSort, useObjectPages } from './use-object-pages';
import { useUploads } from './use-uploads';

/** The URL keeps the folder (`path`) and the open file (`file`). */
function useBrowserParams() {
  const { params, update } = useQueryParams({ replace: false });
  return { folder: folderOf(params.get('path')), file: params.get('file'), update };
}

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

const NAME_ORDER: ObjectsSort = { column: 'name', order: 'asc' };

/** /project/:ref/storage/buckets/:id — the files of a bucket by folder: upload, download, move, delete, share, details. */
export function FileBrowserPage() {
  const { ref = '', id = '' } = useParams();
  const { folder, file, update } = useBrowserParams();
  const bucket = useBucketQuery(ref, id);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const [sort, setSort] = useState<ObjectsSort>(NAME_ORDER);
  const objects = useObjectPages(ref, id, { path: folder, search, sortBy: sort });
  const loaded = entriesOf(objects.data);
  const canWrite = can(useProjectRole(ref), 'storage:write');
  const { uploads, start, cancel, clear } = useUploads(ref, id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<
    { kind: 'folder' } | { kind: 'delete'; paths: string[] } | { kind: 'sign'; path: string } | { kind: 'move'; path: string } | null
  >(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const entries = visibleEntries(loaded ?? []);
  const pathOf = (entry: StorageObject) => (isFolder(entry) ? `${folder}${entry.name}/` : `${folder}${entry.name}`);
  const openFolder = (path: string) => {
    setSelected(new Set());
    setText('');
    update({ path: path || null, file: null });
  };
  const isPublic = bucket.data?.public ?? false;

  const actionsFor = (path: string): FileActions => ({
    download: () => downloadFile(objectPath(ref, id, path)),
    copyPublicUrl: isPublic
      ? () =>
          void publicObjectUrl(ref, id, path)
            .then(({ publicUrl }) => copyToClipboard(publicUrl))
            .then(() => toast.success('Copied the public URL'))
            .catch((error: Error) => toast.error(`Failed to copy the public URL: ${error.message}`))
      : undefined,
    signUrl: () => setDialog({ kind: 'sign', path }),
    move: () => setDialog({ kind: 'move', path }),
    remove: () => setDialog({ kind: 'delete', paths: [path] }),
  });

  /** After a move the list shows the file where it went: its folder, and its details if they were open. */
  const onMoved = (from: string, to: string) => {
    const destination = folderOfPath(to);
    if (destination !== folder) {
      setSelected(new Set());
      setText('');
    } else setSelected((current) => (current.has(from) ? new Set([...current].filter((path) => path !== from)) : current));
    update({ path: destination || null, file: file === from ? to : null });
  };

  const uploadFiles = (files: FileList | File[] | null) => {
    if (!files || !files.length) return;
    void start([...files], folder);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canWrite) uploadFiles(event.dataTransfer.files);
  };

  const toggle = (path: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  const allPaths = entries.map(pathOf);
  const allSelected = allPaths.length > 0 && allPaths.every((path) => selected.has(path));
  const chosen = allPaths.filter((path) => selected.has(path));

  return (
    <Page wide>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            {id}
            {bucket.data ? <BucketAccess bucket={bucket.data} /> : null}
          </span>
        }
        description={
          <Link to={`/project/${ref}/storage/buckets`} className="inline-flex items-center gap-1 hover:underline">
            <ArrowLeft className="size-3.5" aria-hidden="true" />
            All buckets
          </Link>
        }
        actions={
          <>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Reload files"
              onClick={() => void objects.refetch()}
              disabled={objects.isFetching}
            >
              <RotateCw className={objects.isFetching ? 'size-3.5 animate-spin' : 'size-3.5'} aria-hidden="true" />
            </Button>
            <PermissionButton allowed={canWrite} reason={STORAGE_MESSAGES.noWritePermission} onClick={() => setDialog({ kind: 'folder' })}>
              <FolderPlus className="size-3.5" aria-hidden="true" />
              Create folder
            </PermissionButton>
            <PermissionButton
              allowed={canWrite}
              reason={STORAGE_MESSAGES.noWritePermission}
              variant="primary"
              onClick={() => fileInput.current?.click()}
            >
              <Upload className="size-3.5" aria-hidden="true" />
              Upload files
            </PermissionButton>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              aria-label="Files to upload"
              onChange={(event) => {
                uploadFiles(event.target.files);
                event.target.value = '';
              }}
            />
          </>
        }
      />
      <nav aria-label="Folder" className="mb-3 flex flex-wrap items-center gap-1 text-[13px]">
        <button
          type="button"
          className={cn('rounded px-1 hover:underline', !folder && 'font-medium')}
          onClick={() => openFolder('')}
          aria-current={!folder ? 'location' : undefined}
        >
          {id}
        </button>
        {crumbsOf(folder).map((crumb, index, all) => (
          <span key={crumb.path} className="flex items-center gap-1">
            <ChevronRight className="size-3.5 text-subtle" aria-hidden="true" />
            <button
              type="button"
              className={cn('rounded px-1 hover:underline', index === all.length - 1 && 'font-medium')}
              aria-current={index === all.length - 1 ? 'location' : undefined}
              onClick={() => openFolder(crumb.path)}
            >
              {crumb.name}
            </button>
          </span>
        ))}
      </nav>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <div className="relative w-full max-w-xs">
          <Search className="pointer-events-none absolute top-2 left-2 size-4 text-subtle" aria-hidden="true" />
          <Input
            type="search"
            aria-label="Search files"
            placeholder="Search this folder"
            className="pl-8"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        {chosen.length ? (
          <div className="flex items-center gap-2 text-[13px]" role="status">
            <span className="text-muted">{chosen.length} selected</span>
            <PermissionButton
              allowed={canWrite}
              reason={STORAGE_MESSAGES.noWritePermission}
              size="sm"
              variant="danger"
              onClick={() => setDialog({ kind: 'delete', paths: chosen })}
            >
              <Trash2 className="size-3.5" aria-hidden="true" />
              Delete
            </PermissionButton>
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </div>
        ) : null}
      </div>
      <UploadQueue uploads={uploads} onCancel={cancel} onClear={clear} />
      <div
        onDragOver={(event) => {
          if (!canWrite) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn('rounded-lg', dragging && 'ring-2 ring-accent')}
      >
        {bucket.isError || (objects.isError && !objects.data) ? (
          <Alert tone="danger" title="Could not load the files">
            <p>{(bucket.error ?? objects.error)?.message}</p>
            <Button size="sm" className="mt-2" onClick={() => void (bucket.isError ? bucket.refetch() : objects.refetch())}>
              Try again
            </Button>
          </Alert>
        ) : !loaded ? (
          <Skeleton className="h-48 w-full rounded-lg" />
        ) : entries.length === 0 ? (
          search ? (
            <EmptyState icon={<Search className="size-6" aria-hidden="true" />} title="No files found">
              No file or folder here starts with &ldquo;{search}&rdquo;.
            </EmptyState>
          ) : (
            <EmptyState
              icon={<Upload className="size-6" aria-hidden="true" />}
              title={folder ? 'This folder is empty' : 'This bucket is empty'}
            >
              {canWrite ? 'Drop files here, or use Upload files.' : 'Files uploaded to this bucket appear here.'}
            </EmptyState>
          )
        ) : (
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
                  <SortHeader column="name" sort={sort} onSort={setSort}>
                    Name
                  </SortHeader>
                  <th className="px-3 py-2 font-medium">Size</th>
                  <th className="px-3 py-2 font-medium">Type</th>
                  <SortHeader column="updated_at" sort={sort} onSort={setSort}>
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
                        file === path && 'bg-surface-hover',
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
                          onClick={() => (folderEntry ? openFolder(path) : update({ file: path }))}
                        >
                          {folderEntry ? (
                            <Folder className="size-4 shrink-0 text-accent" aria-hidden="true" />
                          ) : (
                            <File className="size-4 shrink-0 text-subtle" aria-hidden="true" />
                          )}
                          <span className="truncate">{entry.name}</span>
                        </button>
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap text-muted">
                        {folderEntry ? '—' : formatBytes(entry.metadata?.size ?? 0)}
                      </td>
                      <td className="max-w-40 truncate px-3 py-2 text-muted">
                        {folderEntry ? 'Folder' : (entry.metadata?.mimetype ?? '—')}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap text-muted">
                        {entry.updated_at ? formatDateTime(entry.updated_at) : '—'}
                      </td>
                      <td className="px-2 py-1 text-right">
                        {folderEntry ? (
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Delete folder ${entry.name}`}
                            disabled={!canWrite}
                            title={canWrite ? undefined : STORAGE_MESSAGES.noWritePermission}
                            onClick={() => setDialog({ kind: 'delete', paths: [path] })}
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
            {objects.hasNextPage || (objects.data?.pages.length ?? 0) > 1 ? (
              <div className="flex items-center justify-between gap-3 border-t border-border px-3 py-2 text-xs text-muted">
                <p role="status">
                  {objects.hasNextPage ? `Showing the first ${entries.length} entries.` : `Showing all ${entries.length} entries.`}
                  {objects.isFetchNextPageError ? (
                    <span className="ml-2 text-danger">Could not load more: {objects.error?.message}</span>
                  ) : null}
                </p>
                {objects.hasNextPage ? (
                  <Button
                    size="sm"
                    loading={objects.isFetchingNextPage}
                    disabled={objects.isPlaceholderData}
                    onClick={() => void objects.fetchNextPage()}
                  >
                    Load more
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>
        )}
      </div>
      <FileDetailsPanel
        projectRef={ref}
        bucket={id}
        path={file}
        entry={file ? entries.find((entry) => !isFolder(entry) && pathOf(entry) === file) : undefined}
        actions={file ? <FileActionsMenu name={file.split('/').pop() ?? file} canWrite={canWrite} actions={actionsFor(file)} /> : null}
        canWrite={canWrite}
        onMove={() => file && setDialog({ kind: 'move', path: file })}
        onClose={() => update({ file: null })}
      />
      <CreateFolderDialog
        projectRef={ref}
        bucket={id}
        folder={folder}
        existing={entries.map((entry) => entry.name)}
        open={dialog?.kind === 'folder'}
        onOpenChange={(open) => !open && setDialog(null)}
        onCreated={openFolder}
      />
      {dialog?.kind === 'delete' ? (
        <DeleteFilesDialog
          projectRef={ref}
          bucket={id}
          paths={dialog.paths}
          open
          onOpenChange={(open) => !open && setDialog(null)}
          onDeleted={() => {
            setSelected(new Set());
            if (file && dialog.paths.some((path) => path === file || (path.endsWith('/') && file.startsWith(path)))) update({ file: null });
          }}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveFileDialog
          projectRef={ref}
          bucket={id}
          path={dialog.path}
          open
          onOpenChange={(open) => !open && setDialog(null)}
          onMoved={(to) => onMoved(dialog.path, to)}
        />
      ) : null}
      {dialog?.kind === 'sign' ? (
        <SignedUrlDialog projectRef={ref} bucket={id} path={dialog.path} open onOpenChange={(open) => !open && setDialog(null)} />
      ) : null}
    </Page>
  );
}

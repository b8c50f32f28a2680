import { ArrowLeft, FolderPlus, RotateCw, Search, Trash2, Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { Link, useParams } from 'react-router';
import { can } from '@basin/core';
import { STORAGE_MESSAGES, type StorageObject } from '@basin/core/schemas';
import { publicObjectUrl } from '../../data/storage/object-urls';
import { objectPath } from '../../data/storage/paths';
import { useBucketQuery } from '../../data/storage/use-bucket-query';
import { useProjectRole } from '../../data/use-project-role';
import { copyToClipboard } from '../../lib/clipboard';
import { downloadFile } from '../../lib/download';
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
import { type FileActions, FileActionsMenu } from './file-actions-menu';
import { type FileBrowserDialog, FileBrowserDialogs } from './file-browser-dialogs';
import { FileDetailsPanel } from './file-details-panel';
import { FileTable } from './file-table';
import { FolderCrumbs } from './folder-crumbs';
import { folderOf, folderOfPath, isFolder, visibleEntries } from './object-names';
import { PermissionButton } from './permission-button';
import { UploadQueue } from './upload-queue';
import { entriesOf, type ObjectsSort, useObjectPages } from './use-object-pages';
import { useUploads } from './use-uploads';

/** The URL keeps the folder (`path`) and the open file (`file`). */
function useBrowserParams() {
  const { params, update } = useQueryParams({ replace: false });
  return { folder: folderOf(params.get('path')), file: params.get('file'), update };
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
  const [dialog, setDialog] = useState<FileBrowserDialog>(null);
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

  const chosen = entries.map(pathOf).filter((path) => selected.has(path));

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
      <FolderCrumbs bucket={id} folder={folder} onOpen={openFolder} />
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
          <FileTable
            entries={entries}
            pathOf={pathOf}
            pages={objects}
            sort={sort}
            onSort={setSort}
            selected={selected}
            setSelected={setSelected}
            openFile={file}
            canWrite={canWrite}
            onOpen={(path, isFolderPath) => (isFolderPath ? openFolder(path) : update({ file: path }))}
            onDeleteFolder={(path) => setDialog({ kind: 'delete', paths: [path] })}
            actionsFor={actionsFor}
          />
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
      <FileBrowserDialogs
        projectRef={ref}
        bucket={id}
        folder={folder}
        entries={entries}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onFolderCreated={openFolder}
        onDeleted={(paths) => {
          setSelected(new Set());
          if (file && paths.some((path) => path === file || (path.endsWith('/') && file.startsWith(path)))) update({ file: null });
        }}
        onMoved={onMoved}
      />
    </Page>
  );
}

import { Archive, Download } from 'lucide-react';
import { can } from '@basin/core';
import { formatBytes, STORAGE_MESSAGES } from '@basin/core/schemas';
import { useCreateStorageArchiveMutation, useStorageArchiveQuery } from '../../data/storage/use-storage-archive';
import { useProjectRole } from '../../data/use-project-role';
import { downloadFile } from '../../lib/download';
import { formatDateTime } from '../../lib/format-date';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { PermissionButton } from './permission-button';

/** A zip of every bucket's files: create it (polled every 5 s while it is made), then download it. */
export function ArchiveCard({ projectRef }: { projectRef: string }) {
  const archive = useStorageArchiveQuery(projectRef);
  const create = useCreateStorageArchiveMutation();
  const canWrite = can(useProjectRole(projectRef), 'storage:write');
  const state = archive.data;
  const running = state?.status === 'RUNNING' || create.isPending;

  return (
    <Card>
      <Card.Header>
        <Card.Title>Storage archive</Card.Title>
      </Card.Header>
      <Card.Content className="flex flex-col gap-3 text-[13px]">
        <p className="text-muted">
          One zip file of every bucket&apos;s files, each under its bucket&apos;s name: a copy to keep, or to move the files elsewhere.
        </p>
        {archive.isError ? (
          <Alert tone="danger" title="Could not read the archive">
            {archive.error.message}
          </Alert>
        ) : archive.isPending ? null : running ? (
          <p role="status" className="flex items-center gap-2">
            <Spinner className="size-3.5" />
            Creating the archive{state?.objects ? ` (${state.objects} files so far)` : ''}…
          </p>
        ) : state?.status === 'FAILED' ? (
          <Alert tone="danger" title={STORAGE_MESSAGES.archiveFailed(state.error ?? 'unknown error')} />
        ) : state?.status === 'READY' ? (
          <p role="status" className="text-muted">
            Created {formatDateTime(state.finished_at ?? state.created_at)}: {state.objects} {state.objects === 1 ? 'file' : 'files'},{' '}
            {formatBytes(state.size ?? 0)}.
          </p>
        ) : (
          <p className="text-muted">No archive yet.</p>
        )}
        <div className="flex flex-wrap gap-2">
          <PermissionButton
            allowed={canWrite}
            reason={STORAGE_MESSAGES.noWritePermission}
            loading={running}
            onClick={() => create.mutate({ ref: projectRef })}
          >
            <Archive className="size-3.5" aria-hidden="true" />
            {state ? 'Create a new archive' : 'Create archive'}
          </PermissionButton>
          {state?.status === 'READY' && state.fileUrl && !running ? (
            <Button variant="primary" onClick={() => downloadFile(state.fileUrl!)}>
              <Download className="size-3.5" aria-hidden="true" />
              Download archive
            </Button>
          ) : null}
        </div>
      </Card.Content>
    </Card>
  );
}

import { Archive, Globe, Lock, MoreHorizontal, Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { can } from '@basin/core';
import { formatBucketLimit, STORAGE_MESSAGES, type StorageBucket } from '@basin/core/schemas';
import { useBucketsQuery } from '../../data/storage/use-buckets-query';
import { useProjectRole } from '../../data/use-project-role';
import { formatDateTime } from '../../lib/format-date';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DataRow, DataTable } from '../../ui/data-table';
import { DropdownMenu } from '../../ui/dropdown-menu';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { BucketDialog } from './bucket-dialog';
import { DeleteBucketDialog, EmptyBucketDialog } from './bucket-dialogs';
import { PermissionButton } from './permission-button';

type Dialogs = { kind: 'create' } | { kind: 'edit' | 'empty' | 'delete'; bucket: StorageBucket } | null;

export function BucketAccess({ bucket }: { bucket: Pick<StorageBucket, 'public'> }) {
  return bucket.public ? (
    <Badge tone="warning">
      <Globe className="size-3" aria-hidden="true" />
      Public
    </Badge>
  ) : (
    <Badge>
      <Lock className="size-3" aria-hidden="true" />
      Private
    </Badge>
  );
}

/** /project/:ref/storage/buckets — the project's buckets: create, edit, empty, delete; a name opens its files. */
export function BucketsPage() {
  const { ref = '' } = useParams();
  const buckets = useBucketsQuery(ref);
  const canWrite = can(useProjectRole(ref), 'storage:write');
  const [dialog, setDialog] = useState<Dialogs>(null);
  const close = (open: boolean) => !open && setDialog(null);

  const createButton = (
    <PermissionButton
      allowed={canWrite}
      reason={STORAGE_MESSAGES.noWritePermission}
      variant="primary"
      onClick={() => setDialog({ kind: 'create' })}
    >
      <Plus className="size-3.5" aria-hidden="true" />
      New bucket
    </PermissionButton>
  );

  return (
    <Page wide>
      <PageHeader
        title="Buckets"
        description="Files of your app (images, documents, your users' uploads), kept in buckets and served by the project's storage API."
        actions={
          <>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Reload buckets"
              onClick={() => void buckets.refetch()}
              disabled={buckets.isFetching}
            >
              <RotateCw className={buckets.isFetching ? 'size-3.5 animate-spin' : 'size-3.5'} aria-hidden="true" />
            </Button>
            {createButton}
          </>
        }
      />
      {buckets.isError && !buckets.data ? (
        <Alert tone="danger" title="Could not load the buckets">
          <p>{buckets.error.message}</p>
          <Button size="sm" className="mt-2" onClick={() => void buckets.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !buckets.data ? (
        <Skeleton className="h-48 w-full rounded-lg" />
      ) : buckets.data.length === 0 ? (
        <EmptyState icon={<Archive className="size-6" aria-hidden="true" />} title="No buckets yet" action={createButton}>
          A bucket holds files, such as profile pictures or documents, and decides whether they are public. Create one, then upload here or
          from your app with <code className="font-mono text-xs">supabase.storage.from(&apos;bucket&apos;).upload(path, file)</code>.
        </EmptyState>
      ) : (
        <DataTable columns={['Name', 'Access', 'File size limit', 'Allowed MIME types', 'Created']} actions>
          {buckets.data.map((bucket) => (
            <DataRow key={bucket.id}>
              <td className="px-4 py-2.5 font-medium">
                <Link
                  to={`/project/${ref}/storage/buckets/${encodeURIComponent(bucket.id)}`}
                  className="hover:underline focus-visible:underline"
                >
                  {bucket.name}
                </Link>
              </td>
              <td className="px-4 py-2.5">
                <BucketAccess bucket={bucket} />
              </td>
              <td className="px-4 py-2.5 text-muted">
                {bucket.file_size_limit ? formatBucketLimit(bucket.file_size_limit) : 'Project limit'}
              </td>
              <td className="max-w-56 truncate px-4 py-2.5 text-muted" title={bucket.allowed_mime_types?.join(', ')}>
                {bucket.allowed_mime_types?.join(', ') ?? 'Any'}
              </td>
              <td className="px-4 py-2.5 whitespace-nowrap text-muted">{formatDateTime(bucket.created_at)}</td>
              <td className="px-2 py-1.5 text-right">
                <DropdownMenu>
                  <DropdownMenu.Trigger asChild>
                    <Button variant="ghost" size="icon" aria-label={`Actions for ${bucket.name}`}>
                      <MoreHorizontal className="size-4" aria-hidden="true" />
                    </Button>
                  </DropdownMenu.Trigger>
                  <DropdownMenu.Content>
                    {!canWrite ? <DropdownMenu.Label>{STORAGE_MESSAGES.noWritePermission}</DropdownMenu.Label> : null}
                    <DropdownMenu.Item disabled={!canWrite} onSelect={() => setDialog({ kind: 'edit', bucket })}>
                      Edit bucket
                    </DropdownMenu.Item>
                    <DropdownMenu.Item disabled={!canWrite} onSelect={() => setDialog({ kind: 'empty', bucket })}>
                      Empty bucket
                    </DropdownMenu.Item>
                    <DropdownMenu.Separator />
                    <DropdownMenu.Item disabled={!canWrite} className="text-danger" onSelect={() => setDialog({ kind: 'delete', bucket })}>
                      Delete bucket
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu>
              </td>
            </DataRow>
          ))}
        </DataTable>
      )}
      <BucketDialog projectRef={ref} open={dialog?.kind === 'create'} onOpenChange={close} />
      {dialog && dialog.kind !== 'create' ? (
        <>
          <BucketDialog projectRef={ref} bucket={dialog.bucket} open={dialog.kind === 'edit'} onOpenChange={close} />
          <EmptyBucketDialog projectRef={ref} bucket={dialog.bucket} open={dialog.kind === 'empty'} onOpenChange={close} />
          <DeleteBucketDialog projectRef={ref} bucket={dialog.bucket} open={dialog.kind === 'delete'} onOpenChange={close} />
        </>
      ) : null}
    </Page>
  );
}

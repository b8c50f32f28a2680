import type { StorageBucket } from '@basin/core/schemas';
import { useDeleteBucketMutation, useEmptyBucketMutation } from '../../data/storage/use-delete-bucket-mutation';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';

interface Props {
  projectRef: string;
  bucket: StorageBucket;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
}

/** Deletes the bucket with every file in it, once its name is typed. */
export function DeleteBucketDialog({ projectRef, bucket, open, onOpenChange, onDone }: Props) {
  const remove = useDeleteBucketMutation({
    onSuccess: () => {
      onOpenChange(false);
      onDone?.();
    },
  });
  return (
    <TypeToConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete bucket ${bucket.name}`}
      variant="danger"
      confirmLabel="Delete bucket"
      confirmString={bucket.name}
      loading={remove.isPending}
      onConfirm={() => remove.mutate({ ref: projectRef, id: bucket.id })}
    >
      <p className="text-[13px] text-muted">
        The bucket <span className="font-medium text-foreground">{bucket.name}</span> and every file in it will be deleted, and their URLs
        stop working. This cannot be undone.
      </p>
    </TypeToConfirmDialog>
  );
}

/** Deletes every file of the bucket, keeping the bucket and its settings. */
export function EmptyBucketDialog({ projectRef, bucket, open, onOpenChange, onDone }: Props) {
  const empty = useEmptyBucketMutation({
    onSuccess: () => {
      onOpenChange(false);
      onDone?.();
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Empty bucket ${bucket.name}`}
      variant="danger"
      confirmLabel="Empty bucket"
      loading={empty.isPending}
      onConfirm={() => empty.mutate({ ref: projectRef, id: bucket.id })}
    >
      <p className="text-[13px] text-muted">
        Every file in <span className="font-medium text-foreground">{bucket.name}</span> will be deleted; the bucket and its settings stay.
        This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

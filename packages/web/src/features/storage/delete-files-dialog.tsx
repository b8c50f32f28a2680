import { useDeleteObjectsMutation } from '../../data/storage/use-delete-objects-mutation';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/** Deletes the chosen files and folders (a folder with everything in it), after a confirmation. */
export function DeleteFilesDialog({
  projectRef,
  bucket,
  paths,
  open,
  onOpenChange,
  onDeleted,
}: {
  projectRef: string;
  bucket: string;
  /** Files, and folders ending in `/`. */
  paths: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteObjectsMutation({
    onSuccess: () => {
      onOpenChange(false);
      onDeleted();
    },
  });
  const folders = paths.filter((path) => path.endsWith('/')).length;
  const files = paths.length - folders;
  const what = [
    files ? `${files} ${files === 1 ? 'file' : 'files'}` : '',
    folders ? `${folders} ${folders === 1 ? 'folder' : 'folders'} with everything in ${folders === 1 ? 'it' : 'them'}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const single = paths.length === 1 ? paths[0]!.replace(/\/$/, '').split('/').pop() : undefined;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={single ? `Delete ${single}` : `Delete ${paths.length} items`}
      variant="danger"
      confirmLabel="Delete"
      loading={remove.isPending}
      onConfirm={() => remove.mutate({ ref: projectRef, bucket, paths })}
    >
      <p className="text-[13px] text-muted">
        {what.charAt(0).toUpperCase() + what.slice(1)} will be deleted from <span className="font-medium text-foreground">{bucket}</span>.
        This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

import type { AuthUser } from '@basin/core/schemas';
import { useDeleteAuthUserMutation } from '../../data/auth-users/use-delete-auth-user-mutation';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { userLabel } from './user-status';

/** Deletes the user for good, after a confirmation. */
export function DeleteUserDialog({
  projectRef,
  user,
  open,
  onOpenChange,
  onDeleted,
}: {
  projectRef: string;
  user: AuthUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const label = userLabel(user);
  const remove = useDeleteAuthUserMutation({
    onSuccess: () => {
      onOpenChange(false);
      onDeleted?.();
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete user"
      description={label}
      variant="danger"
      confirmLabel="Delete user"
      loading={remove.isPending}
      onConfirm={() => remove.mutate({ ref: projectRef, id: user.id, label })}
    >
      <p className="text-[13px] text-muted">
        <span className="font-medium text-foreground">{label}</span> will be deleted with its identities and sessions: it can no longer sign
        in, and rows that reference it with <code className="font-mono text-xs">on delete cascade</code> go too. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

import { useState, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';

/** The Remove button of one of a user's factors or passkeys and the confirmation it opens (focus goes back to the button on close). */
export function RemoveButton({
  name,
  title,
  confirmLabel,
  loading,
  onConfirm,
  children,
}: {
  /** What is removed, as the button's label and the dialog's description name it. */
  name: string;
  title: string;
  confirmLabel: string;
  loading: boolean;
  /** Runs the removal; `close` shuts the dialog once it succeeded. */
  onConfirm: (close: () => void) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Dialog.Trigger asChild>
          <Button size="sm" aria-label={`Remove ${name}`}>
            Remove
          </Button>
        </Dialog.Trigger>
      }
      title={title}
      description={name}
      variant="danger"
      confirmLabel={confirmLabel}
      loading={loading}
      onConfirm={() => onConfirm(() => setOpen(false))}
    >
      {children}
    </ConfirmDialog>
  );
}

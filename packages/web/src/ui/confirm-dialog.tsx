import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { Dialog, type DialogSize } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What opens it, wrapped in `Dialog.Trigger` so that focus returns there on close. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  size?: DialogSize;
  /** 'danger' for destructive actions. */
  variant?: 'primary' | 'danger';
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm call is running: the button spins and cannot be pressed again. */
  loading?: boolean;
  /** Keep the confirm button disabled (e.g. while the dialog's data loads). */
  confirmDisabled?: boolean;
  /** Runs on submit (the button or Enter in a field). */
  onConfirm: () => void;
  children?: ReactNode;
}

/** A modal that asks before an action: the body, then Cancel and the confirm button (Submit by default). */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  size = 'medium',
  variant = 'primary',
  confirmLabel = 'Submit',
  cancelLabel = 'Cancel',
  loading = false,
  confirmDisabled = false,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!loading && !confirmDisabled) onConfirm();
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger}
      <Dialog.Content title={title} description={description} size={size}>
        <form noValidate onSubmit={submit} className="flex min-h-0 flex-col">
          {children ? <Dialog.Body>{children}</Dialog.Body> : null}
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button disabled={loading}>{cancelLabel}</Button>
            </Dialog.Close>
            <Button type="submit" variant={variant} loading={loading} disabled={confirmDisabled}>
              {confirmLabel}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog>
  );
}

import { useState } from 'react';
import type { AuthFactor, AuthUser } from '@basin/core/schemas';
import { useDeleteAuthUserFactorMutation } from '../../data/auth-users/use-delete-auth-user-factor-mutation';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { userLabel } from './user-status';

/** GoTrue keeps an empty friendly name as none. */
export const factorLabel = (factor: Pick<AuthFactor, 'friendly_name'>) => factor.friendly_name || 'Unnamed factor';

/** The factor's Remove button and the confirmation it opens (focus goes back to the button on close). */
export function RemoveFactorButton({ projectRef, user, factor }: { projectRef: string; user: AuthUser; factor: AuthFactor }) {
  const [open, setOpen] = useState(false);
  const name = factorLabel(factor);
  const label = userLabel(user);
  const remove = useDeleteAuthUserFactorMutation({ onSuccess: () => setOpen(false) });
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
      title="Remove MFA factor"
      description={name}
      variant="danger"
      confirmLabel="Remove factor"
      loading={remove.isPending}
      onConfirm={() => remove.mutate({ ref: projectRef, id: user.id, factorId: factor.id, factorLabel: name, userLabel: label })}
    >
      <p className="text-[13px] text-muted">
        <span className="font-medium text-foreground">{label}</span> can no longer use{' '}
        <span className="font-medium text-foreground">{name}</span> as a second factor. The user&apos;s sessions that used it drop to aal1:
        whatever asks for aal2 is refused until the user verifies another factor.
      </p>
    </ConfirmDialog>
  );
}

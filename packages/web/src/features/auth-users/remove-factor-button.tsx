import type { AuthFactor, AuthUser } from '@basin/core/schemas';
import { useDeleteAuthUserFactorMutation } from '../../data/auth-users/use-delete-auth-user-factor-mutation';
import { RemoveButton } from './remove-button';
import { userLabel } from './user-status';

/** GoTrue keeps an empty friendly name as none. */
export const factorLabel = (factor: Pick<AuthFactor, 'friendly_name'>) => factor.friendly_name || 'Unnamed factor';

/** The factor's Remove button and its confirmation. */
export function RemoveFactorButton({ projectRef, user, factor }: { projectRef: string; user: AuthUser; factor: AuthFactor }) {
  const name = factorLabel(factor);
  const label = userLabel(user);
  const remove = useDeleteAuthUserFactorMutation();
  return (
    <RemoveButton
      name={name}
      title="Remove MFA factor"
      confirmLabel="Remove factor"
      loading={remove.isPending}
      onConfirm={(close) =>
        remove.mutate({ ref: projectRef, id: user.id, factorId: factor.id, factorLabel: name, userLabel: label }, { onSuccess: close })
      }
    >
      <p className="text-[13px] text-muted">
        <span className="font-medium text-foreground">{label}</span> can no longer use{' '}
        <span className="font-medium text-foreground">{name}</span> as a second factor. The user&apos;s sessions that used it drop to aal1:
        whatever asks for aal2 is refused until the user verifies another factor.
      </p>
    </RemoveButton>
  );
}

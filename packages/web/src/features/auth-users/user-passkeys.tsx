import type { AuthPasskey, AuthUser } from '@basin/core/schemas';
import { useAuthUserPasskeysQuery, useDeleteAuthUserPasskeyMutation } from '../../data/auth-users/use-auth-user-passkeys';
import { formatDateTime } from '../../lib/format-date';
import { DetailFields } from '../../ui/detail-fields';
import { Skeleton } from '../../ui/skeleton';
import { RemoveButton } from './remove-button';
import { userLabel } from './user-status';

/** New passkeys are named after their authenticator; those registered before Basin named them have none. */
const passkeyLabel = (passkey: AuthPasskey) => passkey.friendly_name || 'Unnamed passkey';

function RemovePasskeyButton({ projectRef, user, passkey }: { projectRef: string; user: AuthUser; passkey: AuthPasskey }) {
  const name = passkeyLabel(passkey);
  const remove = useDeleteAuthUserPasskeyMutation();
  return (
    <RemoveButton
      name={name}
      title="Remove passkey"
      confirmLabel="Remove passkey"
      loading={remove.isPending}
      onConfirm={(close) =>
        remove.mutate(
          { ref: projectRef, id: user.id, passkeyId: passkey.id, passkeyLabel: name, userLabel: userLabel(user) },
          { onSuccess: close },
        )
      }
    >
      <p className="text-[13px] text-muted">
        <span className="font-medium text-foreground">{userLabel(user)}</span> can no longer sign in with this passkey. Sessions it started
        stay signed in until they end.
      </p>
    </RemoveButton>
  );
}

/** The user's passkeys in the detail panel, each removable by builders. */
export function UserPasskeys({ projectRef, user, canWrite }: { projectRef: string; user: AuthUser; canWrite: boolean }) {
  const passkeys = useAuthUserPasskeysQuery(projectRef, user.id);
  if (passkeys.isError) return <p className="text-[13px] text-danger">Failed to load the passkeys: {passkeys.error.message}</p>;
  if (!passkeys.data) return <Skeleton className="h-14 w-full" />;
  if (passkeys.data.passkeys.length === 0) return <p className="text-[13px] text-muted">No passkeys: this user signs in another way.</p>;
  return (
    <ul aria-label="Passkeys" className="flex flex-col gap-2">
      {passkeys.data.passkeys.map((passkey) => (
        <li key={passkey.id} className="rounded-md border border-border p-3">
          <div className="mb-2 flex items-center gap-1.5">
            <span className="min-w-0 flex-1 truncate text-[13px] font-medium">{passkeyLabel(passkey)}</span>
            {canWrite ? <RemovePasskeyButton projectRef={projectRef} user={user} passkey={passkey} /> : null}
          </div>
          <DetailFields
            rows={[
              ['Created', formatDateTime(passkey.created_at)],
              ['Last used', passkey.last_used_at ? formatDateTime(passkey.last_used_at) : '—'],
            ]}
          />
        </li>
      ))}
    </ul>
  );
}

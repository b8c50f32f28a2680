import { useState } from 'react';
import { BAN_DURATIONS } from '@basin/core';
import type { AuthUser } from '@basin/core/schemas';
import { useUpdateAuthUserBanMutation } from '../../data/auth-users/use-update-auth-user-ban-mutation';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { RadioGroup } from '../../ui/radio-group';
import { isBanned, userLabel } from './user-status';

const DEFAULT_DURATION = '24h';

/** Ban for a chosen time, or lift the ban of a banned user. */
export function BanUserDialog({
  projectRef,
  user,
  open,
  onOpenChange,
}: {
  projectRef: string;
  user: AuthUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [duration, setDuration] = useState<string>(DEFAULT_DURATION);
  const banned = isBanned(user);
  const label = userLabel(user);
  const ban = useUpdateAuthUserBanMutation({ onSuccess: () => onOpenChange(false) });
  const labelId = `ban-duration-${user.id}`;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={banned ? 'Unban user' : 'Ban user'}
      description={label}
      variant={banned ? 'primary' : 'danger'}
      confirmLabel={banned ? 'Unban user' : 'Ban user'}
      loading={ban.isPending}
      onConfirm={() => ban.mutate({ ref: projectRef, id: user.id, banDuration: banned ? 'none' : duration, label })}
    >
      {banned ? (
        <p className="text-[13px] text-muted">{label} will be able to sign in again.</p>
      ) : (
        <>
          <p className="text-[13px] text-muted">
            A banned user cannot sign in or refresh a session. Access tokens already issued stay valid until they expire.
          </p>
          <div className="flex flex-col gap-2">
            <p id={labelId} className="text-[13px] font-medium">
              Ban for
            </p>
            <RadioGroup value={duration} onValueChange={setDuration} labelledBy={labelId}>
              {BAN_DURATIONS.map((choice) => (
                <RadioGroup.Item key={choice.value} value={choice.value}>
                  {choice.label}
                </RadioGroup.Item>
              ))}
            </RadioGroup>
          </div>
        </>
      )}
    </ConfirmDialog>
  );
}

import { Ban, Eye, KeyRound, MoreHorizontal, ShieldCheck, Trash } from 'lucide-react';
import { useState } from 'react';
import type { AuthUser } from '@basin/core/schemas';
import { useSendRecoveryMutation } from '../../data/auth-users/use-send-recovery-mutation';
import { Button } from '../../ui/button';
import { DropdownMenu } from '../../ui/dropdown-menu';
import { BanUserDialog } from './ban-user-dialog';
import { DeleteUserDialog } from './delete-user-dialog';
import { isBanned, userLabel } from './user-status';

type Open = 'ban' | 'delete' | null;

/** A row's actions: view, send a password recovery, ban or unban, delete (builders only, but view). */
export function UserActionsMenu({
  projectRef,
  user,
  canWrite,
  onView,
  onDeleted,
}: {
  projectRef: string;
  user: AuthUser;
  canWrite: boolean;
  /** Absent where the details already show (the panel). */
  onView?: () => void;
  onDeleted?: () => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const recovery = useSendRecoveryMutation();
  const label = userLabel(user);
  const banned = isBanned(user);
  const dialog = (target: Exclude<Open, null>) => (next: boolean) => setOpen(next ? target : null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${label}`}>
            <MoreHorizontal className="size-4" aria-hidden="true" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content>
          {onView ? (
            <DropdownMenu.Item onSelect={onView}>
              <Eye className="size-3.5" aria-hidden="true" />
              View user details
            </DropdownMenu.Item>
          ) : null}
          {canWrite ? (
            <>
              {onView ? <DropdownMenu.Separator /> : null}
              <DropdownMenu.Item
                disabled={!user.email || recovery.isPending}
                onSelect={() => user.email && recovery.mutate({ ref: projectRef, email: user.email })}
              >
                <KeyRound className="size-3.5" aria-hidden="true" />
                Send password recovery
              </DropdownMenu.Item>
              <DropdownMenu.Item onSelect={() => setOpen('ban')}>
                {banned ? <ShieldCheck className="size-3.5" aria-hidden="true" /> : <Ban className="size-3.5" aria-hidden="true" />}
                {banned ? 'Unban user' : 'Ban user'}
              </DropdownMenu.Item>
              <DropdownMenu.Separator />
              <DropdownMenu.Item className="text-danger" onSelect={() => setOpen('delete')}>
                <Trash className="size-3.5" aria-hidden="true" />
                Delete user
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu>
      {canWrite ? (
        <>
          <BanUserDialog projectRef={projectRef} user={user} open={open === 'ban'} onOpenChange={dialog('ban')} />
          <DeleteUserDialog
            projectRef={projectRef}
            user={user}
            open={open === 'delete'}
            onOpenChange={dialog('delete')}
            onDeleted={onDeleted}
          />
        </>
      ) : null}
    </>
  );
}

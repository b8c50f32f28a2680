import { UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { INVITATION_VALID_DAYS, type Role } from '@basin/core';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { DialogFormFallback } from '../../ui/dialog-form-fallback';
import { Tooltip } from '../../ui/tooltip';
import { NO_INVITE_PERMISSION } from './team-rules';

const loadForm = () => import('./invite-member-form');
const InviteMemberForm = lazy(() => loadForm().then((module) => ({ default: module.InviteMemberForm })));

export function InviteMemberDialog({ slug, roles, canInvite }: { slug: string; roles: Role[]; canInvite: boolean }) {
  const [open, setOpen] = useState(false);
  const preload = () => void loadForm();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Tooltip content={canInvite ? null : NO_INVITE_PERMISSION} wrapDisabled>
        <Dialog.Trigger asChild>
          <Button variant="primary" disabled={!canInvite} onPointerEnter={preload} onFocus={preload}>
            <UserPlus className="size-3.5" aria-hidden="true" />
            Invite member
          </Button>
        </Dialog.Trigger>
      </Tooltip>
      <Dialog.Content
        size="small"
        title="Invite a member"
        description={`They join once they accept the invitation, signed in with this email. It expires after ${INVITATION_VALID_DAYS} days.`}
      >
        <Suspense fallback={<DialogFormFallback />}>
          <InviteMemberForm slug={slug} roles={roles} onDone={() => setOpen(false)} />
        </Suspense>
      </Dialog.Content>
    </Dialog>
  );
}

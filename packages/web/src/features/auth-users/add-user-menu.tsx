import { ChevronDown, Mail, UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { AUTH_USERS_MESSAGES } from '@basin/core';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { DialogFormFallback } from '../../ui/dialog-form-fallback';
import { DropdownMenu } from '../../ui/dropdown-menu';
import { Tooltip } from '../../ui/tooltip';

const loadCreateForm = () => import('./create-user-form');
const loadInviteForm = () => import('./invite-user-form');
const CreateUserForm = lazy(() => loadCreateForm().then((module) => ({ default: module.CreateUserForm })));
const InviteUserForm = lazy(() => loadInviteForm().then((module) => ({ default: module.InviteUserForm })));

type Open = 'create' | 'invite' | null;

/** 'Add user': create one with a password, or invite an address by email. */
export function AddUserMenu({ projectRef, canWrite, mailConfigured }: { projectRef: string; canWrite: boolean; mailConfigured: boolean }) {
  const [open, setOpen] = useState<Open>(null);
  const preload = () => {
    void loadCreateForm();
    void loadInviteForm();
  };
  const close = () => setOpen(null);
  return (
    <>
      <DropdownMenu>
        <Tooltip content={canWrite ? null : AUTH_USERS_MESSAGES.noWritePermission} wrapDisabled>
          <DropdownMenu.Trigger asChild>
            <Button variant="primary" disabled={!canWrite} onPointerEnter={preload} onFocus={preload}>
              <UserPlus className="size-3.5" aria-hidden="true" />
              Add user
              <ChevronDown className="size-3.5" aria-hidden="true" />
            </Button>
          </DropdownMenu.Trigger>
        </Tooltip>
        <DropdownMenu.Content>
          <DropdownMenu.Item onSelect={() => setOpen('create')}>
            <UserPlus className="size-3.5" aria-hidden="true" />
            Create new user
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => setOpen('invite')}>
            <Mail className="size-3.5" aria-hidden="true" />
            Send invitation
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu>
      <Dialog open={open === 'create'} onOpenChange={(next) => setOpen(next ? 'create' : null)}>
        <Dialog.Content size="small" title="Create a new user" description="No email is sent: share the password with the user yourself.">
          <Suspense fallback={<DialogFormFallback />}>
            <CreateUserForm projectRef={projectRef} onDone={close} />
          </Suspense>
        </Dialog.Content>
      </Dialog>
      <Dialog open={open === 'invite'} onOpenChange={(next) => setOpen(next ? 'invite' : null)}>
        <Dialog.Content
          size="small"
          title="Invite a user"
          description={
            mailConfigured
              ? 'The user gets an email with a link to accept the invitation and set a password.'
              : 'No SMTP server is set up: the user is created, but the invitation email is not sent.'
          }
        >
          <Suspense fallback={<DialogFormFallback />}>
            <InviteUserForm projectRef={projectRef} onDone={close} />
          </Suspense>
        </Dialog.Content>
      </Dialog>
    </>
  );
}

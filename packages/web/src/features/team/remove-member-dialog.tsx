import { Trash } from 'lucide-react';
import { useState } from 'react';
import type { Member } from '@basin/core/schemas';
import { useRemoveMemberMutation } from '../../data/members/use-remove-member-mutation';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Tooltip } from '../../ui/tooltip';

export function RemoveMemberDialog({
  slug,
  organizationName,
  member,
  isSelf,
  disabled,
  reason,
  onRemovedSelf,
}: {
  slug: string;
  organizationName: string;
  member: Member;
  isSelf: boolean;
  disabled: boolean;
  reason: string | undefined;
  onRemovedSelf: () => void;
}) {
  const [open, setOpen] = useState(false);
  const removeMember = useRemoveMemberMutation({
    onSuccess: () => {
      setOpen(false);
      if (isSelf) onRemovedSelf();
    },
  });
  const label = isSelf ? 'Leave organization' : `Remove ${member.email}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Tooltip content={disabled ? reason : label} wrapDisabled={disabled}>
        <Dialog.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label={label} disabled={disabled}>
            <Trash className="size-3.5" aria-hidden="true" />
          </Button>
        </Dialog.Trigger>
      </Tooltip>
      <Dialog.Content size="small" title={isSelf ? 'Leave organization' : 'Remove member'}>
        <Dialog.Body>
          <p className="text-[13px] text-muted">
            {isSelf
              ? `You will lose access to ${organizationName} and its projects.`
              : `${member.email} will lose access to ${organizationName} and its projects.`}
          </p>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button autoFocus>Cancel</Button>
          </Dialog.Close>
          <Button
            variant="danger"
            loading={removeMember.isPending}
            onClick={() => removeMember.mutate({ slug, userId: member.user_id, email: member.email })}
          >
            {isSelf ? 'Leave organization' : 'Remove member'}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog>
  );
}

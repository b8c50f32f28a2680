import type { MemberAtFreeProjectLimit } from '@basin/core/schemas';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

/** Shown instead of restoring when members of a free organization are at the free-project limit. */
export function FreeProjectLimitDialog({
  members,
  open,
  onOpenChange,
}: {
  members: readonly MemberAtFreeProjectLimit[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Dialog.Content title="Members are at their free project limit" size="medium">
        <Dialog.Body>
          <p className="text-[13px] text-muted">
            Restoring would give these members more active free projects than the Free plan allows. One of them has to pause or delete a
            project, or the organization has to upgrade, before this project can be restored.
          </p>
          <ul aria-label="Members at the free project limit" className="flex flex-col divide-y divide-border rounded-md border">
            {members.map((member) => (
              <li key={member.primary_email} className="flex items-center justify-between gap-3 px-3 py-2 text-[13px]">
                <span className="min-w-0 truncate">
                  {member.username || member.primary_email}
                  {member.username ? <span className="ml-2 text-xs text-muted">{member.primary_email}</span> : null}
                </span>
                <span className="shrink-0 text-xs text-muted">{member.free_project_limit} active free projects</span>
              </li>
            ))}
          </ul>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button variant="primary">Understood</Button>
          </Dialog.Close>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog>
  );
}

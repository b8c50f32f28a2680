import { Play } from 'lucide-react';
import { useState } from 'react';
import { LIFECYCLE_MESSAGES } from '@basin/core';
import type { Organization, Project } from '@basin/core/schemas';
import { useMembersAtFreeProjectLimitQuery } from '../../data/members/use-free-project-limit-query';
import { Button } from '../../ui/button';
import { Tooltip } from '../../ui/tooltip';
import { permissionState } from '../organizations/permission-state';
import { FreeProjectLimitDialog } from './free-project-limit-dialog';
import { RestoreDialog } from './restore-dialog';

/**
 * 'Restore project': free organizations first check the members at the free-project limit (and
 * list them instead of restoring); then the restore dialog. Disabled, with the reason, without
 * permission to resume.
 */
export function RestoreProjectButton({
  project,
  organization,
  restorable,
}: {
  project: Project;
  organization: Organization | undefined;
  /** The pause status's can_restore. */
  restorable: boolean;
}) {
  const [dialog, setDialog] = useState<'restore' | 'limit' | null>(null);
  const { allowed: canResume, hint } = permissionState(organization, 'infra.resume:execute', LIFECYCLE_MESSAGES.resumeTooltip);
  const free = organization?.plan.id === 'free';
  const atLimit = useMembersAtFreeProjectLimitQuery(project.organization_slug, { enabled: free && canResume });
  const membersAtLimit = atLimit.data ?? [];
  const checking = free && atLimit.isPending;

  const close = (open: boolean) => setDialog(open ? dialog : null);
  return (
    <>
      <Tooltip content={hint} wrapDisabled>
        <Button
          variant="primary"
          disabled={!canResume || !restorable}
          loading={canResume && checking}
          onClick={() => setDialog(free && membersAtLimit.length > 0 ? 'limit' : 'restore')}
        >
          <Play className="size-3.5" aria-hidden="true" />
          Restore project
        </Button>
      </Tooltip>
      <RestoreDialog project={project} open={dialog === 'restore'} onOpenChange={close} />
      <FreeProjectLimitDialog members={membersAtLimit} open={dialog === 'limit'} onOpenChange={close} />
    </>
  );
}

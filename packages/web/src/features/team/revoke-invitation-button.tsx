import { X } from 'lucide-react';
import type { Invitation } from '@basin/core/schemas';
import { useRevokeInvitationMutation } from '../../data/invitations/use-revoke-invitation-mutation';
import { Button } from '../../ui/button';
import { Tooltip } from '../../ui/tooltip';
import { NO_INVITE_PERMISSION } from './team-rules';

/** No confirmation: a revoked invitation is sent again with one invite. */
export function RevokeInvitationButton({ slug, invitation, allowed }: { slug: string; invitation: Invitation; allowed: boolean }) {
  const revoke = useRevokeInvitationMutation();
  const label = `Revoke invitation for ${invitation.email}`;
  return (
    <Tooltip content={allowed ? label : NO_INVITE_PERMISSION} wrapDisabled={!allowed}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        disabled={!allowed}
        loading={revoke.isPending}
        onClick={() => revoke.mutate({ slug, id: invitation.id, email: invitation.email })}
      >
        {revoke.isPending ? null : <X className="size-3.5" aria-hidden="true" />}
      </Button>
    </Tooltip>
  );
}

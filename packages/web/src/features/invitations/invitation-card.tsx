import { useId } from 'react';
import { useNavigate } from 'react-router';
import type { ProfileInvitation } from '@basin/core/schemas';
import { useAcceptInvitationMutation } from '../../data/invitations/use-accept-invitation-mutation';
import { useDeclineInvitationMutation } from '../../data/invitations/use-decline-invitation-mutation';
import { formatDateTime } from '../../lib/format-date';
import { Button } from '../../ui/button';

export function InvitationCard({ invitation }: { invitation: ProfileInvitation }) {
  const headingId = useId();
  const navigate = useNavigate();
  // The organization list is where the one just joined shows, beside any invitations still open.
  const accept = useAcceptInvitationMutation({ onSuccess: () => navigate('/organizations') });
  const decline = useDeclineInvitationMutation();
  const busy = accept.isPending || decline.isPending;
  return (
    <li aria-labelledby={headingId} className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface px-4 py-3">
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="truncate text-[13px] font-medium">
          {invitation.organization_name}
        </h2>
        <p className="text-xs text-muted">
          {invitation.invited_by ? `${invitation.invited_by} invited you` : 'You are invited'} as {invitation.role} · Expires{' '}
          {formatDateTime(invitation.expires_at)}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Button
          disabled={busy}
          loading={decline.isPending}
          onClick={() => decline.mutate({ id: invitation.id, organizationName: invitation.organization_name })}
        >
          Decline
        </Button>
        <Button variant="primary" disabled={busy} loading={accept.isPending} onClick={() => accept.mutate({ id: invitation.id })}>
          Accept
        </Button>
      </div>
    </li>
  );
}

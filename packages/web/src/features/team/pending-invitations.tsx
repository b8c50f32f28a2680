import { MESSAGES, type Role } from '@basin/core';
import { useInvitationsQuery } from '../../data/invitations/use-invitations-query';
import { formatDateTime } from '../../lib/format-date';
import { Button } from '../../ui/button';
import { DataRow, DataTable } from '../../ui/data-table';
import { Skeleton } from '../../ui/skeleton';
import { RevokeInvitationButton } from './revoke-invitation-button';
import { canRevokeInvitation } from './team-rules';

/** Invitations nobody has answered yet: they grant nothing until the invitee accepts. */
export function PendingInvitations({ slug, actorRole }: { slug: string; actorRole: Role | undefined }) {
  const invitations = useInvitationsQuery(slug);
  return (
    <section aria-labelledby="pending-invitations" className="mt-8">
      <h2 id="pending-invitations" className="mb-1 text-sm font-medium">
        Pending invitations
      </h2>
      <p className="mb-3 text-xs text-muted">Invitees join once they accept, signed in with the invited email.</p>
      {invitations.isPending ? (
        <Skeleton className="h-20 w-full rounded-lg" />
      ) : invitations.isError ? (
        <div role="alert" className="flex items-center justify-between gap-3 rounded-lg border border-border px-4 py-3 text-[13px]">
          <span className="text-muted">Failed to load invitations: {invitations.error.message}</span>
          <Button size="sm" onClick={() => void invitations.refetch()}>
            {MESSAGES.tryAgain}
          </Button>
        </div>
      ) : invitations.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border-strong px-4 py-3 text-[13px] text-muted">No pending invitations.</p>
      ) : (
        <DataTable columns={['Email', 'Role', 'Expires']} actions>
          {invitations.data.map((invitation) => (
            <DataRow key={invitation.id}>
              <td className="px-4 py-2.5 font-medium">{invitation.email}</td>
              <td className="px-4 py-2.5">{invitation.role}</td>
              <td className="px-4 py-2.5 text-muted">{formatDateTime(invitation.expires_at)}</td>
              <td className="px-4 py-2.5 text-right">
                <RevokeInvitationButton slug={slug} invitation={invitation} allowed={canRevokeInvitation(actorRole, invitation.role)} />
              </td>
            </DataRow>
          ))}
        </DataTable>
      )}
    </section>
  );
}

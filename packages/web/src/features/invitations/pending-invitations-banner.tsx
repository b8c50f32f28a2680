import { Link } from 'react-router';
import { useProfileInvitationsQuery } from '../../data/invitations/use-profile-invitations-query';
import { Alert } from '../../ui/alert';

/** On the organization list: says when invitations wait for an answer. Silent otherwise (the invitations page shows errors). */
export function PendingInvitationsBanner() {
  const { data: invitations = [] } = useProfileInvitationsQuery();
  if (invitations.length === 0) return null;
  return (
    <Alert
      className="mb-4"
      title={invitations.length === 1 ? 'You have a pending invitation' : `You have ${invitations.length} pending invitations`}
    >
      From {invitations.map((invitation) => invitation.organization_name).join(', ')}.{' '}
      <Link to="/invitations" className="font-medium text-accent hover:underline">
        View invitations
      </Link>
    </Alert>
  );
}

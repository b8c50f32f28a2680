import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { INVITATION_VALID_DAYS, pageTitle } from '@basin/core';
import { useProfileInvitationsQuery } from '../../data/invitations/use-profile-invitations-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { InvitationCard } from './invitation-card';

/** /invitations — organizations that invited the signed-in user's email: accept or decline. */
export function InvitationsPage() {
  useDocumentTitle(pageTitle({ page: 'Invitations' }));
  const invitations = useProfileInvitationsQuery();

  return (
    <Page>
      <PageHeader
        title="Invitations"
        description={`You join an organization only by accepting its invitation. Invitations expire after ${INVITATION_VALID_DAYS} days.`}
      />
      {invitations.isPending ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-14 w-full rounded-lg" />
          <Skeleton className="h-14 w-full rounded-lg" />
        </div>
      ) : invitations.isError ? (
        <ErrorFallback onRetry={() => void invitations.refetch()} />
      ) : invitations.data.length === 0 ? (
        <EmptyState
          icon={<Mail className="size-6" aria-hidden="true" />}
          title="No pending invitations"
          action={
            <Button asChild>
              <Link to="/organizations">Your organizations</Link>
            </Button>
          }
        >
          When someone invites your email to their organization, the invitation shows here.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {invitations.data.map((invitation) => (
            <InvitationCard key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </Page>
  );
}

import { Navigate, useParams } from 'react-router';
import { pageTitle } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { useMembersQuery } from '../../data/members/use-members-query';
import { useProfileQuery } from '../../data/profile/use-profile-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { OrganizationFrame } from '../organizations/organization-frame';
import { InviteMemberDialog } from './invite-member-dialog';
import { MembersTable } from './members-table';
import { PendingInvitations } from './pending-invitations';
import { assignableRoles, canInvite } from './team-rules';

function Team({ organization }: { organization: Organization }) {
  useDocumentTitle(pageTitle({ page: 'Team', organization: organization.name }));
  const members = useMembersQuery(organization.slug);
  const { data: profile } = useProfileQuery();

  return (
    <Page wide>
      <div className="mb-4 flex items-center justify-between gap-3">
        <div>
          <h2 className="text-sm font-medium">Team</h2>
          <p className="text-xs text-muted">Your role: {organization.role}</p>
        </div>
        <InviteMemberDialog
          slug={organization.slug}
          roles={assignableRoles(organization.role, undefined)}
          canInvite={canInvite(organization.role)}
        />
      </div>
      {members.isPending ? (
        <Skeleton className="h-40 w-full rounded-lg" />
      ) : members.isError ? (
        <ErrorFallback onRetry={() => void members.refetch()} />
      ) : (
        <MembersTable
          slug={organization.slug}
          organizationName={organization.name}
          members={members.data}
          actorRole={organization.role}
          currentUserId={profile?.id}
        />
      )}
      <PendingInvitations slug={organization.slug} actorRole={organization.role} />
    </Page>
  );
}

/** /org/:slug/team — members: invite, change role, remove; pending invitations. */
export function TeamPage() {
  const { slug = '_' } = useParams();
  if (slug === '_') return <Navigate to="/organizations" replace />;
  return <OrganizationFrame slug={slug}>{(organization) => <Team organization={organization} />}</OrganizationFrame>;
}

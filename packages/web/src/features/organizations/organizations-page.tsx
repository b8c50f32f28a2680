import { Building } from 'lucide-react';
import { pageTitle } from '@basin/core';
import { useOrganizationsQuery } from '../../data/organizations/use-organizations-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { PendingInvitationsBanner } from '../invitations/pending-invitations-banner';
import { NewOrganizationDialog } from './new-organization-dialog';
import { OrganizationCard } from './organization-card';

/** /organizations — the organizations of the signed-in user, and creating one. */
export function OrganizationsPage() {
  useDocumentTitle(pageTitle({ page: 'Organizations' }));
  const organizations = useOrganizationsQuery();

  return (
    <Page>
      <PageHeader
        title="Your organizations"
        description="Projects belong to organizations; members of an organization share its projects."
        actions={<NewOrganizationDialog />}
      />
      <PendingInvitationsBanner />
      {organizations.isPending ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-14 w-full rounded-lg" />
          <Skeleton className="h-14 w-full rounded-lg" />
        </div>
      ) : organizations.isError ? (
        <ErrorFallback onRetry={() => void organizations.refetch()} />
      ) : organizations.data.length === 0 ? (
        <EmptyState icon={<Building className="size-6" aria-hidden="true" />} title="No organizations yet">
          Create an organization to start your first project, or ask a teammate to invite you to theirs.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {organizations.data.map((organization) => (
            <OrganizationCard key={organization.slug} organization={organization} />
          ))}
        </ul>
      )}
    </Page>
  );
}

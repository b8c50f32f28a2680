import { useEffect, type ReactNode } from 'react';
import type { Organization } from '@basin/core/schemas';
import { isApiError } from '../../data/fetcher';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { lastOrganizationSetting } from '../../lib/settings';
import { ErrorFallback } from '../errors/error-fallback';
import { NotFound } from '../errors/not-found';
import { OrganizationHeader } from './organization-header';

/** The organization pages: header and tabs, then the page for the loaded organization, remembered as the last visited. */
export function OrganizationFrame({ slug, children }: { slug: string; children: (organization: Organization) => ReactNode }) {
  const organization = useOrganizationQuery(slug);
  const loadedSlug = organization.data?.slug;
  // Remembered for the way back after deleting a project (spec part 1 §2).
  useEffect(() => {
    if (loadedSlug) lastOrganizationSetting.set(loadedSlug);
  }, [loadedSlug]);

  if (organization.isError) {
    if (isApiError(organization.error, 404)) {
      return <NotFound title="Organization not found" detail="No organization with this name, or you are not a member." />;
    }
    return <ErrorFallback onRetry={() => void organization.refetch()} />;
  }
  return (
    <>
      <OrganizationHeader slug={slug} organization={organization.data} />
      {organization.data ? children(organization.data) : null}
    </>
  );
}

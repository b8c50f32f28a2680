import type { Role } from '@basin/core';
import { useOrganizationQuery } from './organizations/use-organization-query';
import { useProjectQuery } from './projects/use-project-query';

/** The signed-in member's role in the project's organization (undefined while it loads). */
export function useProjectRole(ref: string | undefined): Role | undefined {
  const { data: project } = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);
  return organization?.role;
}

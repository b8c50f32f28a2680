import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { requireIdentifier, upgradePollInterval, type ProjectStatus } from '@basin/core';
import type { UpgradeStatusResponse } from '@basin/core/schemas';
import { availableVersionKeys } from '../available-versions/keys';
import { api } from '../fetcher';
import { infrastructureKeys } from '../infrastructure/keys';
import { projectKeys } from '../projects/keys';
import { upgradeKeys } from './keys';

export async function getUpgradeStatus(ref: string | undefined, queryClient: QueryClient, signal?: AbortSignal): Promise<UpgradeStatusResponse> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  const answer = await api.GET('/api/v1/projects/{ref}/upgrade/status', { path: { ref: projectRef }, signal });
  const before = queryClient.getQueryData<UpgradeStatusResponse>(upgradeKeys.status(projectRef));
  const upgraded = answer.databaseUpgradeStatus?.status === 'Upgraded';
  // Just upgraded: the project's version, the infrastructure page's upgrade target and which
  // upgrades it can take have changed (spec part 1 §4).
  if (upgraded && before?.databaseUpgradeStatus?.status !== 'Upgraded') {
    void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectRef), exact: true });
    void queryClient.invalidateQueries({ queryKey: infrastructureKeys.detail(projectRef) });
    void queryClient.invalidateQueries({ queryKey: availableVersionKeys.all });
  }
  return answer;
}

/**
 * The latest major upgrade of the project, polled every 5 s while the project is UPGRADING or the
 * report says Upgrading (core's upgradePollInterval).
 */
export function useUpgradeStatusQuery(ref: string | undefined, projectStatus: ProjectStatus | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: upgradeKeys.status(ref),
    queryFn: ({ signal }) => getUpgradeStatus(ref, queryClient, signal),
    enabled: Boolean(ref),
    staleTime: 0,
    refetchInterval: (query) => upgradePollInterval(projectStatus, query.state.data?.databaseUpgradeStatus?.status),
  });
}

import { GITHUB_MESSAGES } from '@basin/core';
import type { GitHubConnection } from '@basin/core/schemas';
import { api, isApiError } from '../fetcher';

/**
 * Asks the server whether the branch exists in the connection's repository: null when it does,
 * else the message for the git branch field — the server's 'Unable to find branch …' on a 404,
 * 'Failed to check GitHub branch: {message}' when the check itself fails.
 */
export async function gitHubBranchError(connection: GitHubConnection, branch: string): Promise<string | null> {
  try {
    await api.GET('/api/platform/integrations/github/repositories/{repository_id}/branches/{branch_name}', {
      path: { repository_id: connection.repository.id, branch_name: branch },
    });
    return null;
  } catch (error) {
    if (isApiError(error, 404)) return error.message;
    return GITHUB_MESSAGES.checkBranchFailed(error instanceof Error ? error.message : String(error));
  }
}

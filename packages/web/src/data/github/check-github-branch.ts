import { GITHUB_MESSAGES } from '@basin/core';
import type { GitHubBranch, GitHubConnection } from '@basin/core/schemas';
import { fetcher, isApiError } from '../fetcher';

/**
 * Asks the server whether the branch exists in the connection's repository: null when it does,
 * else the message for the git branch field — the server's 'Unable to find branch …' on a 404,
 * 'Failed to check GitHub branch: {message}' when the check itself fails.
 */
export async function gitHubBranchError(connection: GitHubConnection, branch: string): Promise<string | null> {
  const path = `/api/platform/integrations/github/repositories/${connection.repository.id}/branches/${encodeURIComponent(branch)}`;
  try {
    await fetcher<GitHubBranch>(path);
    return null;
  } catch (error) {
    if (isApiError(error, 404)) return error.message;
    return GITHUB_MESSAGES.checkBranchFailed(error instanceof Error ? error.message : String(error));
  }
}

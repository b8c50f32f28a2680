import { GITHUB_MESSAGES } from '../github-messages.ts';

/** GitHub's own limits: owners are letters, digits and hyphens (39 at most), repositories up to 100 of [A-Za-z0-9._-]. */
export const REPOSITORY_NAME_PATTERN = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/;

/** Why `owner/repo` cannot name a GitHub repository, or null when it can. */
export function repositoryNameError(name: string): string | null {
  return REPOSITORY_NAME_PATTERN.test(name.trim()) ? null : GITHUB_MESSAGES.repositoryFormat;
}

/**
 * What the GitHub connections and the git branch check say: the spec's strings (part 1 §8,
 * part 2 §8) and our own words for the refusals the spec does not name.
 */
export const GITHUB_MESSAGES = {
  connectionsFailed: 'Failed to retrieve GitHub connection information',
  checkBranchFailed: (message: string) => `Failed to check GitHub branch: ${message}`,
  repositoryFormat: 'Repository must be in the form owner/repo',
  tokenRequired: 'A GitHub token is required',
  tokenCharacters: 'A GitHub token is made of ASCII letters, digits and symbols, without spaces',
  repositoryNotFound: (repository: string) => `Repository ${repository} was not found, or the token cannot see it`,
  tokenRefused: (message: string) => `GitHub refused the token: ${message}`,
  projectConnected: 'This project is already connected to a GitHub repository',
  projectElsewhere: 'The project does not belong to this organization',
  branchProject: 'Connect the parent project: a preview branch follows its git branch',
  writeForbidden: 'You need additional permissions to manage GitHub connections',
  connectFailed: (message: string) => `Failed to connect GitHub repository: ${message}`,
  updateFailed: (message: string) => `Failed to update GitHub connection: ${message}`,
  disconnectFailed: (message: string) => `Failed to disconnect GitHub repository: ${message}`,
} as const;

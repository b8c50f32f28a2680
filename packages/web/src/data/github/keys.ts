export const githubKeys = {
  connections: (organizationId: number | undefined) => ['organizations', organizationId, 'github-connections'] as const,
};

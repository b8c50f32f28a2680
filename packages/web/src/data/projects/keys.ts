export const projectKeys = {
  /** The projects of an organization. */
  list: (slug: string | undefined) => ['organizations', slug, 'projects'] as const,
  detail: (ref: string | undefined) => ['projects', ref] as const,
  status: (ref: string | undefined) => ['projects', ref, 'status'] as const,
  pauseStatus: (ref: string | undefined) => ['projects', ref, 'pause-status'] as const,
  restoreVersions: (ref: string | undefined) => ['projects', ref, 'restore-versions'] as const,
  restHealth: (ref: string | undefined) => ['projects', ref, 'rest-health'] as const,
};

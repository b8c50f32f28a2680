export const backupKeys = {
  downloadable: (ref: string | undefined) => ['projects', ref, 'backups', 'downloadable'] as const,
  pitr: (ref: string | undefined) => ['projects', ref, 'backups', 'pitr'] as const,
};

/** What the Realtime pages and routes say, the same words on both sides. */
export const REALTIME_MESSAGES = {
  settingsForbidden: 'Only Owners and Administrators can change Realtime settings',
} as const;

/** The Users page's words and choices, shared by the server's refusals and the dashboard. */
export const AUTH_USERS_MESSAGES = {
  noWritePermission: "You need the Owner, Administrator or Developer role to manage this project's users",
  notRunning: (status: string) =>
    status === 'INACTIVE'
      ? 'The project is paused: restore it to see and manage its users'
      : `The project's database is not running (status ${status}): its users can be managed once it is healthy again`,
} as const;

/** The ban lengths the dashboard offers. */
export const BAN_DURATIONS = [
  { value: '1h', label: '1 hour' },
  { value: '24h', label: '24 hours' },
  { value: '168h', label: '7 days' },
  { value: '720h', label: '30 days' },
  { value: '876000h', label: 'Permanently (100 years)' },
] as const;

/** What the access token routes, the management API's token check and the Access tokens page say. */
export const ACCESS_TOKEN_MESSAGES = {
  malformed: 'Invalid access token format: expected sbp_ followed by 40 hexadecimal characters',
  unknown: 'Invalid access token: it does not exist or was deleted',
  expired: (at: string) => `This access token expired on ${at}: generate a new one in Account → Access tokens`,
  /** A token sent to the dashboard's own API (/api/platform, /api/auth...), which takes sessions only. */
  managementApiOnly: "Access tokens work on the management API (/api/v1) and the assistant's generate-v4 only: sign in to use this route",
  created: (name: string) => `Generated access token ${name}`,
  deleted: (name: string) => `Deleted access token ${name}`,
  createFailed: (message: string) => `Failed to generate access token: ${message}`,
  deleteFailed: (message: string) => `Failed to delete access token: ${message}`,
  shownOnce: 'Copy this token now: it will not be shown again.',
} as const;

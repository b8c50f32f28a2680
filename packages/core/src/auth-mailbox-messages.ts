/** What the Mailbox page and its API say (features/auth-mailbox, services/auth/auth-mailbox.ts). */
export const AUTH_MAILBOX_MESSAGES = {
  noPermission: "You need the Owner, Administrator or Developer role to read this project's mailbox: its links sign users in",
  keptNotice: 'Neither this project nor the platform has an SMTP server, so auth emails are kept here instead of being sent.',
} as const;

/** What Database → Settings and its password reset say (Basin's own wording; the spec names the page only). */
export const DATABASE_SETTINGS_MESSAGES = {
  resetForbidden: 'You need additional permissions to reset the database password',
  notRunning: (status: string) => `The database must be running to change its password (it is ${status})`,
  resetDone: 'Successfully updated database password',
  resetFailed: (message: string) => `Failed to reset database password: ${message}`,
  noCredentials: 'Your role can only see the read-only connection string.',
  sslNotEnforced:
    'SSL is not enforced: every Basin instance listens on 127.0.0.1 only and accepts plain TCP there. ' +
    'Reach it from elsewhere through an SSH tunnel or a TLS-terminating proxy you run.',
  sslOn: 'The server accepts SSL connections; plain connections are not refused.',
  noPooler:
    'Basin runs no connection pooler (no Supavisor or PgBouncer): every client opens its own session on the database, up to its max_connections. ' +
    "The data API pools its own sessions; for many short-lived clients, put PgBouncer in front of the project's port.",
} as const;

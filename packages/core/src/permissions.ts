/**
 * The permission model: which organization role may perform which action. One table, used by
 * the server to enforce and by the dashboard only to hide, disable and explain.
 */
export const ROLES = ['Owner', 'Administrator', 'Developer', 'Read-only'] as const;
export type Role = (typeof ROLES)[number];

const EVERYONE: readonly Role[] = ROLES;
const BUILDERS: readonly Role[] = ['Owner', 'Administrator', 'Developer'];
const ADMINS: readonly Role[] = ['Owner', 'Administrator'];

/** `<resource>:<action>`; resources follow the spec's names (billing.subscriptions, service_api_keys, ...). */
export const PERMISSIONS = {
  'organizations:read': EVERYONE,
  'organizations:update': ADMINS,
  'members:read': EVERYONE,
  'members:invite': ADMINS,
  'members:update': ADMINS,
  'members:remove': ADMINS,
  'billing.subscriptions:read': ADMINS,
  'billing.subscriptions:write': ADMINS,
  'projects:read': EVERYONE,
  'projects:create': ADMINS,
  'projects:update': ADMINS,
  'projects:delete': ADMINS,
  /**
   * The superuser connection string; everyone else sees the read-only one only. Members with it
   * work as `postgres` in the SQL and table editors, so the table editor's writes need it.
   */
  'database.credentials:read': BUILDERS,
  'service_api_keys:read': BUILDERS,
  'preview_branches:create': BUILDERS,
  'user_content.sql:create': BUILDERS,
  'infra.resume:execute': ADMINS,
  /** Pause, restart, resize and upgrade change the running instance. */
  'infra.lifecycle:execute': ADMINS,
  'backups:read': EVERYONE,
  /** A physical backup holds every row and role: as sensitive as the superuser password. */
  'backups:download': ADMINS,
  /** Queries in the SQL editor and the table editor's reads; Read-only members run them through the read-only role. */
  'sql:execute': EVERYONE,
  'advisors:read': EVERYONE,
  'advisors.acknowledgements:write': BUILDERS,
  /** The project's API settings (exposed schemas) and auth settings (OTP, passwords, MFA, SMTP, rate limits). */
  'project.settings:write': ADMINS,
  /** Connecting a project to a GitHub repository stores a token that reads the repository. */
  'integrations.github_connections:write': ADMINS,
  'auth:read': EVERYONE,
  /** The project's end users (Authentication → Users): create, invite, send recovery, ban, delete. */
  'auth.users:write': BUILDERS,
  'auth.sign_in_providers:read': BUILDERS,
  'storage:read': EVERYONE,
  /** Buckets and files (Storage pages): create, change, upload, move, delete, sign URLs, archive. */
  'storage:write': BUILDERS,
  'functions:read': EVERYONE,
  /** Deploy, change and delete edge functions. */
  'functions:write': BUILDERS,
  /** Function secrets: their names and digests, and setting or removing them. */
  'functions.secrets:read': BUILDERS,
  'functions.secrets:write': BUILDERS,
  'realtime:read': EVERYONE,
  /**
   * The AI assistant and the member's own chats. What its tools do goes through the member's own
   * routes and permissions (the SQL editor's role, functions:write), so every role may use it.
   */
  'assistant:use': EVERYONE,
  /** Marking a project as holding HIPAA data (which disallows the assistant), or unmarking it. */
  'projects.hipaa:write': ['Owner'],
  /** The project's logs (logs.all) and their retention setting; changing it is project.settings:write. */
  'analytics:read': EVERYONE,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | undefined | null, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

const RANK: Record<Role, number> = { Owner: 3, Administrator: 2, Developer: 1, 'Read-only': 0 };

/**
 * Whether `actor` may give, change or take away a membership whose role is `from` (undefined
 * for a new invitation) to `to` (undefined for a removal). Only Owners manage Owners.
 */
export function canManageRole(actor: Role, from: Role | undefined, to: Role | undefined): boolean {
  if (!can(actor, 'members:update')) return false;
  const highest = Math.max(from ? RANK[from] : 0, to ? RANK[to] : 0);
  return RANK[actor] >= highest;
}

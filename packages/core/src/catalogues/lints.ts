/**
 * The advisors' lints (spec part 2 §3): for each name its title, level, category, what it means,
 * how to fix it, and the dashboard page that fixes it. The server reports findings with these
 * texts; the dashboard uses the same entries for titles and action links.
 */
/** As the spec names them (part 2 §3: ERROR or WARNING; INFO also as a label), in the API too. */
export const LINT_LEVELS = ['ERROR', 'WARNING', 'INFO'] as const;
export type LintLevel = (typeof LINT_LEVELS)[number];

export const LINT_CATEGORIES = ['PERFORMANCE', 'SECURITY'] as const;
export type LintCategory = (typeof LINT_CATEGORIES)[number];

/** Where a finding comes from: one query of the instance's catalogs, or the platform's own records. */
export type LintSource = 'catalog' | 'platform';

export interface LintMetadata {
  schema?: string | null;
  name?: string | null;
  entity?: string | null;
  type?: string | null;
}

export interface LintDefinition {
  title: string;
  level: LintLevel;
  category: LintCategory;
  source: LintSource;
  description: string;
  remediation: string;
  /** The dashboard page that fixes a finding, under /project/{ref}. */
  fix: (metadata: LintMetadata) => string;
}

const query = (params: Record<string, string | null | undefined>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value ?? '')}`)
    .join('&');

const indexes = (m: LintMetadata) => `/database/indexes?${query({ schema: m.schema, table: m.name })}`;
const functions = (m: LintMetadata) => `/database/functions?${query({ schema: m.schema, search: m.name })}`;
const extensions = (m: LintMetadata) => `/database/extensions?${query({ filter: m.name })}`;
const policies = (m: LintMetadata) => `/auth/policies?${query({ schema: m.schema, search: m.name })}`;
const tables = (m: LintMetadata) => `/editor?${query({ schema: m.schema, table: m.name })}`;
const page = (path: string) => () => path;

export const LINTS = {
  unindexed_foreign_keys: {
    title: 'Unindexed foreign keys',
    level: 'INFO',
    category: 'PERFORMANCE',
    source: 'catalog',
    description: 'Identifies foreign key constraints without a covering index, which can slow joins and deletes on the referenced table.',
    remediation: 'Create an index whose leading columns are the foreign key columns.',
    fix: indexes,
  },
  auth_users_exposed: {
    title: 'Exposed Auth Users',
    level: 'ERROR',
    category: 'SECURITY',
    source: 'catalog',
    description:
      'Detects a view in an exposed schema that reads auth.users and can be read by anon or authenticated, which may leak user data.',
    remediation: 'Move the view out of the exposed schemas, or revoke select on it from anon and authenticated.',
    fix: tables,
  },
  auth_rls_initplan: {
    title: 'Auth RLS Initialization Plan',
    // An error: the cost grows with every row a query reads. The assistant's 'Improve Performance'
    // suggestions (spec part 2 §2) are the ERROR findings whose first category is not SECURITY.
    level: 'ERROR',
    category: 'PERFORMANCE',
    source: 'catalog',
    description:
      'A row level security policy calls auth.<function>() or current_setting() for every row. Wrap the call as (select auth.<function>()) so it runs once per query.',
    remediation: 'Replace auth.uid() with (select auth.uid()) in the policy expression.',
    fix: policies,
  },
  no_primary_key: {
    title: 'No Primary Key',
    level: 'INFO',
    category: 'PERFORMANCE',
    source: 'catalog',
    description: 'A table without a primary key is inefficient to update at scale and cannot be replicated logically.',
    remediation: 'Add a primary key to the table.',
    fix: tables,
  },
  unused_index: {
    title: 'Unused Index',
    level: 'INFO',
    category: 'PERFORMANCE',
    source: 'catalog',
    description: 'An index that has never been scanned slows every write and takes disk; consider removing it.',
    remediation: 'Drop the index if no query needs it.',
    fix: indexes,
  },
  multiple_permissive_policies: {
    title: 'Multiple Permissive Policies',
    level: 'WARNING',
    category: 'PERFORMANCE',
    source: 'catalog',
    description: 'A table has several permissive policies for the same role and action; each one runs for every row of every query.',
    remediation: 'Combine the policies into one.',
    fix: policies,
  },
  policy_exists_rls_disabled: {
    title: 'Policy Exists RLS Disabled',
    level: 'ERROR',
    category: 'SECURITY',
    source: 'catalog',
    description: 'A table has row level security policies but row level security is not enabled, so the policies do nothing.',
    remediation: 'Enable row level security on the table.',
    fix: policies,
  },
  rls_enabled_no_policy: {
    title: 'RLS Enabled No Policy',
    level: 'INFO',
    category: 'SECURITY',
    source: 'catalog',
    description: 'A table has row level security enabled but no policy, so the API roles can read and write none of its rows.',
    remediation: 'Create policies for the table, or disable row level security if no API role needs it.',
    fix: policies,
  },
  duplicate_index: {
    title: 'Duplicate Index',
    level: 'WARNING',
    category: 'PERFORMANCE',
    source: 'catalog',
    description: 'A table has identical indexes (same columns, predicate and method); all but one can be dropped.',
    remediation: 'Drop all but one of the identical indexes.',
    fix: indexes,
  },
  security_definer_view: {
    title: 'Security Definer View',
    level: 'ERROR',
    category: 'SECURITY',
    source: 'catalog',
    description: "A view in an exposed schema runs with its owner's permissions and row level security instead of the querying user's.",
    remediation: 'alter view ... set (security_invoker = on);',
    fix: tables,
  },
  function_search_path_mutable: {
    title: 'Function Search Path Mutable',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'catalog',
    description: 'A function without a fixed search_path resolves names through the caller’s search_path, which a caller can change.',
    remediation: "alter function ... set search_path = '';",
    fix: functions,
  },
  rls_disabled_in_public: {
    title: 'RLS Disabled in Public',
    level: 'ERROR',
    category: 'SECURITY',
    source: 'catalog',
    description: 'A table in an exposed schema has row level security disabled, so anyone with the API key can read and write every row.',
    remediation: 'Enable row level security on the table and add policies.',
    fix: policies,
  },
  extension_in_public: {
    title: 'Extension in Public',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'catalog',
    description: 'An extension is installed in the public schema, where its objects are exposed through the API.',
    remediation: 'Install the extension in its own schema (e.g. extensions).',
    fix: extensions,
  },
  rls_references_user_metadata: {
    title: 'RLS references user metadata',
    level: 'ERROR',
    category: 'SECURITY',
    source: 'catalog',
    description: 'A row level security policy reads user_metadata from the JWT, which the user can edit, so it must not decide access.',
    remediation: 'Base the policy on app_metadata or on a table the user cannot write.',
    fix: policies,
  },
  public_bucket_allows_listing: {
    title: 'Public Bucket Allows Listing',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'catalog',
    description:
      "A public bucket has a SELECT policy on storage.objects for anyone, so clients can list every file in it. A public bucket's files are served by URL without any policy.",
    remediation: 'Drop the policy, or limit it to the rows a client needs (its own folder, for example).',
    fix: policies,
  },
  materialized_view_in_api: {
    title: 'Materialized View in API',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'catalog',
    description:
      'A materialized view in an exposed schema can be read by anon or authenticated; materialized views have no row level security.',
    remediation: 'Move the materialized view out of the exposed schemas, or revoke select from anon and authenticated.',
    fix: tables,
  },
  foreign_table_in_api: {
    title: 'Foreign Table in API',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'catalog',
    description: 'A foreign table in an exposed schema can be read by anon or authenticated; foreign tables have no row level security.',
    remediation: 'Move the foreign table out of the exposed schemas, or revoke select from anon and authenticated.',
    fix: tables,
  },
  unsupported_reg_types: {
    title: 'Unsupported reg types',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'catalog',
    description: 'A column uses a reg* type that holds object ids; such columns block a major version upgrade.',
    remediation: 'Change the column to text, or to regclass, regrole or regtype, which survive an upgrade.',
    fix: tables,
  },
  auth_otp_long_expiry: {
    title: 'Auth OTP long expiry',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'platform',
    description: 'The email one-time password expires after more than an hour.',
    remediation: 'Set the email OTP expiry to 3600 seconds or less.',
    fix: page('/auth/providers'),
  },
  auth_otp_short_length: {
    title: 'Auth OTP short length',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'platform',
    description: 'The SMS one-time password has fewer than 6 digits, which makes it easier to guess.',
    remediation: 'Set the SMS OTP length to 6 or more.',
    fix: page('/auth/providers'),
  },
  password_requirements_min_length: {
    title: 'Minimum password length too short',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'platform',
    description: 'Passwords may be shorter than 8 characters.',
    remediation: 'Set the minimum password length to 8 or more.',
    fix: page('/auth/providers'),
  },
  auth_leaked_password_protection: {
    title: 'Leaked Password Protection Disabled',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'platform',
    description: 'Sign-up and password changes accept passwords known from data leaks.',
    remediation: 'Turn on leaked password protection.',
    fix: page('/auth/providers'),
  },
  auth_insufficient_mfa_options: {
    title: 'Insufficient MFA Options',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'platform',
    description: 'Fewer than two multi-factor authentication methods are enabled.',
    remediation: 'Enable at least two MFA methods (e.g. TOTP and phone).',
    fix: page('/auth/mfa'),
  },
  auth_password_policy_missing: {
    title: 'Password policy missing',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'platform',
    description: 'Passwords have no character requirements (letters, digits, symbols).',
    remediation: 'Choose password requirements in the auth settings.',
    fix: page('/auth/providers'),
  },
  ssl_not_enforced: {
    title: 'SSL not enforced',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'platform',
    description: 'The database accepts connections without SSL.',
    remediation: 'Enforce SSL for database connections.',
    fix: page('/database/settings'),
  },
  network_restrictions_not_set: {
    title: 'Network restrictions not set',
    level: 'INFO',
    category: 'SECURITY',
    source: 'platform',
    description: 'Every address that reaches the database port may try to connect.',
    remediation: 'Restrict the addresses allowed to connect to the database.',
    fix: page('/settings/infrastructure'),
  },
  pitr_not_enabled: {
    title: 'Point in time recovery not enabled',
    level: 'INFO',
    category: 'SECURITY',
    source: 'platform',
    description: 'The project is backed up daily only: up to a day of changes can be lost.',
    remediation: 'Enable point in time recovery.',
    fix: page('/database/backups/pitr'),
  },
  leaked_service_key: {
    title: 'Leaked service key',
    level: 'ERROR',
    category: 'SECURITY',
    source: 'platform',
    description:
      'The service key, which bypasses row level security, was sent from a browser, or a key of a replaced JWT secret is still in use.',
    remediation: 'Rotate the service key and use it on servers only.',
    fix: page('/settings/api'),
  },
  no_backup_admin: {
    title: 'No backup admin',
    level: 'ERROR',
    category: 'SECURITY',
    source: 'platform',
    description: 'The platform cannot log in to the database as its administrator, so backups cannot be taken.',
    remediation: 'Contact support: the administrator role was removed or changed.',
    fix: page('/database/backups/scheduled'),
  },
  vulnerable_postgres_version: {
    title: 'Vulnerable Postgres version',
    level: 'WARNING',
    category: 'SECURITY',
    source: 'platform',
    description: 'A newer minor version of this Postgres major, with security fixes, is installed.',
    remediation: 'Restart or upgrade the project to run the newest minor version.',
    fix: page('/settings/infrastructure'),
  },
} as const satisfies Record<string, LintDefinition>;

export type LintName = keyof typeof LINTS;
export const LINT_NAMES = Object.keys(LINTS) as [LintName, ...LintName[]];

/** The page of the dashboard that fixes a finding. */
export function lintFixPath(ref: string, name: LintName, metadata: LintMetadata): string {
  return `/project/${ref}${LINTS[name].fix(metadata)}`;
}

/** The cache key of a finding: `<name>_<schema>_<object>`, as the hosted platform builds it. */
export function lintCacheKey(name: LintName, schema: string | null | undefined, object: string | null | undefined): string {
  return [name, schema, object].filter((part) => part !== null && part !== undefined && part !== '').join('_');
}

export const ADVISOR_MESSAGES = {
  projectNotRunning: 'The advisors need a running database: restore or restart the project first',
  acknowledgementNotFound: 'This finding is not acknowledged',
  noAcknowledgePermission: 'You need additional permissions to acknowledge findings',
  noAuthSettingsPermission: 'You need additional permissions to update auth settings',
  leakedPasswordProtectionUnavailable:
    'Leaked password protection is not available in Basin yet: it needs the Have I Been Pwned service, which this install cannot reach',
} as const;

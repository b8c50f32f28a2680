import type { Member, Organization, PgColumn, Project } from '@basin/core/schemas';

export const PROJECT_REF = 'abcdefghijklmnopqrst';

export function projectFixture(overrides: Partial<Project> = {}): Project {
  return {
    id: 1,
    ref: PROJECT_REF,
    name: 'Orders',
    organization_id: 1,
    organization_slug: 'acme',
    status: 'ACTIVE_HEALTHY',
    status_message: null,
    dbVersion: 'supabase-postgres-17.10.0',
    region: 'local',
    cloud_provider: 'local',
    infra_compute_size: 'micro',
    restUrl: `http://127.0.0.1:8080/api/projects/${PROJECT_REF}/gateway/rest/v1/`,
    apiUrls: [
      { url: `http://127.0.0.1:8080/api/projects/${PROJECT_REF}/gateway`, form: 'path' },
      { url: `http://${PROJECT_REF}.localhost:8080`, form: 'host' },
    ],
    connectionString: 'postgresql://postgres:secret@127.0.0.1:54321/postgres',
    connectionStringReadOnly: 'postgresql://basin_read_only:secret@127.0.0.1:54321/postgres',
    parent_project_ref: null,
    postgrestStatus: 'ONLINE',
    inserted_at: new Date().toISOString(),
    ...overrides,
  };
}

export function organizationFixture(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 1,
    slug: 'acme',
    name: 'Acme',
    billing_email: null,
    plan: { id: 'free', name: 'Free' },
    role: 'Owner',
    opt_in_tags: [],
    additional_billing_emails: [],
    ...overrides,
  };
}

export function memberFixture(overrides: Partial<Member> = {}): Member {
  return {
    user_id: 'user-1',
    email: 'ada@example.com',
    username: 'ada',
    role: 'Owner',
    joined_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A plain nullable text column of `public.items` (table 7); `overrides` make it the column a test needs. */
export function pgColumnFixture(name: string, overrides: Partial<PgColumn> = {}): PgColumn {
  const position = overrides.ordinal_position ?? 1;
  return {
    id: `7.${position}`,
    table_id: 7,
    schema: 'public',
    table: 'items',
    name,
    ordinal_position: position,
    data_type: 'text',
    format: 'text',
    type_id: 25,
    default_value: null,
    is_nullable: true,
    is_identity: false,
    identity_generation: null,
    is_generated: false,
    is_updatable: true,
    is_unique: false,
    enums: [],
    comment: null,
    ...overrides,
  };
}

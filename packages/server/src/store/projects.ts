import type { ComputeSizeId, PitrRetentionDays, ProjectStatus, Role } from '@basin/core';
import type { PostgresMajor } from '../instances/types.ts';
import type { Queryable } from './db.ts';

export interface ProjectRow {
  id: number;
  ref: string;
  organization_id: number;
  organization_slug: string;
  name: string;
  status: ProjectStatus;
  status_message: string | null;
  region: string;
  postgres_major: PostgresMajor;
  server_version: string;
  compute_size: ComputeSizeId;
  port: number | null;
  db_password: string;
  readonly_password: string;
  parent_project_ref: string | null;
  /** The PITR add-on's window in days; null while it is off. */
  pitr_retention_days: PitrRetentionDays | null;
  /** When the WAL history the project archives now began (PITR on, or its last restore); null while off. */
  pitr_since: Date | null;
  created_at: Date;
}

const COLUMNS = `p.id, p.ref, p.organization_id, o.slug as organization_slug, p.name, p.status, p.status_message,
  p.region, p.postgres_major, p.server_version, p.compute_size, p.port, p.db_password, p.readonly_password,
  p.parent_project_ref, p.pitr_retention_days, p.pitr_since, p.created_at`;

export type NewProject = Pick<
  ProjectRow,
  | 'ref'
  | 'organization_id'
  | 'name'
  | 'status'
  | 'region'
  | 'postgres_major'
  | 'server_version'
  | 'compute_size'
  | 'port'
  | 'db_password'
  | 'readonly_password'
>;

export async function insert(db: Queryable, p: NewProject): Promise<void> {
  await db.query(
    `insert into projects (ref, organization_id, name, status, region, postgres_major, server_version, compute_size, port, db_password, readonly_password)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      p.ref,
      p.organization_id,
      p.name,
      p.status,
      p.region,
      p.postgres_major,
      p.server_version,
      p.compute_size,
      p.port,
      p.db_password,
      p.readonly_password,
    ],
  );
}

/** The project's data API settings (project-api-settings.ts reads and changes them). */
export interface ProjectApiSettings {
  exposed_schemas: string[];
  max_rows: number;
  /** PostgREST's db-aggregates-enabled: count(), sum(), avg(), min(), max() in `select`. */
  db_aggregates_enabled: boolean;
  /** PostgREST's db-plan-enabled: `Accept: application/vnd.pgrst.plan` answers the statement's EXPLAIN. */
  db_plan_enabled: boolean;
}

/**
 * What the project gateway reads about a project on every request: its row, its current JWT secret
 * (sealed) and its API settings, in one query, kept in memory for at most a second per ref. Every
 * store function that changes one of these columns forgets the ref (forgetSnapshot), so this
 * process never serves a replaced secret, a paused project or old settings; another replica's
 * changes show within the second. Only found rows are kept: one entry per project at most.
 */
export interface ProjectSnapshot extends ProjectRow, ProjectApiSettings {
  /** Sealed; null for projects made before API keys existed. */
  jwt_secret: string | null;
  /** The asymmetric keys that still verify (store/signing-keys.ts), oldest first. */
  signing_keys: SnapshotSigningKey[];
}

/** A signing key as requests need it: the private half (sealed) only for the key in use. */
export interface SnapshotSigningKey {
  id: string;
  algorithm: 'ES256' | 'RS256';
  status: 'in_use' | 'standby' | 'previously_used';
  public_jwk: Record<string, unknown>;
  private_jwk: string | null;
}

const SNAPSHOT_MAX_AGE_MS = 1000;
const snapshots = new Map<string, { at: number; snapshot: Promise<ProjectSnapshot | undefined> }>();

export function findSnapshot(db: Queryable, ref: string): Promise<ProjectSnapshot | undefined> {
  const now = performance.now();
  const kept = snapshots.get(ref);
  if (kept && now - kept.at < SNAPSHOT_MAX_AGE_MS) return kept.snapshot;
  const snapshot = db
    .query<ProjectSnapshot>(
      `select ${COLUMNS}, p.jwt_secret, p.exposed_schemas, p.max_rows, p.db_aggregates_enabled, p.db_plan_enabled,
         (select coalesce(json_agg(json_build_object('id', k.id, 'algorithm', k.algorithm, 'status', k.status, 'public_jwk', k.public_jwk,
                  'private_jwk', case when k.status = 'in_use' then k.private_jwk end) order by k.created_at), '[]')
          from project_signing_keys k where k.ref = p.ref and k.status <> 'revoked') as signing_keys
       from projects p join organizations o on o.id = p.organization_id where p.ref = $1`,
      [ref],
    )
    .then(({ rows }) => rows[0]);
  const entry = { at: now, snapshot };
  snapshots.set(ref, entry);
  // A miss or a failure is not kept: the next request asks again.
  const drop = () => snapshots.get(ref) === entry && snapshots.delete(ref);
  snapshot.then((found) => found || drop(), drop);
  return snapshot;
}

/** The project's row changed in this process: the next request reads it again. */
export function forgetSnapshot(ref: string): void {
  snapshots.delete(ref);
}

export async function findByRef(db: Queryable, ref: string): Promise<ProjectRow | undefined> {
  const { rows } = await db.query<ProjectRow>(
    `select ${COLUMNS} from projects p join organizations o on o.id = p.organization_id where p.ref = $1`,
    [ref],
  );
  return rows[0];
}

/** The project with the role of the given user in its organization; undefined for non-members. */
export async function findForUser(db: Queryable, ref: string, userId: string): Promise<(ProjectRow & { role: Role }) | undefined> {
  const { rows } = await db.query<ProjectRow & { role: Role }>(
    `select ${COLUMNS}, m.role from projects p join organizations o on o.id = p.organization_id
     join members m on m.organization_id = p.organization_id and m.user_id = $2 where p.ref = $1`,
    [ref, userId],
  );
  return rows[0];
}

/** The hot path of status polling: one indexed lookup, membership included. */
export async function statusForUser(
  db: Queryable,
  ref: string,
  userId: string,
): Promise<{ status: ProjectStatus; role: Role } | undefined> {
  const { rows } = await db.query<{ status: ProjectStatus; role: Role }>(
    `select p.status, m.role from projects p join members m on m.organization_id = p.organization_id and m.user_id = $2
     where p.ref = $1`,
    [ref, userId],
  );
  return rows[0];
}

export async function listByOrganization(db: Queryable, organizationId: number): Promise<ProjectRow[]> {
  const { rows } = await db.query<ProjectRow>(
    `select ${COLUMNS} from projects p join organizations o on o.id = p.organization_id
     where p.organization_id = $1 order by p.created_at desc, p.id desc`,
    [organizationId],
  );
  return rows;
}

export async function listByStatus(db: Queryable, statuses: ProjectStatus[]): Promise<ProjectRow[]> {
  const { rows } = await db.query<ProjectRow>(
    `select ${COLUMNS} from projects p join organizations o on o.id = p.organization_id where p.status = any($1)`,
    [statuses],
  );
  return rows;
}

export async function rename(db: Queryable, ref: string, name: string): Promise<void> {
  await db.query('update projects set name = $2, updated_at = now() where ref = $1', [ref, name]);
  forgetSnapshot(ref);
}

export async function setStatus(db: Queryable, ref: string, status: ProjectStatus, message: string | null = null): Promise<void> {
  await db.query('update projects set status = $2, status_message = $3, updated_at = now() where ref = $1', [ref, status, message]);
  forgetSnapshot(ref);
}

export async function setPort(db: Queryable, ref: string, port: number): Promise<void> {
  await db.query('update projects set port = $2, updated_at = now() where ref = $1', [ref, port]);
  forgetSnapshot(ref);
}

/** The members' postgres password, sealed; answers when it changed. */
export async function setDatabasePassword(db: Queryable, ref: string, sealed: string): Promise<Date> {
  const { rows } = await db.query<{ updated_at: Date }>(
    'update projects set db_password = $2, updated_at = now() where ref = $1 returning updated_at',
    [ref, sealed],
  );
  forgetSnapshot(ref);
  return rows[0]!.updated_at;
}

export async function usedPorts(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ port: number }>('select port from projects where port is not null');
  return rows.map((r) => r.port);
}

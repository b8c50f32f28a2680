/**
 * Edge functions, their versions and the versions' files (migration 020). A deploy writes the
 * new version and moves the function's pointer in one transaction.
 */
import type { Db, Queryable } from './db.ts';
import { transaction } from './db.ts';

export interface FunctionRow {
  id: string;
  ref: string;
  slug: string;
  name: string;
  status: 'ACTIVE' | 'REMOVED' | 'THROTTLED';
  verify_jwt: boolean;
  entrypoint_path: string;
  import_map_path: string | null;
  version: number;
  /** SHA-256 of the current version's files. */
  sha256: string;
  created_at: Date;
  updated_at: Date;
}

export interface FunctionFile {
  path: string;
  content: Buffer;
}

export interface NewVersion {
  ref: string;
  slug: string;
  name: string;
  verifyJwt: boolean;
  entrypointPath: string;
  importMapPath: string | null;
  staticPatterns: string[];
  sha256: string;
  files: FunctionFile[];
}

const COLUMNS = `f.id, f.ref, f.slug, f.name, f.status, f.verify_jwt, f.entrypoint_path, f.import_map_path, f.version,
  v.sha256, f.created_at, f.updated_at`;
const FROM = 'edge_functions f join edge_function_versions v on v.function_id = f.id and v.version = f.version';

export async function list(db: Queryable, ref: string): Promise<FunctionRow[]> {
  const { rows } = await db.query<FunctionRow>(`select ${COLUMNS} from ${FROM} where f.ref = $1 order by f.created_at, f.slug`, [ref]);
  return rows;
}

export async function find(db: Queryable, ref: string, slug: string): Promise<FunctionRow | undefined> {
  const { rows } = await db.query<FunctionRow>(`select ${COLUMNS} from ${FROM} where f.ref = $1 and f.slug = $2`, [ref, slug]);
  return rows[0];
}

/**
 * Adds a version (the function too, on its first deploy) and makes it current, in one
 * transaction: concurrent deploys of one slug get consecutive versions, the last one wins.
 */
export async function deploy(db: Db, v: NewVersion): Promise<FunctionRow> {
  return transaction(db, async (client) => {
    const { rows } = await client.query<{ id: string; version: number }>(
      `insert into edge_functions as f (ref, slug, name, verify_jwt, entrypoint_path, import_map_path, version)
       values ($1, $2, $3, $4, $5, $6, 1)
       on conflict (ref, slug) do update
         set version = f.version + 1, name = excluded.name, verify_jwt = excluded.verify_jwt,
             entrypoint_path = excluded.entrypoint_path, import_map_path = excluded.import_map_path,
             status = 'ACTIVE', updated_at = now()
       returning f.id, f.version`,
      [v.ref, v.slug, v.name, v.verifyJwt, v.entrypointPath, v.importMapPath],
    );
    const { id, version } = rows[0]!;
    await client.query(
      `insert into edge_function_versions (function_id, version, entrypoint_path, import_map_path, static_patterns, sha256)
       values ($1, $2, $3, $4, $5, $6)`,
      [id, version, v.entrypointPath, v.importMapPath, v.staticPatterns, v.sha256],
    );
    await client.query(
      `insert into edge_function_files (function_id, version, path, content)
       select $1, $2, path, content from unnest($3::text[], $4::bytea[]) as t(path, content)`,
      [id, version, v.files.map((f) => f.path), v.files.map((f) => f.content)],
    );
    const { rows: deployed } = await client.query<FunctionRow>(`select ${COLUMNS} from ${FROM} where f.id = $1`, [id]);
    return deployed[0]!;
  });
}

export async function update(db: Queryable, ref: string, slug: string, changes: { name?: string; verifyJwt?: boolean }): Promise<boolean> {
  const { rowCount } = await db.query(
    `update edge_functions set name = coalesce($3, name), verify_jwt = coalesce($4, verify_jwt), updated_at = now()
     where ref = $1 and slug = $2`,
    [ref, slug, changes.name ?? null, changes.verifyJwt ?? null],
  );
  return (rowCount ?? 0) > 0;
}

/** Deletes the function with all its versions and files. */
export async function remove(db: Queryable, ref: string, slug: string): Promise<FunctionRow | undefined> {
  const found = await find(db, ref, slug);
  if (!found) return undefined;
  await db.query('delete from edge_functions where id = $1', [found.id]);
  return found;
}

export async function versionFiles(db: Queryable, functionId: string, version: number): Promise<FunctionFile[]> {
  const { rows } = await db.query<FunctionFile>(
    'select path, content from edge_function_files where function_id = $1 and version = $2 order by path',
    [functionId, version],
  );
  return rows;
}

/** What an invocation needs to know of a function, in one small query: no file contents. */
export interface FunctionRoute {
  id: string;
  slug: string;
  verify_jwt: boolean;
  status: FunctionRow['status'];
  version: number;
  entrypoint_path: string;
  import_map_path: string | null;
  static_patterns: string[];
}

export async function findRoute(db: Queryable, ref: string, slug: string): Promise<FunctionRoute | undefined> {
  const { rows } = await db.query<FunctionRoute>(
    `select f.id, f.slug, f.verify_jwt, f.status, f.version, v.entrypoint_path, v.import_map_path, v.static_patterns
     from ${FROM} where f.ref = $1 and f.slug = $2`,
    [ref, slug],
  );
  return rows[0];
}

/**
 * A project's asymmetric JWT signing keys (migration 040). Every change forgets the project's
 * snapshot, which carries the keys that verify to each request (store/projects.ts).
 */
import type { SigningKeyAlgorithm, SigningKeyStatus } from '@basin/core/schemas';
import type { Queryable } from './db.ts';
import { forgetSnapshot } from './projects.ts';

export interface SigningKeyRow {
  id: string;
  ref: string;
  algorithm: SigningKeyAlgorithm;
  status: SigningKeyStatus;
  public_jwk: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, ref, algorithm, status, public_jwk, created_at, updated_at';

export async function list(db: Queryable, ref: string): Promise<SigningKeyRow[]> {
  const { rows } = await db.query<SigningKeyRow>(`select ${COLUMNS} from project_signing_keys where ref = $1 order by created_at, id`, [
    ref,
  ]);
  return rows;
}

export async function find(db: Queryable, ref: string, id: string): Promise<SigningKeyRow | undefined> {
  const { rows } = await db.query<SigningKeyRow>(`select ${COLUMNS} from project_signing_keys where ref = $1 and id = $2`, [ref, id]);
  return rows[0];
}

export interface NewSigningKey {
  id: string;
  ref: string;
  algorithm: SigningKeyAlgorithm;
  /** A key meant to be in use at once is added aside (previously_used) and then put in use. */
  status: 'standby' | 'previously_used';
  sealedPrivateJwk: string;
  publicJwk: Record<string, unknown>;
}

export async function insert(db: Queryable, key: NewSigningKey): Promise<SigningKeyRow> {
  const { rows } = await db.query<SigningKeyRow>(
    `insert into project_signing_keys (id, ref, algorithm, status, private_jwk, public_jwk)
     values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
    [key.id, key.ref, key.algorithm, key.status, key.sealedPrivateJwk, key.publicJwk],
  );
  forgetSnapshot(key.ref);
  return rows[0]!;
}

/**
 * Puts `id` in use (or, with null, the shared secret back): the key in use before becomes
 * previously_used. The unique index on in_use keys would refuse two at once, so the demotion runs
 * first in its own statement of the caller's transaction.
 */
export async function putInUse(db: Queryable, ref: string, id: string | null): Promise<void> {
  await db.query(
    `update project_signing_keys set status = 'previously_used', updated_at = now() where ref = $1 and status = 'in_use' and id is distinct from $2`,
    [ref, id],
  );
  if (id) await db.query(`update project_signing_keys set status = 'in_use', updated_at = now() where ref = $1 and id = $2`, [ref, id]);
  forgetSnapshot(ref);
}

/** Any other status change (standby, previously_used, revoked). */
export async function setStatus(db: Queryable, ref: string, id: string, status: Exclude<SigningKeyStatus, 'in_use'>): Promise<void> {
  await db.query(`update project_signing_keys set status = $3, updated_at = now() where ref = $1 and id = $2`, [ref, id, status]);
  forgetSnapshot(ref);
}

export async function remove(db: Queryable, ref: string, id: string): Promise<void> {
  await db.query(`delete from project_signing_keys where ref = $1 and id = $2`, [ref, id]);
  forgetSnapshot(ref);
}

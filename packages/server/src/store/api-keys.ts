import type { JwtSecretUpdateStatusValue } from '@basin/core/schemas';
import type { Queryable } from './db.ts';
import { forgetSnapshot } from './projects.ts';

export interface JwtSecretRow {
  /** Sealed; null for projects made before API keys existed. */
  jwt_secret: string | null;
  jwt_issued_at: Date | null;
  jwt_status: JwtSecretUpdateStatusValue;
  jwt_change_id: string | null;
  jwt_error: string | null;
}

const COLUMNS = 'jwt_secret, jwt_issued_at, jwt_status, jwt_change_id, jwt_error';

export async function findJwtSecret(db: Queryable, ref: string): Promise<JwtSecretRow | undefined> {
  const { rows } = await db.query<JwtSecretRow>(`select ${COLUMNS} from projects where ref = $1`, [ref]);
  return rows[0];
}

/** Sets the first secret; a concurrent first read that got there before wins. */
export async function initJwtSecret(db: Queryable, ref: string, sealedSecret: string): Promise<void> {
  await db.query('update projects set jwt_secret = $2, jwt_issued_at = now() where ref = $1 and jwt_secret is null', [ref, sealedSecret]);
  forgetSnapshot(ref);
}

/**
 * Marks a rotation as started; false when another one is under way. A rotation left Updating for
 * a minute (the platform stopped in the middle) may be taken over.
 */
export async function claimRotation(db: Queryable, ref: string, changeId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `update projects set jwt_status = 'Updating', jwt_status_at = now(), jwt_change_id = $2, jwt_error = null
     where ref = $1 and (jwt_status <> 'Updating' or jwt_status_at < now() - interval '1 minute')`,
    [ref, changeId],
  );
  return rowCount === 1;
}

/** Retired secrets kept per project: enough to recognise keys from the last few rotations. */
export const RETIRED_SECRETS_KEPT = 5;

/**
 * Puts the new secret in place and the replaced one among the retired secrets (one statement:
 * both or neither), dropping retired secrets beyond the newest RETIRED_SECRETS_KEPT.
 */
export async function finishRotation(db: Queryable, ref: string, changeId: string, sealedSecret: string, issuedAt: Date): Promise<void> {
  await db.query(
    `with replaced as (
       select jwt_secret from projects where ref = $1 and jwt_change_id = $2 and jwt_secret is not null
     ), retired as (
       insert into retired_jwt_secrets (ref, jwt_secret) select $1, jwt_secret from replaced
     )
     update projects set jwt_secret = $3, jwt_issued_at = $4, jwt_status = 'Updated', jwt_status_at = now()
     where ref = $1 and jwt_change_id = $2`,
    [ref, changeId, sealedSecret, issuedAt],
  );
  forgetSnapshot(ref);
  await db.query(
    `delete from retired_jwt_secrets where ref = $1 and id not in (
       select id from retired_jwt_secrets where ref = $1 order by id desc limit $2)`,
    [ref, RETIRED_SECRETS_KEPT],
  );
}

/** The project's replaced secrets (sealed), newest first. */
export async function findRetiredSecrets(db: Queryable, ref: string): Promise<string[]> {
  const { rows } = await db.query<{ jwt_secret: string }>('select jwt_secret from retired_jwt_secrets where ref = $1 order by id desc', [
    ref,
  ]);
  return rows.map((row) => row.jwt_secret);
}

export async function failRotation(db: Queryable, ref: string, changeId: string, error: string): Promise<void> {
  await db.query(`update projects set jwt_status = 'Failed', jwt_status_at = now(), jwt_error = $3 where ref = $1 and jwt_change_id = $2`, [
    ref,
    changeId,
    error,
  ]);
}

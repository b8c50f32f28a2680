/**
 * Who may hear a change: a subscriber hears a row only if its role and JWT claims may select it
 * now, checked as the data API runs a request (the role, `request.jwt.claims`, row level
 * security), by the row's primary key, as Supabase Realtime checks it. The check reads the row as
 * it is when the change is read, a moment after its commit: a row deleted in between is heard by
 * nobody but service_role. Subscribers with the same role and claims share one check per change.
 *
 * Postgres may stream a transaction before its commit is visible to new snapshots (the walsender
 * decodes the flushed commit record while the committing backend is still finishing): checks wait
 * until it is (committedVisible), or they would not find the row. service_role bypasses row level security, as it
 * does everywhere.
 */
import type { PlatformContext } from '../kernel/context.ts';
import type { ApiRequestAuth } from '../rest/request-auth.ts';
import { restPool } from '../rest/pool.ts';
import { ident } from '../rest/sql-fragment.ts';
import { withRequestTransaction } from '../rest/transaction.ts';
import type { ProjectRow } from '../store/projects.ts';
import type { RowChange } from './changes.ts';

/** One check's key: subscribers with equal keys get the same answer. */
export const authKey = (auth: ApiRequestAuth) => `${auth.role}\u0000${JSON.stringify(auth.claims)}`;

/**
 * The 64-bit id of a 32-bit transaction id seen lately, from the epoch of the snapshot's next id,
 * and whether the current snapshot sees that transaction as finished.
 */
const VISIBLE_SQL = `with s as (select pg_current_snapshot() as snapshot, pg_snapshot_xmax(pg_current_snapshot())::text::bigint as next)
  select pg_visible_in_snapshot(((((next >> 32) - (case when $1::bigint > (next & 4294967295) then 1 else 0 end)) << 32) | $1::bigint)::text::xid8, snapshot) as visible
  from s`;

const VISIBLE_WAIT_MS = 2;
const VISIBLE_TRIES = 500;

/** Waits until snapshots see the change's transaction as committed (about a second at most). */
export async function committedVisible(ctx: PlatformContext, project: ProjectRow, xid: number): Promise<void> {
  const pool = restPool(ctx, project);
  for (let attempt = 0; attempt < VISIBLE_TRIES; attempt++) {
    const { rows } = await pool.query<{ visible: boolean }>(VISIBLE_SQL, [xid]);
    if (rows[0]?.visible) return;
    await new Promise((resolve) => setTimeout(resolve, VISIBLE_WAIT_MS));
  }
}

/** Whether `auth` may select the changed row; false when the check itself fails (no grant, a policy's error). */
export async function maySelect(ctx: PlatformContext, project: ProjectRow, auth: ApiRequestAuth, change: RowChange): Promise<boolean> {
  if (auth.role === 'service_role') return true;
  const { shape, record } = change;
  const key = shape.primaryKey;
  const table = `${ident(shape.schema)}.${ident(shape.table)}`;
  // Without a key (or a row) only the grant can be checked: the statement fails without one.
  const where = key.length && record ? key.map((column, i) => `${ident(column)} = $${i + 1}`).join(' and ') : 'false';
  const values = key.length && record ? key.map((column) => record[column]) : [];
  const request = { auth, method: 'GET', path: '/realtime/v1', headers: {}, schema: 'public', rollback: false, readOnly: true };
  try {
    const found = await withRequestTransaction(restPool(ctx, project), request, (client) =>
      client.query(`select 1 from ${table} where ${where} limit 1`, values),
    );
    return key.length && record ? found.rowCount === 1 : true;
  } catch (err) {
    ctx.logger.debug({ err, ref: project.ref, role: auth.role }, 'realtime visibility check refused');
    return false;
  }
}

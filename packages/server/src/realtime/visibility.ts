/**
 * Who may hear a change: a subscriber hears a row only if its role and JWT claims may select it
 * now, checked as the data API runs a request (the role, `request.jwt.claims`, row level
 * security), by the row's primary key, as Supabase Realtime checks it. The check reads the row as
 * it is when the change is read, a moment after its commit: a row deleted in between is heard by
 * nobody but service_role. Subscribers with the same role and claims share one check per change,
 * and a change's checks are all made in one statement, on one session, in one round trip.
 *
 * Postgres may stream a transaction before its commit is visible to new snapshots (the walsender
 * decodes the flushed commit record while the committing backend is still finishing): checks wait
 * until it is (committedVisible), or they would not find the row. service_role bypasses row level
 * security, as it does everywhere.
 */
import type pg from 'pg';
import type { PlatformContext } from '../kernel/context.ts';
import type { ApiRequestAuth } from '../rest/request-auth.ts';
import { restPool } from '../rest/pool.ts';
import { ident } from '../rest/sql-fragment.ts';
import { holdWritesForTheTurn } from '../rest/transaction.ts';
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

/**
 * Every check of a change, in one statement: for each subscriber's role and claims (in
 * `basin.realtime_checks`, a JSON array of [role, claims, sub]), set them as transaction.ts sets a
 * data API request (GET /realtime/v1, no headers, the public schema; set_config('role') is SET
 * LOCAL ROLE), run the check statement (`basin.realtime_check`), note t (a row), f (none) or e
 * (an error, a policy's own raise of the block's code included), then raise to roll the block's
 * subtransaction back, which undoes the role and every setting, a policy's own set_config
 * included: the next check starts as the session's login again. The answers come back in `basin.realtime_answers`. The inputs are cleared before any
 * check runs: no policy reads the other subscribers' claims.
 *
 * The statement is prepared once for the block: Postgres plans it again whenever the role differs
 * from the one its plan was made for (row level security depends on it) and checks privileges at
 * each execution, so subscribers of one role with different claims share a plan, whose policies
 * read the claims as it runs. It is deallocated at the end (a session whose block failed is not
 * reused: withSession). A role's own statement_timeout cannot apply to a part of a
 * statement: the whole block runs under the login's (8 s), and a check cancelled by it fails all.
 */
const CHECKS_BLOCK = `do $block$
declare
  checks jsonb := current_setting('basin.realtime_checks')::jsonb;
  answers text := '';
  answer text;
  hit int;
begin
  execute 'prepare basin_realtime_check as ' || current_setting('basin.realtime_check');
  perform set_config('basin.realtime_checks', '', true), set_config('basin.realtime_check', '', true),
    set_config('request.headers', '{}', true), set_config('request.method', 'GET', true),
    set_config('request.path', '/realtime/v1', true);
  for i in 0 .. jsonb_array_length(checks) - 1 loop
    -- Kept through the rollback (variables are not undone): 'e' unless the check got its answer.
    answer := 'e';
    begin
      perform set_config('role', checks->i->>0, true),
        set_config('request.jwt.claims', checks->i->>1, true),
        set_config('request.jwt.claim.sub', checks->i->>2, true),
        set_config('request.jwt.claim.role', checks->i->>0, true),
        set_config('search_path', '"public"', true);
      hit := null;
      execute 'execute basin_realtime_check' into hit;
      answer := case when hit is null then 'f' else 't' end;
      raise sqlstate 'BR001';
    exception when others then null;
    end;
    answers := answers || answer;
  end loop;
  deallocate basin_realtime_check;
  perform set_config('basin.realtime_answers', answers, true);
end
$block$`;

/**
 * Whether each of `auths` (distinct roles and claims) may select the changed row, in order;
 * false when its check fails (no grant, a policy's error). service_role is not checked.
 * The others are checked together (CHECKS_BLOCK) in one read-only transaction, its statements
 * pipelined behind a look at whether the change's transaction is visible yet: one write, one
 * round trip. Only when it was not are the checks made again, once it is (committedVisible).
 */
export async function maySelectEach(
  ctx: PlatformContext,
  project: ProjectRow,
  auths: ApiRequestAuth[],
  change: RowChange,
): Promise<boolean[]> {
  const checked = auths.filter((auth) => auth.role !== 'service_role');
  let answers: boolean[] = [];
  if (checked.length) {
    const seen = await checkAll(ctx, project, checked, change, change.xid);
    if (seen) answers = seen;
    else {
      await committedVisible(ctx, project, change.xid);
      answers = (await checkAll(ctx, project, checked, change)) ?? [];
    }
  }
  let next = 0;
  return auths.map((auth) => (auth.role === 'service_role' ? true : answers[next++] === true));
}

/** The answers; undefined when the transaction `xid` (if given) was not visible to the checks yet. */
async function checkAll(
  ctx: PlatformContext,
  project: ProjectRow,
  auths: ApiRequestAuth[],
  change: RowChange,
  xid?: number,
): Promise<boolean[] | undefined> {
  const { shape, record } = change;
  const key = shape.primaryKey;
  const keyed = key.length > 0 && record !== null;
  const checks = auths.map(({ role, claims }) => [role, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : '']);
  try {
    const answers = await withSession(ctx, project, async (client) => {
      // The key's values go in as literals, which take the column's type as parameters would.
      const where = keyed ? key.map((column) => `${ident(column)} = ${client.escapeLiteral(record[column] ?? '')}`).join(' and ') : 'false';
      const statement = `select 1 from ${ident(shape.schema)}.${ident(shape.table)} where ${where} limit 1`;
      const inputs = `select set_config('basin.realtime_checks', $1, true), set_config('basin.realtime_check', $2, true)`;
      // Each statement takes a snapshot after the one before it: if the first sees the commit, the checks do too.
      const visible = xid === undefined ? undefined : client.query<{ visible: boolean }>(VISIBLE_SQL, [xid]);
      const [seen, , , , read] = await Promise.all([
        visible,
        client.query('begin read only'),
        client.query(inputs, [JSON.stringify(checks), statement]),
        client.query(CHECKS_BLOCK),
        client.query<{ answers: string }>(`select current_setting('basin.realtime_answers') as answers`),
        client.query('rollback'), // read only: nothing to keep
      ]);
      return seen && !seen.rows[0]?.visible ? undefined : read.rows[0]!.answers;
    });
    // Without a key (or a row) only the grant is checked: a statement that did not fail.
    return answers === undefined ? undefined : auths.map((_, i) => answers[i] === 't' || (!keyed && answers[i] === 'f'));
  } catch (err) {
    ctx.logger.warn({ err, ref: project.ref }, 'realtime visibility checks failed');
    return auths.map(() => false);
  }
}

/**
 * A data API session for `work`, its queries held back until all are queued (one write). A
 * session whose work failed is not given back to the pool: its transaction may still be open.
 */
async function withSession<T>(ctx: PlatformContext, project: ProjectRow, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await restPool(ctx, project).connect();
  let failed: Error | undefined;
  try {
    holdWritesForTheTurn(client);
    return await work(client);
  } catch (error) {
    failed = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failed);
  }
}

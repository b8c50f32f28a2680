/**
 * `Prefer: count=planned` and `count=estimated` on reads, as PostgREST counts them: the planner's
 * estimate of the rows (EXPLAIN of the counted query, so statistics decide), or for `estimated`
 * the exact count when that estimate is within max_rows.
 */
import type pg from 'pg';

/** The counted rows of a read as their own statement (sql-select's countedRows). */
export interface CountQuery {
  sql: string;
  values: unknown[];
}

export async function estimatedTotal(
  client: pg.PoolClient,
  counted: CountQuery,
  kind: 'planned' | 'estimated',
  maxRows?: number,
): Promise<number> {
  type Explained = { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] };
  const { rows } = await client.query<Explained>(`explain (format json) ${counted.sql}`, counted.values);
  const planned = rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows'];
  if (kind === 'planned' || maxRows === undefined || planned > maxRows) return planned;
  const exact = await client.query<{ count: string }>(`select count(*) from (${counted.sql}) as pgrst_counted`, counted.values);
  return Number(exact.rows[0]!.count);
}

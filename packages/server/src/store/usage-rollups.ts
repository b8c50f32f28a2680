/**
 * Requests, egress and function invocations per project and UTC day (migration 027), summed from
 * the request logs once a day is over, so that a month of usage outlives the logs' 7 days.
 */
import type { Queryable } from './db.ts';

/** Days of the logs' retention that ended more than a minute ago (the last log batches are in) and are not summed yet. */
export async function daysToRollUp(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ day: string }>(
    `select d::date::text as day
     from generate_series((now() at time zone 'UTC')::date - 6, (now() at time zone 'UTC')::date - 1, interval '1 day') d
     where d + interval '1 day 1 minute' < now() at time zone 'UTC'
       and not exists (select 1 from usage_rollup_days r where r.day = d::date)
     order by d`,
  );
  return rows.map((row) => row.day);
}

/** Sums one UTC day (`YYYY-MM-DD`) of every project's logs and marks it done; run in a transaction. */
export async function rollUpDay(db: Queryable, day: string): Promise<void> {
  await db.query(
    `insert into project_usage_daily (ref, day, requests, egress_bytes, function_invocations)
     select t.ref, $1::date, sum(t.requests), sum(t.egress_bytes), sum(t.function_invocations)
     from (
       select ref, count(*) as requests, coalesce(sum(response_bytes), 0) as egress_bytes, 0 as function_invocations
       from edge_logs where timestamp >= ($1::date at time zone 'UTC') and timestamp < (($1::date + 1) at time zone 'UTC')
       group by ref
       union all
       select ref, 0, 0, count(*)
       from function_edge_logs where timestamp >= ($1::date at time zone 'UTC') and timestamp < (($1::date + 1) at time zone 'UTC')
       group by ref
     ) t
     join projects p on p.ref = t.ref
     group by t.ref
     on conflict (ref, day) do update set requests = excluded.requests, egress_bytes = excluded.egress_bytes,
       function_invocations = excluded.function_invocations`,
    [day],
  );
  await db.query('insert into usage_rollup_days (day) values ($1) on conflict do nothing', [day]);
}

export interface RequestUsage {
  requests: number;
  egressBytes: number;
  functionInvocations: number;
}

/**
 * What the projects served since `since` (a UTC date, the first of the month): the summed days,
 * and the logs of the days not summed yet (today's, and any the roll-up has not reached).
 */
export async function requestUsageSince(db: Queryable, refs: string[], since: string): Promise<Map<string, RequestUsage>> {
  const { rows } = await db.query<{ ref: string; requests: number; egress_bytes: number; function_invocations: number }>(
    `with rolled as (select day from usage_rollup_days where day >= $2::date),
     counts as (
       select ref, requests, egress_bytes, function_invocations
       from project_usage_daily where ref = any($1) and day in (select day from rolled)
       union all
       select ref, count(*), coalesce(sum(response_bytes), 0), 0
       from edge_logs
       where ref = any($1) and timestamp >= ($2::date at time zone 'UTC')
         and (timestamp at time zone 'UTC')::date not in (select day from rolled)
       group by ref
       union all
       select ref, 0, 0, count(*)
       from function_edge_logs
       where ref = any($1) and timestamp >= ($2::date at time zone 'UTC')
         and (timestamp at time zone 'UTC')::date not in (select day from rolled)
       group by ref
     )
     select ref, sum(requests)::float8 as requests, sum(egress_bytes)::float8 as egress_bytes,
            sum(function_invocations)::float8 as function_invocations
     from counts group by ref`,
    [refs, since],
  );
  return new Map(
    rows.map((row) => [row.ref, { requests: row.requests, egressBytes: row.egress_bytes, functionInvocations: row.function_invocations }]),
  );
}

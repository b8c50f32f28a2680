/**
 * `Accept: application/vnd.pgrst.plan` as PostgREST answers it while db-plan-enabled is on: the
 * EXPLAIN of the very statement the request would run, in its transaction (so as its role, with
 * its claims and row level security), instead of the statement. As in PostgREST, `analyze` runs
 * the statement, so a write with it is committed unless `Prefer: tx=rollback` says otherwise.
 */
import type pg from 'pg';
import type { PlanRequest } from './media.ts';
import type { RestAnswer } from './respond.ts';

/** EXPLAIN's options by name; only these words, never the request's text, reach the SQL. */
const KEYWORDS = { analyze: 'analyze', verbose: 'verbose', settings: 'settings', buffers: 'buffers', wal: 'wal' } as const;

/** The statement's plan as text: FORMAT JSON's one value, or FORMAT TEXT's lines, each ending in a line break as PostgREST joins them. */
export async function explainStatement(client: pg.PoolClient, plan: PlanRequest, sql: string, values: unknown[]): Promise<string> {
  const options = [...plan.options.map((option) => KEYWORDS[option]), plan.format === 'json' ? 'format json' : 'format text'];
  const { rows } = await client.query<[string]>({
    text: `explain (${options.join(', ')}) ${sql}`,
    values,
    rowMode: 'array',
    // The plan as Postgres wrote it: FORMAT JSON's column is json, which pg would parse.
    types: { getTypeParser: () => (value: string) => value },
  });
  return rows.map(([line]) => `${line}\n`).join('');
}

export const planAnswer = (body: string, contentType: string): RestAnswer => ({
  status: 200,
  headers: { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) },
  body,
});

/**
 * The direct-SQL counterpart of load.ts, in its own process for the same reason: `callers`
 * concurrent loops run one statement through a pg pool of `sessions` for `seconds`. The
 * connection string and the statement come in BENCH_DATABASE_URL and BENCH_QUERY ({ text,
 * values } as JSON). Prints one LoadResult as JSON (every answer counts as a 2xx).
 */
import pg from 'pg';
import type { LoadResult } from './load-result.ts';
import { percentile } from './stats.ts';

const [callers = '50', sessions = '10', seconds = '10'] = process.argv.slice(2);
const connectionString = process.env.BENCH_DATABASE_URL;
if (!connectionString || !process.env.BENCH_QUERY) throw new Error('pg-load.ts needs BENCH_DATABASE_URL and BENCH_QUERY');
const statement = JSON.parse(process.env.BENCH_QUERY) as { text: string; values: unknown[] };

const pool = new pg.Pool({ connectionString, max: Number(sessions) });
const latencies: number[] = [];
let errors = 0;
const started = performance.now();
const until = started + Number(seconds) * 1000;
await Promise.all(
  Array.from({ length: Number(callers) }, async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      try {
        await pool.query(statement);
        latencies.push(performance.now() - sent);
      } catch {
        errors++;
      }
    }
  }),
);
const elapsedSeconds = (performance.now() - started) / 1000;
await pool.end();

latencies.sort((a, b) => a - b);
const answer: LoadResult = {
  requestsPerSecond: latencies.length / elapsedSeconds,
  latencyP50Ms: percentile(latencies, 50),
  latencyP99Ms: percentile(latencies, 99),
  total: latencies.length,
  non2xx: 0,
  errors,
};
process.stdout.write(JSON.stringify(answer));

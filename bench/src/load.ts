/**
 * The HTTP load generator, run as its own process so that it does not share an event loop (or a
 * core) with the platform it measures. Arguments: the URL, connections and seconds; the request
 * headers come as JSON in BENCH_HEADERS so that cookies and keys stay out of the process list.
 * Prints one LoadResult as JSON.
 */
import autocannon from 'autocannon';
import type { LoadResult } from './load-result.ts';

const [url, connections = '50', seconds = '10'] = process.argv.slice(2);
if (!url) throw new Error('usage: load.ts <url> [connections] [seconds]');

const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  headers: JSON.parse(process.env.BENCH_HEADERS ?? '{}') as Record<string, string>,
});

const answer: LoadResult = {
  requestsPerSecond: result.requests.average,
  latencyP50Ms: result.latency.p50,
  latencyP99Ms: result.latency.p99,
  total: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
};
process.stdout.write(JSON.stringify(answer));

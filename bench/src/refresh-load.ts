/**
 * The refresh-grant load generator, its own process like load.ts: one keep-alive connection per
 * refresh token, each POSTing refresh grants one after another with the token the previous
 * answer issued, as a signed-in app does (autocannon resets its per-request context, so it cannot
 * follow such a chain). Arguments: the URL and seconds; headers in BENCH_HEADERS, the tokens in
 * BENCH_REFRESH_TOKENS (JSON). Prints one LoadResult as JSON.
 */
import http from 'node:http';
import type { LoadResult } from './load-result.ts';

const [url, seconds = '10'] = process.argv.slice(2);
if (!url) throw new Error('usage: refresh-load.ts <url> [seconds]');
const headers = JSON.parse(process.env.BENCH_HEADERS ?? '{}') as Record<string, string>;
const tokens = JSON.parse(process.env.BENCH_REFRESH_TOKENS ?? '[]') as string[];
const target = new URL(url);

function post(agent: http.Agent, token: string): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ refresh_token: token });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        method: 'POST',
        hostname: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const latencies: number[] = [];
let non2xx = 0;
let errors = 0;
const deadline = performance.now() + Number(seconds) * 1000;

async function chain(first: string): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let token = first;
  while (performance.now() < deadline) {
    const started = performance.now();
    try {
      const answer = await post(agent, token);
      latencies.push(performance.now() - started);
      if (answer.status !== 200) non2xx++;
      else token = (JSON.parse(answer.body) as { refresh_token: string }).refresh_token;
    } catch {
      errors++;
    }
  }
  agent.destroy();
}

const startedAt = performance.now();
await Promise.all(tokens.map(chain));
const elapsedSeconds = (performance.now() - startedAt) / 1000;
latencies.sort((a, b) => a - b);
const percentile = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0);
const answer: LoadResult = {
  requestsPerSecond: latencies.length / elapsedSeconds,
  latencyP50Ms: percentile(50),
  latencyP99Ms: percentile(99),
  total: latencies.length,
  non2xx,
  errors,
};
process.stdout.write(JSON.stringify(answer));

/**
 * The auth API (`/auth/v1`) under load, by the project's host as supabase-js reaches it: token
 * refreshes (each connection following its own rotation chain), `GET /user` with one user's
 * access token, and sign-ins one after another, bounded by bcrypt.
 */
import { BCRYPT_COST } from '../../packages/server/src/gotrue/passwords.ts';
import type { ApiClient } from '../../packages/server/test/harness.ts';
import { runLoad, runRefreshLoad } from './load-process.ts';
import { chargingCpuTo } from './process-cpu.ts';
import { anonHeaders, type ProjectAccess } from './project-access.ts';
import { spread } from './stats.ts';
import type { TableRow } from './table.ts';

const PASSWORD = 'bench password 1';
const SIGN_INS = 20;
const WARM_UP_SECONDS = 2;

interface Session {
  access_token: string;
  refresh_token: string;
}

export interface AuthLoad {
  connections: number;
  seconds: number;
  /** The platform's process (a child, as `npm start` runs it), whose CPU time each request is charged. */
  platformPid: number;
}

export async function authApiTimes(api: ApiClient, platformUrl: string, project: ProjectAccess, load: AuthLoad): Promise<TableRow[]> {
  // Confirmations off, and refresh and sign-in limits above what the run sends from one address to one account.
  const configured = await api.patch(`/api/platform/auth/${project.ref}/config`, {
    MAILER_AUTOCONFIRM: true,
    RATE_LIMIT_TOKEN_REFRESH: 100_000,
    RATE_LIMIT_OTP: 100_000,
  });
  if (configured.status !== 200) throw new Error(`auth settings: ${configured.status} ${JSON.stringify(configured.body)}`);
  // fetch cannot set Host: the setup goes through the gateway's path prefix, the load by the project's host.
  const byPath = `${platformUrl}/api/projects/${project.ref}/gateway/auth/v1`;
  const auth = `${platformUrl}/auth/v1`;
  const headers = { host: project.apiHost, ...anonHeaders(project), 'content-type': 'application/json' };
  const post = async (path: string, body: unknown): Promise<Session> => {
    const response = await fetch(`${byPath}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Session;
  };

  const email = `bench-${Date.now()}@example.com`;
  await post('/signup', { email, password: PASSWORD });
  const signIns: number[] = [];
  for (let i = 0; i < SIGN_INS; i++) {
    const started = performance.now();
    await post('/token?grant_type=password', { email, password: PASSWORD });
    signIns.push(performance.now() - started);
  }

  const sessions = await Promise.all(
    Array.from({ length: 2 * load.connections }, () => post('/token?grant_type=password', { email, password: PASSWORD })),
  );
  const refreshUrl = `${auth}/token?grant_type=refresh_token`;
  const tokens = sessions.map((session) => session.refresh_token);
  await runRefreshLoad(refreshUrl, headers, tokens.slice(load.connections), WARM_UP_SECONDS);
  const refresh = await chargingCpuTo(load.platformPid, () =>
    runRefreshLoad(refreshUrl, headers, tokens.slice(0, load.connections), load.seconds),
  );
  if (refresh.total === 0 || refresh.non2xx > 0)
    throw new Error(`refresh load: ${refresh.non2xx} of ${refresh.total} answers were not 2xx`);

  const userHeaders = { ...headers, authorization: `Bearer ${sessions[0]!.access_token}` };
  await runLoad(`${auth}/user`, userHeaders, load.connections, WARM_UP_SECONDS);
  const user = await chargingCpuTo(load.platformPid, () => runLoad(`${auth}/user`, userHeaders, load.connections, load.seconds));
  if (user.total === 0 || user.non2xx > 0) throw new Error(`GET /user load: ${user.non2xx} of ${user.total} answers were not 2xx`);

  const signIn = spread(signIns);
  const loadNote = (total: number, errors: number) =>
    `by the project's host; ${load.connections} connections, ${load.seconds} s after ${WARM_UP_SECONDS} s of warm-up, second process; ${total} requests, ${errors} errors`;
  return [
    [
      'Auth: token refresh (rotation, reuse check, audit row)',
      `${Math.round(refresh.requestsPerSecond)} req/s at ${refresh.cpuEachUs.toFixed(0)} µs platform CPU each, p50 ${refresh.latencyP50Ms} ms, p99 ${refresh.latencyP99Ms} ms`,
      '≥ 1,500 req/s',
      `each connection follows its own chain of refresh tokens; ${loadNote(refresh.total, refresh.errors)}`,
    ],
    [
      'Auth: GET /user (access token)',
      `${Math.round(user.requestsPerSecond)} req/s at ${user.cpuEachUs.toFixed(0)} µs platform CPU each, p50 ${user.latencyP50Ms} ms, p99 ${user.latencyP99Ms} ms`,
      '≥ 4,000 req/s',
      `JWT verified, session and user read; ${loadNote(user.total, user.errors)}`,
    ],
    [
      'Auth: sign-in with a password',
      `median ${signIn.median.toFixed(1)} ms (min ${signIn.min.toFixed(1)}, max ${signIn.max.toFixed(1)})`,
      'bounded by bcrypt, ≥ 10 ms',
      `bcrypt cost ${BCRYPT_COST} (GoTrue's); ${SIGN_INS} sign-ins one after another, from the POST to the session`,
    ],
  ];
}

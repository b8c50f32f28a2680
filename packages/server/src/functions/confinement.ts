/**
 * The operating system's wall around a function's worker. Deno's permission flags are one layer,
 * not the wall: its module loader reads a literal `file:` import (`import(…, { with: { type:
 * "text" } })`) without asking for read permission. So each worker runs under bubblewrap, in new
 * mount, PID, IPC, UTS, cgroup and user namespaces whose filesystem holds nothing but Deno, the
 * libraries it links, the function's files (read-only), its socket directory, a private /tmp and
 * /dev, and a /proc that shows its own processes only. When Basin runs as root, workers run as an
 * unprivileged uid and gid of their own (BASIN_FUNCTIONS_UID), so even an escape lands as nobody.
 *
 * With BASIN_FUNCTIONS_SANDBOX=off the operator gives up the wall on purpose: workers run on the
 * host under Deno's flags only. Without bubblewrap and without that choice, functions do not run.
 */
import { execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FunctionsConfig } from './config.ts';
import { denoBinaryPath } from './deno-binary.ts';

/** How this machine runs workers: confined, unconfined by the operator's choice, or not at all (and why). */
export type Confinement =
  | { mode: 'bwrap'; bwrap: string; deno: string; libraries: string[]; worker: { uid: number; gid: number } | null }
  | { mode: 'off' }
  | { mode: 'unavailable'; reason: string };

/** Where a worker's two directories are on the host: the version's files and its sockets. */
export interface WorkerDirs {
  functionDir: string;
  runDir: string;
}

/** Inside the sandbox every worker sees the same paths. */
const INSIDE: WorkerDirs = { functionDir: '/function', runDir: '/run/basin' };
const INSIDE_DENO = '/usr/bin/deno';
const INSIDE_CA = '/etc/basin-ca.pem';
/** What a resolver and TLS need to reach the internet, bound read-only when the host has them. */
const NETWORK_FILES = ['/etc/resolv.conf', '/etc/hosts', '/etc/nsswitch.conf'];

export const INSTALL_HINT =
  'Install bubblewrap (Debian and Ubuntu: apt-get install bubblewrap), or set BASIN_FUNCTIONS_SANDBOX=off to run functions under Deno\u2019s permissions alone';

/** The paths a worker's deno command line names: the sandbox's own, or the host's when unconfined. */
export const dirsSeenByWorker = (confinement: Confinement, host: WorkerDirs): WorkerDirs => (confinement.mode === 'bwrap' ? INSIDE : host);

/** The program, arguments and identity that run `deno <denoArgs>` for a worker under this confinement. */
export function workerCommand(
  confinement: Confinement,
  host: WorkerDirs,
  denoArgs: string[],
): { command: string; args: string[]; cwd: string; uid?: number; gid?: number } {
  if (confinement.mode === 'unavailable') throw new Error(confinement.reason);
  if (confinement.mode === 'off') return { command: denoBinaryPath(), args: denoArgs, cwd: path.join(host.functionDir, 'bundle') };
  const ca = process.env.DENO_CERT || process.env.SSL_CERT_FILE;
  const args = [
    '--unshare-all',
    '--share-net', // functions may call the internet; Deno's --deny-net keeps this machine's addresses out
    '--die-with-parent',
    '--new-session',
    '--hostname',
    'basin-function',
    '--ro-bind',
    confinement.deno,
    INSIDE_DENO,
    ...confinement.libraries.flatMap((library) => ['--ro-bind', library, library]),
    ...NETWORK_FILES.flatMap((file) => ['--ro-bind-try', file, file]),
    ...(ca && existsSync(ca) ? ['--ro-bind', ca, INSIDE_CA, '--setenv', 'DENO_CERT', INSIDE_CA] : []),
    '--ro-bind',
    host.functionDir,
    INSIDE.functionDir,
    '--bind',
    host.runDir,
    INSIDE.runDir,
    '--tmpfs',
    '/tmp',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--chdir',
    path.join(INSIDE.functionDir, 'bundle'),
    INSIDE_DENO,
    ...denoArgs,
  ];
  return { command: confinement.bwrap, args, cwd: '/', ...(confinement.worker ?? {}) };
}

/**
 * The pid whose CPU time and memory are the function's: Deno's, below bubblewrap's monitor and the
 * namespace's init (both bwrap). Unconfined, the child itself.
 */
export function sandboxedPid(confinement: Confinement, childPid: number): number | null {
  if (confinement.mode !== 'bwrap') return childPid;
  let pid = childPid;
  for (let depth = 0; depth < 4; depth++) {
    try {
      const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (comm !== 'bwrap') return pid;
      const [child] = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      if (!child) return null;
      pid = Number(child);
    } catch {
      return null;
    }
  }
  return null;
}

const execFileAsync = promisify(execFile);

/**
 * Works out how workers run on this machine, once at start: with bubblewrap, a trial worker
 * (`deno --version` in the same sandbox, as the same user) must succeed. `runRoot` is the
 * platform's directory for workers (mode 0711); a copy of Deno goes there when the worker's user
 * cannot reach the installed one.
 */
export async function detectConfinement(
  config: Pick<FunctionsConfig, 'sandbox' | 'workerUid'>,
  runRoot: string,
  bwrapPaths = ['/usr/bin/bwrap', '/usr/local/bin/bwrap', '/bin/bwrap'],
): Promise<Confinement> {
  if (config.sandbox === 'off') return { mode: 'off' };
  const bwrap = bwrapPaths.find((file) => existsSync(file));
  if (!bwrap) return { mode: 'unavailable', reason: `bubblewrap (bwrap) is not installed. ${INSTALL_HINT}` };
  const worker = process.getuid?.() === 0 ? { uid: config.workerUid, gid: config.workerUid } : null;
  let deno: string;
  let libraries: string[];
  try {
    deno = denoBinaryPath();
    if (worker && !readableByAnyone(deno)) {
      // Installed under a directory only Basin's user may enter (/root…): the worker's user gets its own copy.
      const copy = path.join(runRoot, 'deno');
      if (!existsSync(copy)) linkOrCopy(deno, copy);
      chmodSync(copy, 0o755);
      deno = copy;
    }
    libraries = (await execFileAsync('ldd', [deno])).stdout.match(/\/\S+/g) ?? [];
  } catch (error) {
    return { mode: 'unavailable', reason: `Deno's libraries could not be listed (${(error as Error).message.split('\n')[0]})` };
  }
  const confinement: Confinement = { mode: 'bwrap', bwrap, deno, libraries, worker };
  const trial = mkdtempSync(path.join(runRoot, 'trial-'));
  try {
    const dirs = { functionDir: path.join(trial, 'function'), runDir: path.join(trial, 'run') };
    for (const dir of Object.values(dirs)) mkdirSync(path.join(dir, 'bundle'), { recursive: true });
    chmodSync(trial, 0o755);
    const failure = await runTrial(workerCommand(confinement, dirs, ['--version']));
    if (failure) return { mode: 'unavailable', reason: `bubblewrap could not start a sandbox here: ${failure}. ${INSTALL_HINT}` };
  } finally {
    rmSync(trial, { recursive: true, force: true });
  }
  return confinement;
}

/** Runs the trial worker; answers what went wrong, or null when Deno ran. */
function runTrial(command: ReturnType<typeof workerCommand>): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(command.command, command.args, { uid: command.uid, gid: command.gid, env: {}, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('error', (error) => resolve(error.message));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && /deno \d/.test(output) ? null : output.trim().split('\n')[0] || `exit ${code}`);
    });
  });
}

/** A hard link where both are on one filesystem (no 95 MB copy per start), else a copy. */
function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** Whether a user other than the owner may read and run `file` (every directory above it enterable). */
function readableByAnyone(file: string): boolean {
  if ((statSync(file).mode & 0o005) !== 0o005) return false;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (dir === path.dirname(dir)) return true;
  }
}

/** The platform's directory for workers' files and sockets: enterable by the worker's user, not listable. */
export function makeRunRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'basin-fn-'));
  chmodSync(root, 0o711);
  return root;
}

/** A worker's own directory for its sockets, owned by the user it runs as. */
export function makeWorkerRunDir(dir: string, confinement: Confinement): string {
  mkdirSync(dir, { mode: 0o700 });
  if (confinement.mode === 'bwrap' && confinement.worker) chownSync(dir, confinement.worker.uid, confinement.worker.gid);
  return dir;
}

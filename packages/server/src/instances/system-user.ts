/**
 * The operating-system user Postgres runs as. Postgres refuses to run as root, so when the
 * platform runs as root its instances run as the system user `postgres` (created if missing);
 * otherwise they run as the platform's own user.
 */
import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, stat } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SystemUser {
  uid: number;
  gid: number;
}

async function ids(name: string): Promise<SystemUser> {
  const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function ensurePostgresUser(): Promise<SystemUser> {
  try {
    return await ids('postgres');
  } catch {
    // -f: success when the group exists already (e.g. left by a distribution package).
    await run('groupadd', ['--system', '-f', 'postgres']);
    await run('useradd', ['--system', '--no-create-home', '--gid', 'postgres', 'postgres']);
    return ids('postgres');
  }
}

let postgresUser: Promise<SystemUser> | undefined;

/** The user to run Postgres as, or undefined to run it as ourselves. */
export function instanceUser(): Promise<SystemUser | undefined> {
  if (process.getuid?.() !== 0) return Promise.resolve(undefined);
  postgresUser ??= ensurePostgresUser();
  return postgresUser;
}

/** Hands `path` and everything under it to the instance user, when instances run as one. */
export async function giveToInstanceUser(path: string): Promise<void> {
  const user = await instanceUser();
  if (user) await run('chown', ['-R', `${user.uid}:${user.gid}`, path]);
}

/** The instance user must reach its data dirs inside `dir`, but not list them: its group may pass (the data dir), or anyone may. */
export async function letThrough(dir: string, user: SystemUser): Promise<void> {
  const { gid, mode } = await stat(dir);
  if (gid !== user.gid || (mode & 0o010) === 0) await chmod(dir, 0o711);
}

/**
 * Basin's data directory is Basin's alone (0700): it holds the platform secret, every project's
 * files and databases. When instances run as `postgres`, that user may pass through it (0710,
 * group postgres) to reach its own data directories inside, but not list or read anything.
 */
export async function protectDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const user = await instanceUser();
  if (user) await chown(dataDir, process.getuid!(), user.gid);
  await chmod(dataDir, user ? 0o710 : 0o700);
}

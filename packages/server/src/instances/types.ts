/**
 * The instance driver: runs one Postgres server per project. The embedded driver runs them as
 * local processes (embedded-driver.ts); the Kubernetes driver as CloudNativePG Clusters
 * (kubernetes/driver.ts). Everything outside the composition root (platform.ts) reaches instances
 * through this interface alone; driver-contract.ts is the test suite every driver passes.
 *
 * Contract for every driver:
 * - An instance is named by its project `ref`; one instance per ref.
 * - Five roles, each logging in with its password (never trust): the superuser `basin_admin`
 *   (`adminPassword`), for the platform alone; `postgres` (`postgresPassword`), the members' role,
 *   owner of database postgres and schema public but no superuser, so it can reach neither the
 *   server's files nor its programs; the read-only `basin_readonly` (`readonlyPassword`); the data
 *   API's `authenticator` (`authenticatorPassword`), which only switches to the API roles; the
 *   auth API's `supabase_auth_admin` (`authPassword`), which reaches only the `auth` schema.
 * - Calls for the same ref must not run concurrently (the job queue serialises them);
 *   calls for different refs may.
 */
import type { InstanceSettings, UpgradeStep } from '@basin/core';
import type pg from 'pg';
import type { ArchiveTree } from './tar-gz.ts';

export type { ArchiveTree, InstanceSettings, UpgradeStep };

export type PostgresMajor = '15' | '17';

export interface InstanceSpec {
  ref: string;
  major: PostgresMajor;
  port: number;
  adminPassword: string;
  postgresPassword: string;
  readonlyPassword: string;
  /** The data API's login, `authenticator` (instances/authenticator-role.ts). */
  authenticatorPassword: string;
  /** The auth API's login, `supabase_auth_admin` (instances/auth-schema.ts). */
  authPassword: string;
  /**
   * The project's Vault key (instances/vault-schema.ts): handed to the instance beside its data
   * directory on every create and start, never inside it. Without one, the vault's functions refuse.
   */
  vaultKey?: string;
  settings: InstanceSettings;
  /**
   * Whether the instance archives its WAL continuously (point-in-time recovery): applied at start.
   * The archive belongs to the project and outlives restarts and restores; remove() deletes it.
   */
  archiveWal?: boolean;
}

/** What the WAL archive of a project holds, and how its server's archiving goes. */
export interface WalArchiveStatus {
  /** Null where the archive's size is not known here (an object store). */
  bytes: number | null;
  /** When the running server last archived a segment; null when it has not, or is not running. */
  lastArchivedAt: Date | null;
  /** Whether its last attempt to archive failed (Postgres keeps retrying). */
  failing: boolean;
}

/** A host and port to connect to. */
export interface InstanceAddress {
  host: string;
  port: number;
}

/** Where an instance answers. */
export interface InstanceEndpoints {
  /** The read-write server, as clients of the install's network reach it (psql, apps): what connection strings show. */
  primary: InstanceAddress;
  /** A connection pooler in front of it, when the driver runs one. */
  pooler?: InstanceAddress;
  /** Where the platform itself connects (admin sessions, the data API's pools): always the machine's own address. */
  platform: InstanceAddress;
  /**
   * The name clients at `primary` and `pooler` log in with as the members' role, which the
   * platform calls `postgres` (sessions at `platform` take `postgres` whatever the driver).
   */
  memberRole: string;
}

/** What an instance uses now; null for what the driver cannot tell. */
export interface InstanceStats {
  /** Which server the figures are of (a restart makes a new one): counters compare only within one. */
  instance: string;
  /** CPU seconds used since that server started (it only grows), when the driver reads a counter. */
  cpuSeconds: number | null;
  /** Cores busy now (averaged over the driver's own short window), when it reads a rate instead. */
  cpuCores: number | null;
  /** Bytes read from and written to storage since that server started. */
  ioBytes: number | null;
  memoryBytes: number | null;
}

/**
 * Called once a backup's copy of the database is complete (for a running instance right after
 * pg_backup_stop, so that what it takes is of the backup's moment): more trees for the archive's
 * root, beside the database's (e.g. the project's stored files).
 */
export type Alongside = () => Promise<ArchiveTree[]>;

/** How the platform logs in as `basin_admin`: the instance's port and that role's password. */
export type AdminEndpoint = Pick<InstanceSpec, 'port' | 'adminPassword'>;

/** A role's name and password. */
export interface Login {
  user: string;
  password: string;
}

/** Where and as whom the platform opens its own sessions on an instance: `endpoints().platform` and a role's login. */
export interface SessionLogin extends InstanceAddress, Login {}

export interface InstanceDriver {
  /** Installed majors, with the full server version, e.g. { major: '17', version: '17.10.0' }. */
  availableMajors(): { major: PostgresMajor; version: string }[];
  /**
   * Makes the instance exist and run: initdb, start, roles. Idempotent: a complete instance
   * from an earlier (interrupted) attempt is reused with its data (and roles, with their
   * passwords reset to the spec's); a half-made one is wiped and made again.
   */
  create(spec: InstanceSpec): Promise<void>;
  /**
   * Starts the instance with `spec.port` and `spec.settings`. If a server from an earlier platform
   * process is still running it on that port, it is adopted as it is (settings unchanged;
   * restart with stop + start to apply new ones). Resolves once it accepts connections and the
   * platform's own role settings (not members' grants) are applied: what `postgres` may do on the
   * server, the read-only role's connection limit for the settings it runs with.
   */
  start(spec: InstanceSpec): Promise<void>;
  /** Fast shutdown (open sessions are ended); a no-op when it is not running. */
  stop(ref: string): Promise<void>;
  /** Stops the instance and deletes its data. */
  remove(ref: string): Promise<void>;
  /** Whether `basin_admin` can connect and run `select 1` within about a second. */
  isHealthy(spec: InstanceSpec): Promise<boolean>;
  /** Stops every instance this driver object started or adopted. */
  stopAll(): Promise<void>;
  /** Why data of a `from` instance cannot be moved to a newer major here, in words for the user; undefined when it can. */
  upgradeBlocker(from: PostgresMajor): Promise<string | undefined>;
  /**
   * Moves the instance's data to the newer major `target`, awaiting `onStep` before each of the
   * 8 upgrade steps (a throw there aborts). On success the instance runs `target` on spec.port,
   * with its data, roles and privileges. On failure the old data is untouched and the instance
   * is left as it was found: running on spec.port, or stopped.
   */
  upgrade(spec: InstanceSpec, target: PostgresMajor, onStep: (step: UpgradeStep) => Promise<void>): Promise<void>;
  /**
   * After a platform crash during an upgrade: removes the unfinished new instance and puts the
   * old data back unless the upgrade was complete. Answers the major the instance now holds
   * (undefined without data). Calling it when no upgrade ran changes nothing.
   */
  settleUpgrade(ref: string): Promise<PostgresMajor | undefined>;

  /** Where clients and the platform reach the instance. */
  endpoints(spec: Pick<InstanceSpec, 'ref' | 'port'>): InstanceEndpoints;
  /**
   * A session on the running instance as the superuser `basin_admin`, ended when `work` settles.
   * Its search_path is pg_catalog alone, so nothing a member defines stands in for a built-in.
   * `timeoutMs` bounds the connection and each query.
   */
  adminSession<T>(spec: AdminEndpoint, timeoutMs: number, work: (client: pg.Client) => Promise<T>, database?: string): Promise<T>;
  /**
   * A session on the running instance as another of its roles (`login`: the members' `postgres`,
   * the read-only role), for what the platform does on a member's behalf; ended when `work`
   * settles, with the same pinned search_path and bounds as adminSession.
   */
  session<T>(
    spec: Pick<InstanceSpec, 'ref' | 'port'>,
    login: Login,
    timeoutMs: number,
    work: (client: pg.Client) => Promise<T>,
    database?: string,
  ): Promise<T>;
  /**
   * Writes a backup of the instance, running or stopped, to `archive` (a new .tar.gz file): what
   * restoreFromBackup makes an instance from. `alongside` adds the caller's files to it (see
   * Alongside). The embedded driver's archive is the data directory itself (physical-backup.ts); a
   * driver whose data lives elsewhere may store a reference to a backup it keeps there.
   */
  backup(spec: InstanceSpec, archive: string, alongside?: Alongside): Promise<void>;
  /**
   * Makes `spec.ref`'s instance from a backup archive of any instance (whatever it held before is
   * removed) and starts it: its rows are the backup's, its roles get `spec`'s passwords, and it is
   * writable. Files the caller put alongside stay in the archive, not in the instance.
   */
  restoreFromBackup(spec: InstanceSpec, archive: string): Promise<void>;
  /**
   * Makes `branch.ref`'s instance from the running or stopped `parent`: with its data, or with its
   * roles and schema and no rows. The branch runs afterwards with its own passwords; the parent is
   * left as it was. Each call starts over (what an earlier attempt left is removed first).
   */
  copyFrom(parent: InstanceSpec, branch: InstanceSpec, options: { withData: boolean }): Promise<void>;
  /**
   * Makes `target.ref`'s instance as `source` was at `time`: from `base`, a backup of `source`
   * taken while it archived its WAL and finished before `time`, replaying the archived WAL up to
   * the last transaction committed at or before `time`; then starts it with `target`'s passwords.
   * A running `source` first archives the WAL it is writing, so every second until the call is
   * reachable. With `target.ref === source.ref` the instance is recovered in place: its data is
   * kept aside until the recovered one runs, and put back (and started) when recovery fails.
   * Otherwise `source` is left as it was. Each call starts over.
   */
  recoverToPoint(source: InstanceSpec, target: InstanceSpec, base: string, time: Date): Promise<void>;
  /** The project's WAL archive, with what its running server says of archiving. */
  walArchiveStatus(spec: InstanceSpec): Promise<WalArchiveStatus>;
  /** Removes the archived WAL that only backups which started before `before` need. */
  pruneWalArchive(ref: string, before: Date): Promise<void>;
  /** CPU, memory and I/O of the running instance; undefined when it is not running or the driver cannot tell. */
  stats(ref: string): Promise<InstanceStats | undefined>;
  /**
   * Where the platform can read the instance's jsonlog files (server-log.ts): the directory that
   * holds `current_logfiles` and the `log/` folder. Undefined when the instance's log is not in
   * files on this machine; the log collector then leaves the project out.
   */
  serverLogRoot(ref: string): string | undefined;
}

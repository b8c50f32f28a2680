/**
 * The instance driver: runs one Postgres server per project. The embedded driver runs them as
 * local processes; a Kubernetes (CloudNativePG) driver can implement the same interface later.
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

export type { InstanceSettings, UpgradeStep };

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
}

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
}

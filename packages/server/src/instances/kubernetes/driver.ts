/**
 * The instance driver for Kubernetes: every project is a CloudNativePG Cluster (manifests.ts) in
 * one namespace, changed afterwards by merge patches (operations.ts) and watched by polling its
 * status (status.ts, clusters.ts). The platform reaches each running instance through a local
 * relay on 127.0.0.1:<project port> (relay.ts), so everything written for the embedded driver's
 * instances (admin sessions, the data API's pools, the SQL editor, upgrades' SQL) works unchanged.
 *
 * The InstanceDriver methods, on a cluster (each made of the steps of cluster-steps.ts):
 * - create: Secrets, the Cluster (initdb), its ScheduledBackup and Pooler; once it is ready, the
 *   roles and schemas over SQL, with the functions the embedded driver uses (instance-sql.ts);
 * - start: wakes a hibernated Cluster and applies the spec's settings (and the project's size and
 *   disk) to it; stop: hibernation; remove: every object of the project;
 * - upgrade: the operator's in-place major upgrade (a new image); settleUpgrade: its outcome
 *   (in-place-upgrade.ts);
 * - backup: a base backup to the object store, the archive a reference to it (backup-reference.ts);
 *   restoreFromBackup: a new Cluster recovered from it; copyFrom: a Cluster recovered from the
 *   parent's fresh backup (rows taken out for a schema-only branch);
 * - stats: the primary pod's metrics; endpoints: the Services (and the local relay), with the
 *   members' role as clients there log in; sessions: through the relay; no log files.
 * What the interface does not have (pause with a backup, a rollout restart, the Cluster's view of
 * the status, the object store's backups) are further methods.
 */
import type { UpgradeStep } from '@basin/core';
import type pg from 'pg';
import { withAdmin, withLogin } from '../admin-session.ts';
import { emptyDatabases } from '../empty-databases.ts';
import type {
  AdminEndpoint,
  Alongside,
  InstanceDriver,
  InstanceEndpoints,
  InstanceSpec,
  InstanceStats,
  Login,
  PostgresMajor,
  WalArchiveStatus,
} from '../types.ts';
import { archiverStatus, recoveryTargetTime } from '../wal-archive.ts';
import { readBackupReference, writeBackupReference } from './backup-reference.ts';
import { ClusterSteps, type ClusterStepsOptions } from './cluster-steps.ts';
import type { KubernetesBackup, ProjectClusters } from './clusters.ts';
import type { BackupManifest, ClusterDocument } from './cnpg-types.ts';
import type { KubernetesDriverConfig } from './config.ts';
import { catalogueMajors, checkCatalogue, majorOfImage, upgradeProblem } from './images.ts';
import { settleInPlaceUpgrade, upgradeInPlace, type UpgradeHost } from './in-place-upgrade.ts';
import { applyRoleSettings, makeRoles, postmasterStart, runsWith } from './instance-sql.ts';
import { buildCluster, serverNameFor } from './manifests.ts';
import { HIBERNATION_ANNOTATION, OPERATION_ANNOTATION } from './names.ts';
import { restartPatch, startPatch, wakePatch } from './operations.ts';
import { dataMajor, isServing, type ObservedStatus, observeCluster, operatorGaveUp } from './status.ts';

export type { InstanceEndpoints, InstanceStats, KubernetesBackup };

export type KubernetesDriverOptions = ClusterStepsOptions;

export class KubernetesDriver implements InstanceDriver {
  readonly #config: KubernetesDriverConfig;
  readonly #clusters: ProjectClusters;
  readonly #steps: ClusterSteps;
  readonly #upgradeHost: UpgradeHost;

  constructor(options: KubernetesDriverOptions) {
    checkCatalogue(options.config.images);
    this.#config = options.config;
    this.#steps = new ClusterSteps(options);
    this.#clusters = this.#steps.clusters;
    this.#upgradeHost = { steps: this.#steps, start: (spec) => this.start(spec) };
  }

  availableMajors(): { major: PostgresMajor; version: string }[] {
    return catalogueMajors(this.#config.images);
  }

  async create(spec: InstanceSpec): Promise<void> {
    const clusters = this.#clusters;
    await this.#steps.applySecrets(spec);
    let live = await clusters.get(spec.ref);
    if (live && (operatorGaveUp(live) || live.metadata.deletionTimestamp)) {
      // A half-made instance from an earlier attempt: made again from nothing.
      this.#steps.log(`instance ${spec.ref}: removing the Cluster an earlier attempt left (${observeCluster(live).reason})`);
      await clusters.delete(spec.ref);
      live = undefined;
    }
    if (live) {
      checkMajor(live, spec);
      if (live.metadata.annotations?.[HIBERNATION_ANNOTATION] === 'on') await clusters.patch(spec.ref, wakePatch('start'));
    } else {
      const serverName = serverNameFor(clusters.names(spec.ref).cluster, spec.major, new Date());
      const cluster = buildCluster({ spec, shape: await this.#steps.shape(spec), origin: { kind: 'initdb' }, serverName }, this.#config);
      await this.#steps.objects.apply(cluster);
    }
    await this.#steps.applyCompanions(spec);
    await clusters.waitFor(spec.ref, 'come up', isServing);
    await this.#steps.relay(spec);
    await this.#steps.asAdmin(spec, (client) => makeRoles(client, spec, this.#config.memberRole));
    this.#steps.log(`instance ${spec.ref} ready (Cluster ${clusters.names(spec.ref).cluster})`);
  }

  /**
   * Wakes the Cluster if it sleeps, and applies the spec's settings and the project's size and
   * disk (a resize), then the platform's role settings, as the embedded driver's start does.
   */
  async start(spec: InstanceSpec): Promise<void> {
    const live = await this.#clusters.get(spec.ref);
    if (!live)
      throw new Error(
        `Instance ${spec.ref} has no Cluster ${this.#clusters.names(spec.ref).cluster} in ${this.#config.namespace}: create it first`,
      );
    checkMajor(live, spec);
    const patch = startPatch(spec, live, await this.#steps.describe(spec.ref), this.#config);
    if (patch) await this.#clusters.patch(spec.ref, patch);
    await this.#clusters.waitFor(spec.ref, 'start', isServing);
    await this.#steps.relay(spec);
    if (patch?.spec?.postgresql) {
      const applied = () => this.#steps.asAdmin(spec, (client) => runsWith(client, spec.settings)).catch(() => false);
      await this.#clusters.poll(`apply the settings of ${spec.ref}`, applied, (done) => done);
    }
    await this.#steps.asAdmin(spec, (client) => applyRoleSettings(client, spec, this.#config.memberRole));
  }

  /** Hibernation: the operator deletes the pods and keeps the volume. */
  async stop(ref: string): Promise<void> {
    await this.#steps.hibernate(ref, 'stop');
  }

  /** Every object of the project: the Cluster, its companions and Secrets. */
  remove(ref: string): Promise<void> {
    return this.#steps.remove(ref);
  }

  /** `basin_admin` answers `select 1` through the relay (no relay yet: not healthy, and the supervisor's start makes it). */
  isHealthy(spec: InstanceSpec): Promise<boolean> {
    if (!this.#steps.relays.has(spec.ref, spec.port)) return Promise.resolve(false);
    return withAdmin(spec, 1_000, async (client) => {
      await client.query('select 1');
      return true;
    }).catch(() => false);
  }

  /** Closes the relays. The Clusters keep running: they are the cluster's, not this process's. */
  async stopAll(): Promise<void> {
    await this.#steps.relays.closeAll();
  }

  async upgradeBlocker(from: PostgresMajor): Promise<string | undefined> {
    return upgradeProblem(this.#config.images, from);
  }

  /** The operator's in-place major upgrade, mapped onto Basin's 8 steps (in-place-upgrade.ts). */
  upgrade(spec: InstanceSpec, target: PostgresMajor, onStep: (step: UpgradeStep) => Promise<void>): Promise<void> {
    return upgradeInPlace(this.#upgradeHost, spec, target, onStep);
  }

  /** After a platform crash during an upgrade: its outcome, the previous image back if it failed. */
  settleUpgrade(ref: string): Promise<PostgresMajor | undefined> {
    return settleInPlaceUpgrade(this.#steps, ref);
  }

  /**
   * How clients inside the cluster reach the instance (the `-rw` Service, the Pooler's) and as
   * whom (the members' role by its name there: the relay's renaming does not reach them), and
   * where the platform does (the relay).
   */
  endpoints(spec: Pick<InstanceSpec, 'ref' | 'port'>): InstanceEndpoints {
    const names = this.#clusters.names(spec.ref);
    return {
      primary: this.#steps.endpoint(names.rwService),
      ...(this.#config.pooler ? { pooler: this.#steps.endpoint(names.pooler) } : {}),
      platform: { host: '127.0.0.1', port: spec.port },
      memberRole: this.#config.memberRole,
    };
  }

  /** Through the relay, as on the embedded driver. */
  adminSession<T>(spec: AdminEndpoint, timeoutMs: number, work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
    return withAdmin(spec, timeoutMs, work, database);
  }

  /** Through the relay, which maps a login as `postgres` onto the members' role. */
  session<T>(
    spec: Pick<InstanceSpec, 'ref' | 'port'>,
    login: Login,
    timeoutMs: number,
    work: (client: pg.Client) => Promise<T>,
    database?: string,
  ): Promise<T> {
    return withLogin(spec.port, login, timeoutMs, work, database);
  }

  /**
   * A base backup of the running instance to the object store; `archive` gets a reference to it
   * and the caller's files (backup-reference.ts). Needs backups configured.
   */
  async backup(spec: InstanceSpec, archive: string, alongside: Alongside = async () => []): Promise<void> {
    const taken = await this.backupToObjectStore(spec.ref, 'manual');
    const serverName = taken.status?.serverName ?? (await this.#steps.serverName(spec.ref));
    if (!serverName || !taken.status?.backupId) throw new Error(`The backup of ${spec.ref} completed without saying where it is`);
    const reference = {
      serverName,
      backupId: taken.status.backupId,
      major: spec.major,
      ...(taken.status.stoppedAt ? { stoppedAt: taken.status.stoppedAt } : {}),
    };
    await writeBackupReference(archive, reference, await alongside());
  }

  /** A new Cluster recovered from the referenced backup, stopped where that backup ended. */
  async restoreFromBackup(spec: InstanceSpec, archive: string): Promise<void> {
    const reference = await readBackupReference(archive);
    if (reference.major !== spec.major) throw new Error(`The backup holds Postgres ${reference.major} data, not ${spec.major}`);
    await this.#steps.recover(
      spec,
      { kind: 'recovery', parentServerName: reference.serverName, backupId: reference.backupId },
      'restore the backup',
    );
  }

  // ---- The Kubernetes side of what InstanceDriver does not have ----

  /** What the Cluster says the project's status is (status.ts). */
  async observe(ref: string): Promise<ObservedStatus> {
    return observeCluster(await this.#clusters.get(ref));
  }

  /** Pause: a base backup to the object store (when backups are on), then hibernation. */
  async pause(ref: string): Promise<BackupManifest | undefined> {
    await this.#clusters.patch(ref, { metadata: { annotations: { [OPERATION_ANNOTATION]: 'pause' } } });
    const backup = this.#config.backups ? await this.#clusters.backup(ref, 'pause') : undefined;
    await this.#steps.hibernate(ref, 'pause');
    return backup;
  }

  /** A base backup of the running instance to the object store, awaited until it completes. */
  backupToObjectStore(ref: string, kind: 'manual' | 'scheduled' = 'manual'): Promise<BackupManifest> {
    return this.#clusters.backup(ref, kind);
  }

  listBackups(ref: string): Promise<KubernetesBackup[]> {
    return this.#clusters.backups(ref);
  }

  /** A rollout restart, as `kubectl cnpg restart`: done once the server's start time moved on. */
  async restart(spec: InstanceSpec): Promise<void> {
    const before = await this.#steps.asAdmin(spec, postmasterStart);
    await this.#clusters.patch(spec.ref, restartPatch(new Date()));
    const started = () => this.#steps.asAdmin(spec, postmasterStart).catch(() => before);
    await this.#clusters.poll(`restart ${spec.ref}`, started, (now) => now > before);
    await this.#clusters.waitFor(spec.ref, 'restart', isServing);
  }

  /** A new compute size (and a bigger disk): a start with the spec's settings and the project's shape. */
  async resize(spec: InstanceSpec): Promise<void> {
    await this.start(spec);
  }

  /**
   * A preview branch from its parent's object store: `recovery` of the parent's base backup (a
   * fresh one is taken first) and WAL, given the branch's own passwords. Without data, the same
   * copy with every row taken out (empty-databases.ts): the embedded driver's logical copy loads
   * members' objects through a loader whose leftovers go to `postgres`, here the operator's superuser.
   */
  async copyFrom(parent: InstanceSpec, branch: InstanceSpec, { withData }: { withData: boolean }): Promise<void> {
    if (!this.#config.backups)
      throw new Error("Branches on Kubernetes are restored from the parent's backups: set BASIN_K8S_BACKUP_DESTINATION");
    const parentServer = await this.#steps.serverName(parent.ref);
    if (!parentServer) throw new Error(`The parent ${parent.ref} has no Cluster with backups to branch from`);
    await this.#clusters.backup(parent.ref, 'branch');
    await this.#steps.recover(branch, { kind: 'recovery', parentServerName: parentServer }, "restore the parent's backup");
    if (!withData) await emptyDatabases(branch);
  }

  /** CPU (a rate) and memory of the primary's pod now, from the metrics API (metrics-server); undefined without it. */
  /**
   * A Cluster recovered from `source`'s object store folder, stopped at `time` (CloudNativePG picks
   * the base backup; `base` names one for the embedded driver only). In place, the Cluster is made
   * again from its own folder, which its removal leaves in the object store.
   */
  async recoverToPoint(source: InstanceSpec, target: InstanceSpec, _base: string, time: Date): Promise<void> {
    if (!this.#config.backups)
      throw new Error('Point-in-time recovery on Kubernetes needs backups to an object store: set BASIN_K8S_BACKUP_DESTINATION');
    const parentServerName = await this.#steps.serverName(source.ref);
    if (!parentServerName) throw new Error(`${source.ref} has no Cluster with archived WAL to recover from`);
    await this.#steps.recover(
      target,
      { kind: 'recovery', parentServerName, targetTime: recoveryTargetTime(time) },
      'recover to a point in time',
    );
  }

  /** Barman Cloud archives into the object store, whose size it does not tell; the server tells how archiving goes. */
  async walArchiveStatus(spec: InstanceSpec): Promise<WalArchiveStatus> {
    const server = await withAdmin(spec, 2_000, archiverStatus).catch(() => ({ lastArchivedAt: null, failing: false }));
    return { bytes: null, ...server };
  }

  /** The backup section's retentionPolicy prunes the object store. */
  async pruneWalArchive(): Promise<void> {}

  async stats(ref: string): Promise<InstanceStats | undefined> {
    const pod = (await this.#clusters.get(ref))?.status?.currentPrimary;
    const usage = pod ? await this.#clusters.podUsage(pod) : undefined;
    return pod && usage
      ? { instance: pod, cpuSeconds: null, cpuCores: usage.cpuCores, ioBytes: null, memoryBytes: usage.memoryBytes }
      : undefined;
  }

  /** The server logs to the pod's output, which the platform does not collect. */
  serverLogRoot(): undefined {
    return undefined;
  }
}

function checkMajor(live: ClusterDocument, spec: InstanceSpec): void {
  const major = dataMajor(live) ?? majorOfImage(live.spec?.imageName);
  if (major && major !== spec.major) throw new Error(`Instance ${spec.ref} holds Postgres ${major} data, not ${spec.major}`);
}

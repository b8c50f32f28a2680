/**
 * The instance driver for Kubernetes: every project is a CloudNativePG Cluster (manifests.ts) in
 * one namespace, changed afterwards by merge patches (operations.ts) and watched by polling its
 * status (status.ts, clusters.ts). The platform reaches each running instance through a local
 * relay on 127.0.0.1:<project port> (relay.ts), so everything written for the embedded driver's
 * instances (admin sessions, the data API's pools, the SQL editor, upgrades' SQL) works unchanged.
 *
 * The InstanceDriver methods, on a cluster:
 * - create: Secrets, the Cluster (initdb), its ScheduledBackup and Pooler; once it is ready, the
 *   roles and schemas over SQL, with the functions the embedded driver uses (instance-sql.ts);
 * - start: wakes a hibernated Cluster and applies the spec's settings (and the project's size and
 *   disk) to it; stop: hibernation; remove: every object of the project;
 * - upgrade: the operator's in-place major upgrade (a new image); settleUpgrade: its outcome;
 * - backup: a base backup to the object store, the archive a reference to it (backup-reference.ts);
 *   restoreFromBackup: a new Cluster recovered from it; copyFrom: a Cluster recovered from the
 *   parent's fresh backup (rows taken out for a schema-only branch);
 * - stats: the primary pod's metrics; endpoints: the Services (and the local relay); no log files.
 * What the interface does not have (pause with a backup, a rollout restart, the Cluster's view of
 * the status, the object store's backups) are further methods.
 */
import { type ComputeSizeId, COMPUTE_SIZE_IDS, DEFAULT_DISK, instanceSettings, type UpgradeStep } from '@basin/core';
import type pg from 'pg';
import { withAdmin } from '../admin-session.ts';
import { emptyDatabases } from '../empty-databases.ts';
import { listDatabases, updateExtensions } from '../logical-copy.ts';
import type { AdminEndpoint, Alongside, InstanceDriver, InstanceEndpoints, InstanceSpec, InstanceStats, PostgresMajor } from '../types.ts';
import { readBackupReference, writeBackupReference } from './backup-reference.ts';
import { type KubernetesBackup, ProjectClusters } from './clusters.ts';
import type { BackupManifest, ClusterDocument } from './cnpg-types.ts';
import type { KubernetesDriverConfig } from './config.ts';
import { catalogueMajors, checkCatalogue, imageFor, majorOfImage, upgradeProblem } from './images.ts';
import { analyzeAsMembers, applyRoleSettings, asAdmin, makeRoles, postmasterStart, runsWith } from './instance-sql.ts';
import type { KubeObjects } from './kube-api.ts';
import {
  buildCluster,
  buildPooler,
  buildScheduledBackup,
  buildSecrets,
  buildVaultSecret,
  type ClusterOrigin,
  serverNameFor,
} from './manifests.ts';
import { HIBERNATION_ANNOTATION, OPERATION_ANNOTATION } from './names.ts';
import { type ClusterPatch, hibernatePatch, resizePatch, restartPatch, upgradePatch, wakePatch } from './operations.ts';
import { Relays, type RelayTarget } from './relay.ts';
import { computeResources, gibibytes, postgresParameters, type ProjectShape, storageFor } from './sizing.ts';
import { isHibernated, isServing, type ObservedStatus, observeCluster, operatorGaveUp, PHASES } from './status.ts';

export type { InstanceEndpoints, InstanceStats, KubernetesBackup };

export interface KubernetesDriverOptions {
  config: KubernetesDriverConfig;
  objects: KubeObjects;
  /** The project's compute size and disk; without it, the size whose settings the spec has and the default disk. */
  describeProject?: (ref: string) => Promise<ProjectShape | undefined>;
  /** The driver's own messages; never passwords. */
  log?: (message: string) => void;
  /** Where a Service answers; `<service>.<namespace>.<serviceDomain>:5432` by default (tests point it elsewhere). */
  serviceEndpoint?: (service: string) => RelayTarget;
  /** How long an admin login may keep failing while the operator finishes the roles (default 60 s). */
  loginRetryMs?: number;
}

const POSTGRES_PORT = 5432;

type BackupConfiguration = { barmanObjectStore?: { serverName?: string } } | undefined;

export class KubernetesDriver implements InstanceDriver {
  readonly #config: KubernetesDriverConfig;
  readonly #objects: KubeObjects;
  readonly #clusters: ProjectClusters;
  readonly #describe: (ref: string) => Promise<ProjectShape | undefined>;
  readonly #log: (message: string) => void;
  readonly #endpoint: (service: string) => RelayTarget;
  readonly #loginRetryMs: number;
  readonly #relays: Relays;

  constructor(options: KubernetesDriverOptions) {
    const { config } = options;
    checkCatalogue(config.images);
    this.#config = config;
    this.#objects = options.objects;
    this.#clusters = new ProjectClusters(options.objects, config);
    this.#describe = options.describeProject ?? (async () => undefined);
    this.#log = options.log ?? (() => {});
    this.#endpoint =
      options.serviceEndpoint ?? ((service) => ({ host: `${service}.${config.namespace}.${config.serviceDomain}`, port: POSTGRES_PORT }));
    this.#loginRetryMs = options.loginRetryMs ?? 60_000;
    this.#relays = new Relays({
      renameUser: { from: 'postgres', to: config.memberRole },
      onError: (error) => this.#log(`relay: ${error.message}`),
    });
  }

  availableMajors(): { major: PostgresMajor; version: string }[] {
    return catalogueMajors(this.#config.images);
  }

  async create(spec: InstanceSpec): Promise<void> {
    const clusters = this.#clusters;
    await this.#applySecrets(spec);
    let live = await clusters.get(spec.ref);
    if (live && (operatorGaveUp(live) || live.metadata.deletionTimestamp)) {
      // A half-made instance from an earlier attempt: made again from nothing.
      this.#log(`instance ${spec.ref}: removing the Cluster an earlier attempt left (${observeCluster(live).reason})`);
      await clusters.delete(spec.ref);
      live = undefined;
    }
    if (live) {
      checkMajor(live, spec);
      if (live.metadata.annotations?.[HIBERNATION_ANNOTATION] === 'on') await clusters.patch(spec.ref, wakePatch('start'));
    } else {
      const serverName = serverNameFor(clusters.names(spec.ref).cluster, spec.major, new Date());
      const cluster = buildCluster({ spec, shape: await this.#shape(spec), origin: { kind: 'initdb' }, serverName }, this.#config);
      await this.#objects.apply(cluster);
    }
    await this.#applyCompanions(spec);
    await clusters.waitFor(spec.ref, 'come up', isServing);
    await this.#relay(spec);
    await this.#asAdmin(spec, (client) => makeRoles(client, spec, this.#config.memberRole));
    this.#log(`instance ${spec.ref} ready (Cluster ${clusters.names(spec.ref).cluster})`);
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
    const patch = await this.#startPatch(spec, live);
    if (patch) await this.#clusters.patch(spec.ref, patch);
    await this.#clusters.waitFor(spec.ref, 'start', isServing);
    await this.#relay(spec);
    if (patch?.spec?.postgresql) {
      const applied = () => this.#asAdmin(spec, (client) => runsWith(client, spec.settings)).catch(() => false);
      await this.#clusters.poll(`apply the settings of ${spec.ref}`, applied, (done) => done);
    }
    await this.#asAdmin(spec, (client) => applyRoleSettings(client, spec, this.#config.memberRole));
  }

  /** Hibernation: the operator deletes the pods and keeps the volume. */
  async stop(ref: string): Promise<void> {
    await this.#hibernate(ref, 'stop');
  }

  async remove(ref: string): Promise<void> {
    await this.#relays.close(ref);
    await this.#clusters.deleteCompanions(ref, 'before');
    await this.#clusters.delete(ref);
    await this.#clusters.deleteCompanions(ref, 'after');
    this.#log(`instance ${ref} removed`);
  }

  /** `basin_admin` answers `select 1` through the relay (no relay yet: not healthy, and the supervisor's start makes it). */
  isHealthy(spec: InstanceSpec): Promise<boolean> {
    if (!this.#relays.has(spec.ref, spec.port)) return Promise.resolve(false);
    return withAdmin(spec, 1_000, async (client) => {
      await client.query('select 1');
      return true;
    }).catch(() => false);
  }

  /** Closes the relays. The Clusters keep running: they are the cluster's, not this process's. */
  async stopAll(): Promise<void> {
    await this.#relays.closeAll();
  }

  async upgradeBlocker(from: PostgresMajor): Promise<string | undefined> {
    return upgradeProblem(this.#config.images, from);
  }

  /**
   * The operator's in-place major upgrade (pg_upgrade --link in a Job), mapped onto Basin's 8
   * steps. Until pg_upgrade has succeeded the old data is untouched and the previous image is put
   * back on failure; after it, updating extensions and ANALYZE are best effort.
   */
  async upgrade(spec: InstanceSpec, target: PostgresMajor, onStep: (step: UpgradeStep) => Promise<void>): Promise<void> {
    const live = await this.#clusters.get(spec.ref);
    if (!live?.spec?.imageName) throw new Error(`Instance ${spec.ref} has no Cluster to upgrade`);
    const problem = upgradeProblem(this.#config.images, spec.major);
    if (problem) throw new Error(problem);
    const wasServing = isServing(live);
    const previous = { image: live.spec.imageName, serverName: (live.spec.backup as BackupConfiguration)?.barmanObjectStore?.serverName };
    const next: InstanceSpec = { ...spec, major: target };
    let imageChanged = false;
    try {
      await onStep('prepare new server');
      const image = imageFor(this.#config.images, target);
      await onStep('prepare for migration');
      if (this.#config.backups && wasServing) await this.#clusters.backup(spec.ref, 'upgrade');
      await onStep('pre-upgrade checks');
      if (!wasServing) await this.start(spec);
      await onStep('shut down API services');
      await this.#relays.close(spec.ref);
      await onStep('migrate to new database');
      imageChanged = true;
      const serverName = this.#config.backups ? serverNameFor(this.#clusters.names(spec.ref).cluster, target, new Date()) : undefined;
      await this.#clusters.patch(spec.ref, upgradePatch(image, serverName));
      await onStep('execute migration');
      await this.#clusters.waitFor(
        spec.ref,
        `upgrade to Postgres ${target}`,
        (cluster) => isServing(cluster) && dataMajor(cluster) === target,
      );
    } catch (error) {
      if (imageChanged) await this.#undoUpgrade(spec, previous, wasServing);
      else if (wasServing) await this.#relay(spec).catch(() => {});
      throw error;
    }
    await this.#relay(next);
    await this.#asAdmin(next, (client) => applyRoleSettings(client, next, this.#config.memberRole));
    await onStep('update extensions');
    try {
      for (const database of await listDatabases(next)) await updateExtensions(next, database);
    } catch (error) {
      this.#log(`instance ${spec.ref}: extensions not updated after the upgrade: ${String(error)}`);
    }
    await onStep('optimize database');
    await analyzeAsMembers(next, this.#config.memberRole).catch((error: unknown) =>
      this.#log(`instance ${spec.ref}: ANALYZE failed: ${String(error)}`),
    );
    if (!wasServing) await this.#hibernate(spec.ref, 'stop');
  }

  /**
   * After a platform crash during an upgrade: waits for the operator's upgrade to end, puts the
   * old image back if it failed, and answers the major of the data (undefined without a Cluster).
   */
  async settleUpgrade(ref: string): Promise<PostgresMajor | undefined> {
    let live = await this.#clusters.get(ref);
    if (!live) return undefined;
    if (live.status?.phase === PHASES.majorUpgrade) {
      const ended = (cluster: ClusterDocument | undefined) => cluster?.status?.phase !== PHASES.majorUpgrade;
      await this.#clusters.waitFor(ref, 'finish the major upgrade', ended).catch(() => undefined);
      live = await this.#clusters.get(ref);
    }
    const data = dataMajor(live) ?? majorOfImage(live?.spec?.imageName);
    const image = majorOfImage(live?.spec?.imageName);
    if (live && data && image && data !== image && operatorGaveUp(live)) {
      this.#log(`instance ${ref}: the upgrade to Postgres ${image} failed; back to ${data}`);
      await this.#clusters.patch(ref, upgradePatch(imageFor(this.#config.images, data), undefined));
    }
    return data;
  }

  /** How clients inside the cluster reach the instance (the `-rw` Service, the Pooler's), and where the platform does (the relay). */
  endpoints(spec: Pick<InstanceSpec, 'ref' | 'port'>): InstanceEndpoints {
    const names = this.#clusters.names(spec.ref);
    return {
      primary: this.#endpoint(names.rwService),
      ...(this.#config.pooler ? { pooler: this.#endpoint(names.pooler) } : {}),
      platform: { host: '127.0.0.1', port: spec.port },
    };
  }

  /** Through the relay, as on the embedded driver. */
  adminSession<T>(spec: AdminEndpoint, timeoutMs: number, work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
    return withAdmin(spec, timeoutMs, work, database);
  }

  /**
   * A base backup of the running instance to the object store; `archive` gets a reference to it
   * and the caller's files (backup-reference.ts). Needs backups configured.
   */
  async backup(spec: InstanceSpec, archive: string, alongside: Alongside = async () => []): Promise<void> {
    const taken = await this.backupToObjectStore(spec.ref, 'manual');
    const serverName = taken.status?.serverName ?? (await this.#serverName(spec.ref));
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
    await this.#recover(
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
    await this.#hibernate(ref, 'pause');
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
    const before = await this.#asAdmin(spec, postmasterStart);
    await this.#clusters.patch(spec.ref, restartPatch(new Date()));
    const started = () => this.#asAdmin(spec, postmasterStart).catch(() => before);
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
    const parentServer = await this.#serverName(parent.ref);
    if (!parentServer) throw new Error(`The parent ${parent.ref} has no Cluster with backups to branch from`);
    await this.#clusters.backup(parent.ref, 'branch');
    await this.#recover(branch, { kind: 'recovery', parentServerName: parentServer }, "restore the parent's backup");
    if (!withData) await emptyDatabases(branch);
  }

  /** CPU (a rate) and memory of the primary's pod now, from the metrics API (metrics-server); undefined without it. */
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

  // ---- internals ----

  /**
   * Makes `spec.ref`'s Cluster again from another's object store folder (`origin`), then gives it
   * the spec's passwords and a writable database (read-only mode was the source disk's).
   */
  async #recover(spec: InstanceSpec, origin: ClusterOrigin, what: string): Promise<void> {
    await this.remove(spec.ref);
    await this.#applySecrets(spec);
    const serverName = serverNameFor(this.#clusters.names(spec.ref).cluster, spec.major, new Date());
    await this.#objects.apply(buildCluster({ spec, shape: await this.#shape(spec), origin, serverName }, this.#config));
    await this.#applyCompanions(spec);
    await this.#clusters.waitFor(spec.ref, what, isServing);
    await this.#relay(spec);
    await this.#asAdmin(spec, async (client) => {
      await client.query('alter database postgres reset default_transaction_read_only');
      await makeRoles(client, spec, this.#config.memberRole);
    });
  }

  /** The object store folder the Cluster's backups go to; undefined without a Cluster or backups. */
  async #serverName(ref: string): Promise<string | undefined> {
    return ((await this.#clusters.get(ref))?.spec?.backup as BackupConfiguration)?.barmanObjectStore?.serverName;
  }

  async #shape(spec: InstanceSpec): Promise<ProjectShape> {
    const described = await this.#describe(spec.ref);
    if (described) return described;
    const same = (size: ComputeSizeId) => JSON.stringify(instanceSettings(size)) === JSON.stringify(spec.settings);
    return { computeSize: COMPUTE_SIZE_IDS.find(same) ?? 'micro', disk: { ...DEFAULT_DISK } };
  }

  async #applySecrets(spec: InstanceSpec): Promise<void> {
    for (const secret of buildSecrets(spec, this.#config)) await this.#objects.apply(secret);
    const vault = buildVaultSecret(spec, this.#config);
    if (vault) await this.#objects.apply(vault);
  }

  async #applyCompanions(spec: InstanceSpec): Promise<void> {
    const scheduled = buildScheduledBackup(spec.ref, this.#config);
    if (scheduled) await this.#objects.apply(scheduled);
    const pooler = buildPooler(spec.ref, spec.settings, this.#config);
    if (pooler) await this.#objects.apply(pooler);
  }

  /** The patch a start needs: new settings, size or a bigger disk (a resize), or only a wake; none when the Cluster is as it should be. */
  async #startPatch(spec: InstanceSpec, live: ClusterDocument): Promise<ClusterPatch | undefined> {
    const shape = await this.#describe(spec.ref);
    const liveParameters = (live.spec?.postgresql as { parameters?: Record<string, string> } | undefined)?.parameters ?? {};
    const resources = shape ? computeResources(shape.computeSize, spec.settings, this.#config.requestFraction) : undefined;
    const liveSize = gibibytes((live.spec?.storage as { size?: string } | undefined)?.size);
    const wantedSize = shape ? gibibytes(storageFor(shape.disk, this.#config.storageClasses).size) : undefined;
    const grow = wantedSize !== undefined && liveSize !== undefined && wantedSize > liveSize ? `${wantedSize}Gi` : undefined;
    const settingsChanged = Object.entries(postgresParameters(spec.settings)).some(([key, value]) => liveParameters[key] !== value);
    const resourcesChanged = resources !== undefined && JSON.stringify(resources) !== JSON.stringify(live.spec?.resources);
    if (settingsChanged || resourcesChanged || grow) {
      return resizePatch(spec.settings, resources ?? (live.spec?.resources as NonNullable<typeof resources>), grow);
    }
    const operation = live.metadata.annotations?.[OPERATION_ANNOTATION];
    if (live.metadata.annotations?.[HIBERNATION_ANNOTATION] === 'on') return wakePatch(operation === 'pause' ? 'restore' : 'start');
    // A pause that failed after its backup: the instance serves again, and says so.
    if (operation === 'pause') return wakePatch('start');
    return undefined;
  }

  async #hibernate(ref: string, operation: 'pause' | 'stop'): Promise<void> {
    await this.#relays.close(ref);
    const live = await this.#clusters.get(ref);
    if (!live) return;
    if (live.metadata.annotations?.[HIBERNATION_ANNOTATION] !== 'on') await this.#clusters.patch(ref, hibernatePatch(operation));
    await this.#clusters.waitFor(ref, 'hibernate', isHibernated);
    this.#log(`instance ${ref} hibernated`);
  }

  async #undoUpgrade(spec: InstanceSpec, previous: { image: string; serverName: string | undefined }, wasServing: boolean): Promise<void> {
    try {
      const data = dataMajor(await this.#clusters.get(spec.ref));
      if (data && data !== spec.major) return; // pg_upgrade went through: the data is the new major's
      await this.#clusters.patch(spec.ref, upgradePatch(previous.image, previous.serverName));
      if (!wasServing) return await this.#hibernate(spec.ref, 'stop');
      await this.#clusters.waitFor(spec.ref, `return to Postgres ${spec.major}`, isServing);
      await this.#relay(spec);
    } catch (error) {
      this.#log(`instance ${spec.ref}: could not put the previous image back after a failed upgrade: ${String(error)}`);
    }
  }

  async #relay(spec: InstanceSpec): Promise<void> {
    await this.#relays.ensure(spec.ref, spec.port, this.#endpoint(this.#clusters.names(spec.ref).rwService));
  }

  #asAdmin<T>(spec: InstanceSpec, work: Parameters<typeof asAdmin<T>>[2]): Promise<T> {
    return asAdmin(spec, this.#loginRetryMs, work);
  }
}

/** The major of the data on the Cluster's volume, as the operator last recorded it. */
function dataMajor(cluster: ClusterDocument | undefined): PostgresMajor | undefined {
  const major = cluster?.status?.pgDataImageInfo?.majorVersion;
  return major === 15 ? '15' : major === 17 ? '17' : undefined;
}

function checkMajor(live: ClusterDocument, spec: InstanceSpec): void {
  const major = dataMajor(live) ?? majorOfImage(live.spec?.imageName);
  if (major && major !== spec.major) throw new Error(`Instance ${spec.ref} holds Postgres ${major} data, not ${spec.major}`);
}

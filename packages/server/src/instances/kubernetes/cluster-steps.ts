/**
 * The steps the Kubernetes driver's methods (driver.ts, in-place-upgrade.ts) are made of, on one
 * project's Cluster: its Secrets and companions (ScheduledBackup, Pooler), the shape it is built
 * with, the local relay the platform reaches it through, superuser SQL over that relay,
 * hibernation, removal, and a Cluster made again from an object store folder.
 */
import { type ComputeSizeId, COMPUTE_SIZE_IDS, DEFAULT_DISK, instanceSettings } from '@basin/core';
import type pg from 'pg';
import type { InstanceSpec } from '../types.ts';
import { backupServerName, ProjectClusters } from './clusters.ts';
import type { KubernetesDriverConfig } from './config.ts';
import { asAdmin, makeRoles } from './instance-sql.ts';
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
import { HIBERNATION_ANNOTATION } from './names.ts';
import { hibernatePatch } from './operations.ts';
import { Relays, type RelayTarget } from './relay.ts';
import type { ProjectShape } from './sizing.ts';
import { isHibernated, isServing } from './status.ts';

export interface ClusterStepsOptions {
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

export class ClusterSteps {
  readonly config: KubernetesDriverConfig;
  readonly clusters: ProjectClusters;
  readonly objects: KubeObjects;
  readonly describe: (ref: string) => Promise<ProjectShape | undefined>;
  readonly log: (message: string) => void;
  /** Where a Service of the cluster answers. */
  readonly endpoint: (service: string) => RelayTarget;
  readonly relays: Relays;
  readonly #loginRetryMs: number;

  constructor(options: ClusterStepsOptions) {
    const { config } = options;
    this.config = config;
    this.objects = options.objects;
    this.clusters = new ProjectClusters(options.objects, config);
    this.describe = options.describeProject ?? (async () => undefined);
    this.log = options.log ?? (() => {});
    this.endpoint =
      options.serviceEndpoint ?? ((service) => ({ host: `${service}.${config.namespace}.${config.serviceDomain}`, port: POSTGRES_PORT }));
    this.#loginRetryMs = options.loginRetryMs ?? 60_000;
    this.relays = new Relays({
      renameUser: { from: 'postgres', to: config.memberRole },
      onError: (error) => this.log(`relay: ${error.message}`),
    });
  }

  /** The project's compute size and disk, or the size whose settings the spec has and the default disk. */
  async shape(spec: InstanceSpec): Promise<ProjectShape> {
    const described = await this.describe(spec.ref);
    if (described) return described;
    const same = (size: ComputeSizeId) => JSON.stringify(instanceSettings(size)) === JSON.stringify(spec.settings);
    return { computeSize: COMPUTE_SIZE_IDS.find(same) ?? 'micro', disk: { ...DEFAULT_DISK } };
  }

  async applySecrets(spec: InstanceSpec): Promise<void> {
    for (const secret of buildSecrets(spec, this.config)) await this.objects.apply(secret);
    const vault = buildVaultSecret(spec, this.config);
    if (vault) await this.objects.apply(vault);
  }

  async applyCompanions(spec: InstanceSpec): Promise<void> {
    const scheduled = buildScheduledBackup(spec.ref, this.config);
    if (scheduled) await this.objects.apply(scheduled);
    const pooler = buildPooler(spec.ref, spec.settings, this.config);
    if (pooler) await this.objects.apply(pooler);
  }

  /** The project's relay on its port, towards the Cluster's `-rw` Service. */
  async relay(spec: InstanceSpec): Promise<void> {
    await this.relays.ensure(spec.ref, spec.port, this.endpoint(this.clusters.names(spec.ref).rwService));
  }

  /** Superuser work in a writable session through the relay, retried while the login cannot succeed yet. */
  asAdmin<T>(spec: InstanceSpec, work: (client: pg.Client) => Promise<T>): Promise<T> {
    return asAdmin(spec, this.#loginRetryMs, work);
  }

  async hibernate(ref: string, operation: 'pause' | 'stop'): Promise<void> {
    await this.relays.close(ref);
    const live = await this.clusters.get(ref);
    if (!live) return;
    if (live.metadata.annotations?.[HIBERNATION_ANNOTATION] !== 'on') await this.clusters.patch(ref, hibernatePatch(operation));
    await this.clusters.waitFor(ref, 'hibernate', isHibernated);
    this.log(`instance ${ref} hibernated`);
  }

  /** Every object of the project, the relay first. */
  async remove(ref: string): Promise<void> {
    await this.relays.close(ref);
    await this.clusters.deleteCompanions(ref, 'before');
    await this.clusters.delete(ref);
    await this.clusters.deleteCompanions(ref, 'after');
    this.log(`instance ${ref} removed`);
  }

  /** The object store folder the Cluster's backups go to; undefined without a Cluster or backups. */
  async serverName(ref: string): Promise<string | undefined> {
    return backupServerName(await this.clusters.get(ref));
  }

  /**
   * Makes `spec.ref`'s Cluster again from another's object store folder (`origin`), then gives it
   * the spec's passwords and a writable database (read-only mode was the source disk's).
   */
  async recover(spec: InstanceSpec, origin: ClusterOrigin, what: string): Promise<void> {
    await this.remove(spec.ref);
    await this.applySecrets(spec);
    const serverName = serverNameFor(this.clusters.names(spec.ref).cluster, spec.major, new Date());
    await this.objects.apply(buildCluster({ spec, shape: await this.shape(spec), origin, serverName }, this.config));
    await this.applyCompanions(spec);
    await this.clusters.waitFor(spec.ref, what, isServing);
    await this.relay(spec);
    await this.asAdmin(spec, async (client) => {
      await client.query('alter database postgres reset default_transaction_read_only');
      await makeRoles(client, spec, this.config.memberRole);
    });
  }
}

/**
 * A project's CloudNativePG objects through the Kubernetes API: read and patch its Cluster, wait
 * for a state by polling its status (with the ready timeout, and failing early when the operator
 * gave up), delete it and wait until it is gone, take and list Backups, read its pod's metrics.
 */
import type { BackupManifest, ClusterDocument, KubeObject } from './cnpg-types.ts';
import type { KubernetesDriverConfig } from './config.ts';
import type { KubeObjects, ObjectRef } from './kube-api.ts';
import { type BackupKind, buildBackup } from './manifests.ts';
import { API_VERSION, BACKUP_KIND_LABEL, projectObjectNames, refSelector } from './names.ts';
import type { ClusterPatch } from './operations.ts';
import { observeCluster, operatorGaveUp } from './status.ts';

export interface KubernetesBackup {
  name: string;
  kind: string;
  phase: string;
  backupId?: string;
  startedAt?: string;
  stoppedAt?: string;
  error?: string;
}

interface PodMetrics extends KubeObject {
  containers?: { name: string; usage: { cpu: string; memory: string } }[];
}

type BackupConfiguration = { barmanObjectStore?: { serverName?: string } } | undefined;

/** The object store folder a Cluster's backups go to; undefined without a Cluster or backups. */
export const backupServerName = (cluster: ClusterDocument | undefined): string | undefined =>
  (cluster?.spec?.backup as BackupConfiguration)?.barmanObjectStore?.serverName;

export class ProjectClusters {
  readonly #objects: KubeObjects;
  readonly #config: KubernetesDriverConfig;

  constructor(objects: KubeObjects, config: KubernetesDriverConfig) {
    this.#objects = objects;
    this.#config = config;
  }

  names(ref: string) {
    return projectObjectNames(ref, this.#config.namePrefix);
  }

  ref(kind: string, name: string, apiVersion = API_VERSION): ObjectRef {
    return { apiVersion, kind, namespace: this.#config.namespace, name };
  }

  get(ref: string): Promise<ClusterDocument | undefined> {
    return this.#objects.get<ClusterDocument>(this.ref('Cluster', this.names(ref).cluster));
  }

  patch(ref: string, patch: ClusterPatch): Promise<ClusterDocument> {
    return this.#objects.mergePatch<ClusterDocument>(this.ref('Cluster', this.names(ref).cluster), patch);
  }

  /** Deletes the Cluster (the operator removes its pods and volumes) and waits until it is gone. */
  async delete(ref: string): Promise<void> {
    await this.#objects.delete(this.ref('Cluster', this.names(ref).cluster));
    await this.poll(
      `delete the Cluster of ${ref}`,
      () => this.get(ref),
      (cluster) => cluster === undefined,
    );
  }

  /** Polls the Cluster until `done`, failing early when the operator gave up, and at the ready timeout. */
  waitFor(ref: string, what: string, done: (cluster: ClusterDocument | undefined) => boolean): Promise<ClusterDocument | undefined> {
    const check = (cluster: ClusterDocument | undefined) => {
      if (done(cluster)) return true;
      const stuck = operatorGaveUp(cluster);
      if (stuck) throw new Error(`The operator cannot ${what} for ${ref}: ${stuck}`);
      return false;
    };
    return this.poll(
      `${what} (${ref})`,
      () => this.get(ref),
      check,
      (cluster) => observeCluster(cluster).reason,
    );
  }

  /** Reads until `done` (which may throw to stop), every poll interval, at most the ready timeout. */
  async poll<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, explain?: (value: T) => string): Promise<T> {
    const deadline = Date.now() + this.#config.readyTimeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) {
        const seconds = Math.round(this.#config.readyTimeoutMs / 1000);
        throw new Error(`Timed out after ${seconds} s waiting to ${what}${explain ? `: ${explain(value)}` : ''}`);
      }
      await new Promise((resolve) => setTimeout(resolve, this.#config.pollIntervalMs));
    }
  }

  /** A base backup of the running instance to the object store, awaited until it completes. */
  async backup(ref: string, kind: BackupKind): Promise<BackupManifest> {
    if (!this.#config.backups) throw new Error('Backups need an object store: set BASIN_K8S_BACKUP_DESTINATION');
    const manifest = await this.#objects.apply(buildBackup(ref, kind, new Date(), this.#config));
    const at = this.ref('Backup', manifest.metadata.name);
    const done = (backup: BackupManifest | undefined) => {
      if (backup?.status?.phase === 'failed') throw new Error(`The backup of ${ref} failed: ${backup.status.error ?? 'no reason given'}`);
      return backup?.status?.phase === 'completed';
    };
    return (await this.poll(`back up ${ref}`, () => this.#objects.get<BackupManifest>(at), done))!;
  }

  /** The project's Backup objects, newest first. */
  async backups(ref: string): Promise<KubernetesBackup[]> {
    const backups = await this.#objects.list<BackupManifest>(API_VERSION, 'Backup', this.#config.namespace, refSelector(ref));
    return backups
      .map(({ metadata, status }) => ({
        name: metadata.name,
        kind: metadata.labels?.[BACKUP_KIND_LABEL] ?? 'scheduled',
        phase: status?.phase ?? 'pending',
        ...(status?.backupId ? { backupId: status.backupId } : {}),
        ...(status?.startedAt ? { startedAt: status.startedAt } : {}),
        ...(status?.stoppedAt ? { stoppedAt: status.stoppedAt } : {}),
        ...(status?.error ? { error: status.error } : {}),
      }))
      .sort((a, b) => (b.startedAt ?? '').localeCompare(a.startedAt ?? ''));
  }

  /** Deletes every object of the project but the Cluster, which `delete` waits for. */
  async deleteCompanions(ref: string, phase: 'before' | 'after'): Promise<void> {
    const names = this.names(ref);
    if (phase === 'before') {
      await this.#objects.delete(this.ref('ScheduledBackup', names.scheduledBackup));
      await this.#objects.delete(this.ref('Pooler', names.pooler));
      return;
    }
    for (const backup of await this.#objects.list<BackupManifest>(API_VERSION, 'Backup', this.#config.namespace, refSelector(ref))) {
      await this.#objects.delete(this.ref('Backup', backup.metadata.name));
    }
    for (const name of [names.adminSecret, names.memberSecret, names.vaultSecret])
      await this.#objects.delete(this.ref('Secret', name, 'v1'));
  }

  /** The usage of a pod's containers from the metrics API (metrics-server), or undefined. */
  async podUsage(pod: string): Promise<{ cpuCores: number; memoryBytes: number } | undefined> {
    const metrics = await this.#objects.get<PodMetrics>(this.ref('PodMetrics', pod, 'metrics.k8s.io/v1beta1')).catch(() => undefined);
    if (!metrics?.containers) return undefined;
    const total = (key: 'cpu' | 'memory') => metrics.containers!.reduce((sum, container) => sum + quantity(container.usage[key]), 0);
    return { cpuCores: total('cpu'), memoryBytes: total('memory') };
  }
}

const QUANTITY_FACTORS: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  Ki: 1024,
  Mi: 1024 ** 2,
  Gi: 1024 ** 3,
  Ti: 1024 ** 4,
};

/** A Kubernetes quantity (`15m`, `250000n`, `60Mi`, `1Gi`, `2`) as a number of cores or bytes. */
export function quantity(value: string): number {
  const match = /^([0-9.]+)([a-zA-Z]*)$/.exec(value.trim());
  return match ? Number(match[1]) * (QUANTITY_FACTORS[match[2] ?? ''] ?? 1) : 0;
}

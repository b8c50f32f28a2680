/**
 * The objects a project is made of on a cluster, as pure functions of the project:
 * - two basic-auth Secrets: `basin_admin`'s password (a managed role, superuser, the platform's
 *   login) and the members' role's (the application owner CloudNativePG creates at bootstrap);
 * - the Cluster: one instance, the major's image, resources from the compute size,
 *   `postgresql.parameters` from `instanceSettings`, the volume from the disk, bootstrapped by
 *   `initdb` (database `postgres`, owned by the members' role) or, for a branch with data, by
 *   `recovery` from the parent's object store, and backups to the object store when configured;
 * - a PgBouncer Pooler when pooling is on; a ScheduledBackup (daily, 03:00) when backups are on;
 *   one Backup per backup taken (on pause, before an upgrade, for a branch).
 *
 * Everything else of the instance (the read-only, data API and auth logins, the API roles, the
 * `auth` and `storage` schemas) is made over SQL by the platform once the Cluster is ready, with
 * the same functions as on the embedded driver (driver.ts): one definition of each role.
 */
import type { InstanceSpec } from '../types.ts';
import { vaultKeyMaterial } from '../vault-schema.ts';
import type {
  BackupManifest,
  BarmanObjectStore,
  ClusterManifest,
  ClusterSpec,
  ManagedRole,
  OpaqueSecretManifest,
  PoolerManifest,
  ScheduledBackupManifest,
  SecretManifest,
} from './cnpg-types.ts';
import type { BackupStoreConfig, KubernetesDriverConfig } from './config.ts';
import { imageFor } from './images.ts';
import {
  API_VERSION,
  backupName,
  BACKUP_KIND_LABEL,
  HIBERNATION_ANNOTATION,
  OPERATION_ANNOTATION,
  projectLabels,
  projectObjectNames,
} from './names.ts';
import { computeResources, postgresParameters, type ProjectShape, storageFor } from './sizing.ts';
import { ADMIN_ROLE } from '../postgres-role.ts';

/** The name the recovery source goes by inside a branch's Cluster. */
export const PARENT_SOURCE = 'parent';

/** How the Cluster's data comes to be. */
export type ClusterOrigin =
  | { kind: 'initdb' }
  /**
   * From another Cluster's object store folder: a branch with data (its newest base backup and all
   * its WAL), a restore of one backup (`backupId`) as it was when that backup ended, or a recovery
   * to a point in time (`targetTime`, as recovery_target_time reads it) from its archived WAL.
   */
  | { kind: 'recovery'; parentServerName: string; backupId?: string; targetTime?: string };

export interface ClusterInput {
  spec: InstanceSpec;
  shape: ProjectShape;
  origin: ClusterOrigin;
  /** The folder of this Cluster's backups in the object store (serverNameFor). */
  serverName: string;
}

export type BackupKind = 'pause' | 'scheduled' | 'manual' | 'upgrade' | 'branch';

/**
 * The object store folder of a Cluster's backups: its name, its major and when it was made, so
 * that a project made again (or upgraded, which starts a new WAL history) never writes into an
 * archive that already holds another history: the operator refuses a non-empty archive.
 */
export function serverNameFor(cluster: string, major: string, at: Date): string {
  return `${cluster}-pg${major}-${Math.floor(at.getTime() / 1000).toString(36)}`;
}

export function buildSecrets(spec: InstanceSpec, config: KubernetesDriverConfig): SecretManifest[] {
  const names = projectObjectNames(spec.ref, config.namePrefix);
  const secret = (name: string, username: string, password: string): SecretManifest => ({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace: config.namespace, labels: projectLabels(spec.ref) },
    type: 'kubernetes.io/basic-auth',
    stringData: { username, password },
  });
  return [secret(names.adminSecret, ADMIN_ROLE, spec.adminPassword), secret(names.memberSecret, config.memberRole, spec.postgresPassword)];
}

/**
 * Where the pod sees the Vault's key: a projected volume of its Secret (CloudNativePG mounts them
 * under /projected), readable by the postgres group (the pod's fsGroup), never in the data
 * directory, so backups and branch copies hold ciphertext only, as on the embedded driver.
 */
export const VAULT_KEY_FILE = '/projected/basin/vault-key';

/** The Vault's key material (vault-schema.ts) as a Secret, when the spec has a key. */
export function buildVaultSecret(spec: InstanceSpec, config: KubernetesDriverConfig): OpaqueSecretManifest | undefined {
  if (!spec.vaultKey) return undefined;
  const names = projectObjectNames(spec.ref, config.namePrefix);
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: names.vaultSecret, namespace: config.namespace, labels: projectLabels(spec.ref) },
    type: 'Opaque',
    data: { key: vaultKeyMaterial(spec.vaultKey).toString('base64') },
  };
}

/** The platform's superuser, kept by the operator: created, and its password reset from the Secret. */
function adminRole(secretName: string): ManagedRole {
  return {
    name: ADMIN_ROLE,
    ensure: 'present',
    comment: 'Basin platform superuser',
    login: true,
    superuser: true,
    createdb: true,
    createrole: true,
    inherit: true,
    replication: true,
    bypassrls: true,
    connectionLimit: -1,
    passwordSecret: { name: secretName },
  };
}

export function objectStore(store: BackupStoreConfig, serverName: string): BarmanObjectStore {
  return {
    destinationPath: store.destinationPath,
    serverName,
    ...(store.endpointURL ? { endpointURL: store.endpointURL } : {}),
    s3Credentials: store.credentialsSecret
      ? {
          accessKeyId: { name: store.credentialsSecret, key: 'ACCESS_KEY_ID' },
          secretAccessKey: { name: store.credentialsSecret, key: 'ACCESS_SECRET_KEY' },
        }
      : { inheritFromIAMRole: true },
    wal: { compression: 'gzip' },
    data: { compression: 'gzip' },
  };
}

export function buildCluster({ spec, shape, origin, serverName }: ClusterInput, config: KubernetesDriverConfig): ClusterManifest {
  const names = projectObjectNames(spec.ref, config.namePrefix);
  const owner = { database: 'postgres', owner: config.memberRole, secret: { name: names.memberSecret } };
  const store = config.backups;
  if (origin.kind === 'recovery' && !store)
    throw new Error('A branch with data needs backups to an object store (BASIN_K8S_BACKUP_DESTINATION)');
  const clusterSpec: ClusterSpec = {
    description: `Basin project ${spec.ref}`,
    instances: 1,
    imageName: imageFor(config.images, spec.major),
    // `postgres` is the operator's superuser (it logs in over the pod's socket): no password, so no
    // one logs in as it over the network.
    enableSuperuserAccess: false,
    primaryUpdateMethod: 'restart',
    postgresql: { parameters: postgresParameters(spec.settings) },
    resources: computeResources(shape.computeSize, spec.settings, config.requestFraction),
    storage: storageFor(shape.disk, config.storageClasses),
    bootstrap:
      origin.kind === 'initdb'
        ? { initdb: { ...owner, encoding: 'UTF8', locale: 'C.UTF-8' } }
        : {
            recovery: {
              source: PARENT_SOURCE,
              ...owner,
              ...recoveryTarget(origin),
            },
          },
    ...(origin.kind === 'recovery' && store
      ? { externalClusters: [{ name: PARENT_SOURCE, barmanObjectStore: objectStore(store, origin.parentServerName) }] }
      : {}),
    managed: { roles: [adminRole(names.adminSecret)] },
    ...(store ? { backup: { barmanObjectStore: objectStore(store, serverName), retentionPolicy: store.retentionPolicy } } : {}),
    inheritedMetadata: { labels: projectLabels(spec.ref) },
    ...(spec.vaultKey
      ? {
          projectedVolumeTemplate: {
            sources: [{ secret: { name: names.vaultSecret, items: [{ key: 'key', path: 'basin/vault-key', mode: 0o440 }] } }],
          },
        }
      : {}),
  };
  return {
    apiVersion: API_VERSION,
    kind: 'Cluster',
    metadata: {
      name: names.cluster,
      namespace: config.namespace,
      labels: projectLabels(spec.ref),
      annotations: { [HIBERNATION_ANNOTATION]: 'off', [OPERATION_ANNOTATION]: origin.kind === 'initdb' ? 'create' : 'branch' },
    },
    spec: clusterSpec,
  };
}

/** PgBouncer in front of the primary, for clients outside the platform (the platform itself connects directly). */
export function buildPooler(ref: string, settings: InstanceSpec['settings'], config: KubernetesDriverConfig): PoolerManifest | undefined {
  if (!config.pooler) return undefined;
  const names = projectObjectNames(ref, config.namePrefix);
  return {
    apiVersion: API_VERSION,
    kind: 'Pooler',
    metadata: { name: names.pooler, namespace: config.namespace, labels: projectLabels(ref) },
    spec: {
      cluster: { name: names.cluster },
      instances: config.pooler.instances,
      type: 'rw',
      pgbouncer: {
        poolMode: config.pooler.poolMode,
        // Server connections stay well under max_connections: the platform's own sessions and the
        // read-only role's share need the rest.
        parameters: { default_pool_size: String(Math.max(5, Math.floor(settings.max_connections / 3))), max_client_conn: '1000' },
      },
    },
  };
}

/** The daily base backup at 03:00 (the operator's clock, UTC in its published images). */
export function buildScheduledBackup(ref: string, config: KubernetesDriverConfig): ScheduledBackupManifest | undefined {
  if (!config.backups) return undefined;
  const names = projectObjectNames(ref, config.namePrefix);
  return {
    apiVersion: API_VERSION,
    kind: 'ScheduledBackup',
    metadata: {
      name: names.scheduledBackup,
      namespace: config.namespace,
      labels: { ...projectLabels(ref), [BACKUP_KIND_LABEL]: 'scheduled' },
    },
    spec: {
      cluster: { name: names.cluster },
      schedule: config.backups.schedule,
      method: 'barmanObjectStore',
      immediate: false,
      backupOwnerReference: 'cluster',
    },
  };
}

/** One base backup now, to the object store. */
export function buildBackup(ref: string, kind: BackupKind, at: Date, config: KubernetesDriverConfig): BackupManifest {
  const names = projectObjectNames(ref, config.namePrefix);
  return {
    apiVersion: API_VERSION,
    kind: 'Backup',
    metadata: {
      name: backupName(names.cluster, kind, at),
      namespace: config.namespace,
      labels: { ...projectLabels(ref), [BACKUP_KIND_LABEL]: kind },
    },
    spec: { cluster: { name: names.cluster }, method: 'barmanObjectStore', target: 'primary' },
  };
}

/** Where a recovery stops: a backup's end, a point in time, or (neither) the end of the archived WAL. */
function recoveryTarget(origin: Extract<ClusterOrigin, { kind: 'recovery' }>) {
  if (origin.backupId) return { recoveryTarget: { backupID: origin.backupId, targetImmediate: true } };
  if (origin.targetTime) return { recoveryTarget: { targetTime: origin.targetTime } };
  return {};
}

/**
 * The parts of Kubernetes and CloudNativePG objects Basin writes or reads, typed after the
 * vendored CRDs (crds/). Only what the driver uses: the tests check the full documents against
 * the CRDs' schemas.
 */

export interface ObjectMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  /** Read only: set by the API server. */
  creationTimestamp?: string;
  deletionTimestamp?: string;
  generation?: number;
  resourceVersion?: string;
  uid?: string;
}

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
}

export interface SecretKeyRef {
  name: string;
  key: string;
}

export interface SecretManifest extends KubeObject {
  apiVersion: 'v1';
  kind: 'Secret';
  type: 'kubernetes.io/basic-auth';
  stringData: { username: string; password: string };
}

/** An Opaque Secret of bytes (the Vault's key material). */
export interface OpaqueSecretManifest extends KubeObject {
  apiVersion: 'v1';
  kind: 'Secret';
  type: 'Opaque';
  data: Record<string, string>;
}

export interface ResourceRequirements {
  requests: { cpu: string; memory: string };
  limits: { cpu: string; memory: string };
}

export interface StorageConfiguration {
  size: string;
  storageClass?: string;
  resizeInUseVolumes?: boolean;
}

export interface BarmanObjectStore {
  destinationPath: string;
  serverName: string;
  endpointURL?: string;
  s3Credentials?: { accessKeyId: SecretKeyRef; secretAccessKey: SecretKeyRef; region?: SecretKeyRef } | { inheritFromIAMRole: true };
  wal?: { compression: 'gzip' | 'snappy' | 'zstd'; maxParallel?: number };
  data?: { compression: 'gzip' | 'snappy'; jobs?: number };
}

export interface ManagedRole {
  name: string;
  ensure: 'present' | 'absent';
  comment?: string;
  login: boolean;
  superuser: boolean;
  createdb: boolean;
  createrole: boolean;
  inherit: boolean;
  replication: boolean;
  bypassrls: boolean;
  connectionLimit: number;
  passwordSecret?: { name: string };
}

export interface InitdbBootstrap {
  database: string;
  owner: string;
  secret: { name: string };
  encoding: string;
  locale: string;
}

export interface RecoveryBootstrap {
  source: string;
  database: string;
  owner: string;
  secret: { name: string };
}

export interface ExternalCluster {
  name: string;
  barmanObjectStore: BarmanObjectStore;
}

export interface ClusterSpec {
  description?: string;
  instances: number;
  imageName: string;
  enableSuperuserAccess: boolean;
  primaryUpdateMethod?: 'restart' | 'switchover';
  postgresql: { parameters: Record<string, string> };
  resources: ResourceRequirements;
  storage: StorageConfiguration;
  bootstrap: { initdb: InitdbBootstrap } | { recovery: RecoveryBootstrap };
  externalClusters?: ExternalCluster[];
  managed: { roles: ManagedRole[] };
  backup?: { barmanObjectStore: BarmanObjectStore; retentionPolicy: string };
  inheritedMetadata?: { labels: Record<string, string> };
  projectedVolumeTemplate?: { sources: { secret: { name: string; items: { key: string; path: string; mode: number }[] } }[] };
}

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration?: number;
}

export interface ClusterStatus {
  phase?: string;
  phaseReason?: string;
  instances?: number;
  readyInstances?: number;
  currentPrimary?: string;
  targetPrimary?: string;
  writeService?: string;
  image?: string;
  conditions?: Condition[];
  pgDataImageInfo?: { image: string; majorVersion: number };
  managedRolesStatus?: {
    byStatus?: Record<string, string[]>;
    cannotReconcile?: Record<string, string[]>;
    passwordStatus?: Record<string, { transactionID?: number; resourceVersion?: string }>;
  };
  instancesStatus?: Record<string, string[]>;
  lastSuccessfulBackup?: string;
  firstRecoverabilityPoint?: string;
}

export interface ClusterManifest extends KubeObject {
  apiVersion: 'postgresql.cnpg.io/v1';
  kind: 'Cluster';
  spec: ClusterSpec;
}

/** A Cluster as the API server answers it: the spec may hold fields the operator defaulted. */
export interface ClusterDocument extends KubeObject {
  spec?: Partial<ClusterSpec> & Record<string, unknown>;
  status?: ClusterStatus;
}

export interface PoolerManifest extends KubeObject {
  apiVersion: 'postgresql.cnpg.io/v1';
  kind: 'Pooler';
  spec: {
    cluster: { name: string };
    instances: number;
    type: 'rw';
    pgbouncer: { poolMode: 'session' | 'transaction'; parameters: Record<string, string> };
  };
}

export interface ScheduledBackupManifest extends KubeObject {
  apiVersion: 'postgresql.cnpg.io/v1';
  kind: 'ScheduledBackup';
  spec: {
    cluster: { name: string };
    schedule: string;
    method: 'barmanObjectStore';
    immediate: boolean;
    backupOwnerReference: 'cluster';
  };
}

export type BackupPhase = 'pending' | 'started' | 'running' | 'finalizing' | 'completed' | 'failed' | 'walArchivingFailing';

export interface BackupManifest extends KubeObject {
  apiVersion: 'postgresql.cnpg.io/v1';
  kind: 'Backup';
  spec: { cluster: { name: string }; method: 'barmanObjectStore'; target?: 'primary' };
  status?: {
    phase?: BackupPhase | string;
    backupId?: string;
    startedAt?: string;
    stoppedAt?: string;
    beginWal?: string;
    endWal?: string;
    serverName?: string;
    destinationPath?: string;
    majorVersion?: number;
    error?: string;
  };
}

/**
 * The Kubernetes driver's settings, read from the environment (`BASIN_INSTANCE_DRIVER=kubernetes`
 * and `BASIN_K8S_*`, documented in the README's "Run Basin on a cluster"). A combination that
 * cannot work stops the start with a message naming the variable.
 */
import type { PostgresMajor } from '../types.ts';

export type PoolMode = 'session' | 'transaction';

/** Where the operator's barman-cloud writes base backups and WAL (one bucket, a folder per Cluster). */
export interface BackupStoreConfig {
  /** e.g. `s3://basin-backups/instances` (S3 or S3-compatible); each Cluster writes under `<destinationPath>/<serverName>/`. */
  destinationPath: string;
  /** An S3-compatible service's URL (MinIO, R2, ...); AWS when absent. */
  endpointURL: string | undefined;
  /**
   * A Secret in the namespace with keys `ACCESS_KEY_ID` and `ACCESS_SECRET_KEY` (and `REGION` if
   * the service wants one); without it the pods' IAM role (IRSA, pod identity) is used.
   */
  credentialsSecret: string | undefined;
  /** Barman's retention policy, e.g. `7d`: base backups and WAL older than needed for it go. */
  retentionPolicy: string;
  /** Six-field cron of the daily ScheduledBackup (seconds first), in the operator's time zone. */
  schedule: string;
}

export interface PoolerConfig {
  poolMode: PoolMode;
  instances: number;
}

export interface KubernetesDriverConfig {
  /** Where every project's objects live (one namespace for the install). */
  namespace: string;
  /** Put before the ref in every object name (`basin-<ref>`). */
  namePrefix: string;
  /** The operand image of each major (CloudNativePG's `imageName`). */
  images: Partial<Record<PostgresMajor, string>>;
  /** StorageClass per Basin disk type; the cluster's default class when absent. */
  storageClasses: { gp3: string | undefined; io2: string | undefined };
  /** Requests as a fraction of the compute size's limits (1: guaranteed; less: overcommit). */
  requestFraction: number;
  /**
   * The members' login. CloudNativePG's superuser is always `postgres` (its instance manager logs
   * in as it), so the members' role, `postgres` on the embedded driver, is made under this name;
   * the local relay (relay.ts) maps logins as `postgres` onto it.
   */
  memberRole: string;
  /** Services are reached as `<service>.<namespace>.<serviceDomain>`, e.g. `svc` or `svc.cluster.local`. */
  serviceDomain: string;
  /** A PgBouncer Pooler per project for clients outside the platform; none when undefined. */
  pooler: PoolerConfig | undefined;
  /** Backups to an object store; none (and no backup on pause) when undefined. */
  backups: BackupStoreConfig | undefined;
  /** How long a Cluster may take to become ready (image pull, volume, initdb or recovery). */
  readyTimeoutMs: number;
  /** How often the driver reads a Cluster's status while it waits. */
  pollIntervalMs: number;
  /** A kubeconfig file; otherwise KUBECONFIG, ~/.kube/config, or the pod's service account. */
  kubeconfig: string | undefined;
}

export const DEFAULT_IMAGES: Record<PostgresMajor, string> = {
  '15': 'ghcr.io/cloudnative-pg/postgresql:15-standard-trixie',
  '17': 'ghcr.io/cloudnative-pg/postgresql:17-standard-trixie',
};

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Roles the operator or the platform already use for something else. */
const TAKEN_ROLES = new Set([
  'postgres',
  'streaming_replica',
  'cnpg_pooler_pgbouncer',
  'basin_admin',
  'basin_readonly',
  'authenticator',
  'anon',
  'authenticated',
  'service_role',
  'supabase_auth_admin',
  'supabase_storage_admin',
  'supabase_realtime_admin',
]);
const DNS_1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export type InstanceDriverKind = 'embedded' | 'kubernetes';

/** BASIN_INSTANCE_DRIVER: `embedded` (the default) or `kubernetes`. */
export function instanceDriverKind(env: NodeJS.ProcessEnv): InstanceDriverKind {
  const kind = (env.BASIN_INSTANCE_DRIVER || 'embedded').trim().toLowerCase();
  if (kind === 'embedded' || kind === 'kubernetes') return kind;
  throw new Error(`BASIN_INSTANCE_DRIVER must be embedded or kubernetes, got ${env.BASIN_INSTANCE_DRIVER}`);
}

export function kubernetesConfigFromEnv(env: NodeJS.ProcessEnv): KubernetesDriverConfig {
  const namespace = text(env.BASIN_K8S_NAMESPACE) ?? 'basin';
  if (!DNS_1123_LABEL.test(namespace) || namespace.length > 63)
    throw new Error(`BASIN_K8S_NAMESPACE must be a namespace name, got ${namespace}`);
  const namePrefix = text(env.BASIN_K8S_NAME_PREFIX) ?? 'basin-';
  if (!/^[a-z][-a-z0-9]{0,19}$/.test(namePrefix)) {
    throw new Error(`BASIN_K8S_NAME_PREFIX must start with a letter and hold at most 20 of a-z, 0-9 and '-', got ${namePrefix}`);
  }
  const memberRole = text(env.BASIN_K8S_MEMBER_ROLE) ?? 'basin_member';
  if (!ROLE_NAME.test(memberRole) || TAKEN_ROLES.has(memberRole)) {
    throw new Error(
      `BASIN_K8S_MEMBER_ROLE must be a lower-case role name other than the operator's and the platform's roles, got ${memberRole}`,
    );
  }
  const ioClass = text(env.BASIN_K8S_STORAGE_CLASS_IO2);
  const storageClass = text(env.BASIN_K8S_STORAGE_CLASS);
  return {
    namespace,
    namePrefix,
    images: {
      '15': text(env.BASIN_K8S_IMAGE_15) ?? DEFAULT_IMAGES['15'],
      '17': text(env.BASIN_K8S_IMAGE_17) ?? DEFAULT_IMAGES['17'],
    },
    storageClasses: { gp3: storageClass, io2: ioClass ?? storageClass },
    requestFraction: fraction(env.BASIN_K8S_REQUEST_FRACTION),
    memberRole,
    serviceDomain: text(env.BASIN_K8S_SERVICE_DOMAIN) ?? 'svc',
    pooler: poolerFromEnv(env),
    backups: backupsFromEnv(env),
    readyTimeoutMs: seconds(env, 'BASIN_K8S_READY_TIMEOUT_SECONDS', 600) * 1000,
    pollIntervalMs: 2000,
    kubeconfig: text(env.BASIN_K8S_KUBECONFIG),
  };
}

function poolerFromEnv(env: NodeJS.ProcessEnv): PoolerConfig | undefined {
  const mode = (text(env.BASIN_K8S_POOLER) ?? 'off').toLowerCase();
  if (mode === 'off') return undefined;
  if (mode !== 'transaction' && mode !== 'session') throw new Error(`BASIN_K8S_POOLER must be off, transaction or session, got ${mode}`);
  return { poolMode: mode, instances: 1 };
}

function backupsFromEnv(env: NodeJS.ProcessEnv): BackupStoreConfig | undefined {
  const destinationPath = text(env.BASIN_K8S_BACKUP_DESTINATION);
  const endpointURL = text(env.BASIN_K8S_BACKUP_ENDPOINT);
  const credentialsSecret = text(env.BASIN_K8S_BACKUP_SECRET);
  if (!destinationPath) {
    if (endpointURL || credentialsSecret)
      throw new Error('BASIN_K8S_BACKUP_ENDPOINT and BASIN_K8S_BACKUP_SECRET need BASIN_K8S_BACKUP_DESTINATION (e.g. s3://bucket/basin)');
    return undefined;
  }
  if (!/^s3:\/\/[^/]/.test(destinationPath)) {
    throw new Error(`BASIN_K8S_BACKUP_DESTINATION must be an s3:// URL (AWS or an S3-compatible service), got ${destinationPath}`);
  }
  if (endpointURL && !/^https?:\/\/[^/]/.test(endpointURL))
    throw new Error(`BASIN_K8S_BACKUP_ENDPOINT must be an http(s) URL, got ${endpointURL}`);
  if (credentialsSecret && !DNS_1123_LABEL.test(credentialsSecret))
    throw new Error(`BASIN_K8S_BACKUP_SECRET must be a Secret name, got ${credentialsSecret}`);
  const retentionPolicy = text(env.BASIN_K8S_BACKUP_RETENTION) ?? '7d';
  if (!/^[1-9][0-9]*[dwm]$/.test(retentionPolicy))
    throw new Error(`BASIN_K8S_BACKUP_RETENTION must be like 7d, 4w or 3m, got ${retentionPolicy}`);
  return { destinationPath, endpointURL, credentialsSecret, retentionPolicy, schedule: '0 0 3 * * *' };
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function fraction(value: string | undefined): number {
  if (!text(value)) return 1;
  const parsed = Number(value);
  if (!(parsed > 0 && parsed <= 1)) throw new Error(`BASIN_K8S_REQUEST_FRACTION must be a number above 0 and at most 1, got ${value}`);
  return parsed;
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = text(env[name]);
  if (!value) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 10) throw new Error(`${name} must be a whole number of seconds, at least 10, got ${value}`);
  return parsed;
}

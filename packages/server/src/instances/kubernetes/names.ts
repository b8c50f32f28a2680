/**
 * Kubernetes names of a project's objects, derived from its ref. CloudNativePG wants a Cluster
 * name that is a DNS-1035 label (a letter first, then lower-case letters, digits and '-') of at
 * most 50 characters, since it names Services and Pods after it (`<name>-rw`, `<name>-1`). Refs
 * are 20 lower-case letters, so `basin-<ref>` fits as it is; anything else is folded into that
 * alphabet with a short hash of the original, so two refs never share a name.
 */
import { createHash } from 'node:crypto';

export const API_GROUP = 'postgresql.cnpg.io';
export const API_VERSION = `${API_GROUP}/v1`;

/** Labels and annotations Basin puts on what it creates. */
export const REF_LABEL = 'basin.dev/ref';
export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
export const MANAGED_BY = 'basin';
/** On a Backup: why it was taken (`pause`, `scheduled`, `manual`, `upgrade`, `branch`). */
export const BACKUP_KIND_LABEL = 'basin.dev/backup-kind';
/** On a Cluster: the lifecycle operation Basin last asked of it, read back by the status mapping. */
export const OPERATION_ANNOTATION = 'basin.dev/operation';

/** CloudNativePG's own annotations. */
export const HIBERNATION_ANNOTATION = 'cnpg.io/hibernation';
export const RESTARTED_AT_ANNOTATION = 'kubectl.kubernetes.io/restartedAt';

const MAX_CLUSTER_NAME = 50;
const DNS_1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

export function isDns1035Label(name: string, maxLength = 63): boolean {
  return name.length <= maxLength && DNS_1035.test(name);
}

/** The Cluster's name for `ref`; also the prefix of every other object of the project. */
export function clusterName(ref: string, prefix = 'basin-'): string {
  const plain = `${prefix}${ref}`;
  if (isDns1035Label(plain, MAX_CLUSTER_NAME)) return plain;
  const hash = createHash('sha256').update(ref).digest('hex').slice(0, 8);
  const folded = `${prefix}${ref}`
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^[^a-z]+/, '');
  const body = folded.slice(0, MAX_CLUSTER_NAME - hash.length - 1).replace(/-+$/, '');
  return `${body || 'basin'}-${hash}`;
}

/** `ref` as a label value (63 characters of [A-Za-z0-9._-], alphanumeric at both ends), or a hash of it. */
export function refLabelValue(ref: string): string {
  if (ref.length <= 63 && LABEL_VALUE.test(ref)) return ref;
  return `h-${createHash('sha256').update(ref).digest('hex').slice(0, 40)}`;
}

/** The names of every object Basin keeps for one project. */
export interface ProjectObjectNames {
  cluster: string;
  /** basic-auth Secret of `basin_admin`, the platform's superuser (a managed role). */
  adminSecret: string;
  /** basic-auth Secret of the members' role (the application owner at bootstrap). */
  memberSecret: string;
  /** Opaque Secret of the Vault's key, mounted into the pod (vault-schema.ts reads it from a file). */
  vaultSecret: string;
  pooler: string;
  scheduledBackup: string;
  /** The read-write Service CloudNativePG makes for the primary. */
  rwService: string;
}

export function projectObjectNames(ref: string, prefix?: string): ProjectObjectNames {
  const cluster = clusterName(ref, prefix);
  return {
    cluster,
    adminSecret: `${cluster}-admin`,
    memberSecret: `${cluster}-member`,
    vaultSecret: `${cluster}-vault`,
    pooler: `${cluster}-pooler-rw`,
    scheduledBackup: `${cluster}-daily`,
    rwService: `${cluster}-rw`,
  };
}

/** A Backup's name: `<cluster>-<kind>-<UTC timestamp>`, e.g. `basin-abc-pause-20260301t030000z`. */
export function backupName(cluster: string, kind: string, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, 'z')
    .replace(/[-:]/g, '')
    .toLowerCase();
  return `${cluster}-${kind}-${stamp}`;
}

/** Labels every object of the project carries: list and delete them by `basin.dev/ref`. */
export function projectLabels(ref: string): Record<string, string> {
  return { [REF_LABEL]: refLabelValue(ref), [MANAGED_BY_LABEL]: MANAGED_BY };
}

export function refSelector(ref: string): string {
  return `${REF_LABEL}=${refLabelValue(ref)}`;
}

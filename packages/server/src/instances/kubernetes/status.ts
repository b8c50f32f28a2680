/**
 * A project's status as far as its Cluster tells it: from `metadata` (deletion, the hibernation
 * annotation, the operation Basin last asked for) and `status` (phase, the `Ready` and
 * `cnpg.io/hibernation` conditions, ready instances, the last backup's condition).
 *
 * What the Cluster cannot tell on its own, and how it is told here:
 * - which pending status a not-yet-ready Cluster is in (COMING_UP, RESTORING, RESTARTING,
 *   RESIZING, UPGRADING): the `basin.dev/operation` annotation the driver sets with each change;
 * - the failures (INIT_FAILED, RESTORE_FAILED, PAUSE_FAILED): the operator's failure phases (or a
 *   failed backup during a pause) read together with that operation. Basin also fails a job after
 *   its timeout and retries, which the Cluster does not know: the platform's own status stays the
 *   authority, this mapping is what the cluster says;
 * - GOING_DOWN: only while the Cluster is being deleted (it has a deletionTimestamp); the rest of
 *   a project's deletion (files, backups, rows) is the platform's.
 * Basin has no UNHEALTHY status: a Cluster that should serve but has no ready instance is UNKNOWN.
 */
import type { ProjectStatus } from '@basin/core';
import type { PostgresMajor } from '../types.ts';
import type { ClusterDocument, Condition } from './cnpg-types.ts';
import { HIBERNATION_ANNOTATION, OPERATION_ANNOTATION } from './names.ts';
import type { Operation } from './operations.ts';

/** CloudNativePG's phases (api/v1 cluster_types.go of the vendored release). */
export const PHASES = {
  healthy: 'Cluster in healthy state',
  firstPrimary: 'Setting up primary',
  creatingReplica: 'Creating a new replica',
  waitingForInstances: 'Waiting for the instances to become active',
  upgrade: 'Upgrading cluster',
  majorUpgrade: 'Upgrading Postgres major version',
  upgradeDelayed: 'Cluster upgrade delayed',
  onlineUpgrading: 'Online upgrade in progress',
  applyingConfiguration: 'Applying configuration',
  inplacePrimaryRestart: 'Primary instance is being restarted in-place',
  inplaceDeletePrimaryRestart: 'Primary instance is being restarted without a switchover',
  switchover: 'Switchover in progress',
  failover: 'Failing over',
  replicaPromotion: 'Promoting to primary cluster',
  waitingForUser: 'Waiting for user action',
  unrecoverable: 'Cluster is unrecoverable and needs manual intervention',
  cannotCreateObjects: 'Unable to create required cluster objects',
  unknownPlugin: 'Cluster cannot proceed to reconciliation due to an unknown plugin being required',
  failurePlugin: 'Cluster cannot proceed to reconciliation due to an error while interacting with plugins',
  imageCatalogError: 'Cluster has incomplete or invalid image catalog',
  architectureMissing: 'Cluster cannot execute instance online upgrade due to missing architecture binary',
} as const;

const FAILURE_PHASES: ReadonlySet<string> = new Set([
  PHASES.waitingForUser,
  PHASES.unrecoverable,
  PHASES.cannotCreateObjects,
  PHASES.unknownPlugin,
  PHASES.failurePlugin,
  PHASES.imageCatalogError,
  PHASES.architectureMissing,
]);

export const HIBERNATION_CONDITION = 'cnpg.io/hibernation';
export const READY_CONDITION = 'Ready';
export const BACKUP_CONDITION = 'LastBackupSucceeded';

export interface ObservedStatus {
  status: ProjectStatus;
  /** In words, for logs and errors: the phase and its reason, or what is awaited. */
  reason: string;
}

const condition = (cluster: ClusterDocument, type: string): Condition | undefined =>
  cluster.status?.conditions?.find((each) => each.type === type);

function operationOf(cluster: ClusterDocument): Operation | undefined {
  return cluster.metadata.annotations?.[OPERATION_ANNOTATION] as Operation | undefined;
}

/** The status a pending operation shows while its Cluster is not ready yet. */
const PENDING: Partial<Record<Operation, ProjectStatus>> = {
  create: 'COMING_UP',
  branch: 'COMING_UP',
  restore: 'RESTORING',
  restart: 'RESTARTING',
  stop: 'RESTARTING',
  start: 'RESTARTING',
  resize: 'RESIZING',
  upgrade: 'UPGRADING',
  pause: 'PAUSING',
};

/** The failed status of an operation that cannot go on, where Basin has one. */
const FAILED: Partial<Record<Operation, ProjectStatus>> = {
  create: 'INIT_FAILED',
  branch: 'INIT_FAILED',
  restore: 'RESTORE_FAILED',
  pause: 'PAUSE_FAILED',
};

export function observeCluster(cluster: ClusterDocument | undefined): ObservedStatus {
  if (!cluster) return { status: 'UNKNOWN', reason: 'the project has no Cluster' };
  if (cluster.metadata.deletionTimestamp) return { status: 'GOING_DOWN', reason: 'the Cluster is being deleted' };

  const operation = operationOf(cluster);
  const phase = cluster.status?.phase ?? '';
  const phaseText = phase ? `${phase}${cluster.status?.phaseReason ? `: ${cluster.status.phaseReason}` : ''}` : 'no status yet';
  const hibernation = condition(cluster, HIBERNATION_CONDITION);
  const hibernationRequested = cluster.metadata.annotations?.[HIBERNATION_ANNOTATION] === 'on';

  if (hibernation?.reason === 'WrongAnnotationValue')
    return { status: FAILED[operation ?? 'pause'] ?? 'UNKNOWN', reason: hibernation.message };
  if (hibernationRequested) {
    if (hibernation?.status === 'True' && hibernation.reason === 'Hibernated') return { status: 'INACTIVE', reason: hibernation.message };
    if (FAILURE_PHASES.has(phase)) return { status: 'PAUSE_FAILED', reason: phaseText };
    return { status: 'PAUSING', reason: hibernation?.message ?? 'waiting for the operator to hibernate the Cluster' };
  }
  // A pause takes its backup before hibernating: a failed one fails the pause.
  if (operation === 'pause') {
    const backup = condition(cluster, BACKUP_CONDITION);
    if (backup?.status === 'False') return { status: 'PAUSE_FAILED', reason: backup.message || backup.reason };
  }
  if (hibernation?.status === 'True') return { status: 'RESTORING', reason: 'waiting for the operator to wake the hibernated Cluster' };

  if (FAILURE_PHASES.has(phase)) return { status: FAILED[operation ?? 'create'] ?? 'UNKNOWN', reason: phaseText };

  const ready = condition(cluster, READY_CONDITION)?.status === 'True';
  const wanted = typeof cluster.spec?.instances === 'number' ? cluster.spec.instances : 1;
  const readyInstances = cluster.status?.readyInstances ?? 0;
  if (phase === PHASES.healthy && ready && readyInstances >= wanted) {
    // A pause whose backup is still running is still pausing, though the instance serves.
    if (operation === 'pause') return { status: 'PAUSING', reason: 'taking the backup before hibernation' };
    return { status: 'ACTIVE_HEALTHY', reason: phaseText };
  }

  const pending = (fallback: ProjectStatus): ObservedStatus => ({
    status: (operation && PENDING[operation]) ?? fallback,
    reason: phaseText,
  });
  switch (phase) {
    case PHASES.majorUpgrade:
      return { status: 'UPGRADING', reason: phaseText };
    case PHASES.inplacePrimaryRestart:
    case PHASES.inplaceDeletePrimaryRestart:
    case PHASES.switchover:
    case PHASES.failover:
    case PHASES.applyingConfiguration:
    case PHASES.upgrade:
    case PHASES.upgradeDelayed:
    case PHASES.onlineUpgrading:
      return operation === 'resize' || operation === 'upgrade' || operation === 'restore'
        ? pending('RESTARTING')
        : { status: 'RESTARTING', reason: phaseText };
    case '':
    case PHASES.firstPrimary:
    case PHASES.creatingReplica:
    case PHASES.waitingForInstances:
    case PHASES.replicaPromotion:
      return pending('COMING_UP');
    case PHASES.healthy:
      // Healthy at the operator's last reconciliation (so it served once: a new Cluster reaches this
      // phase only when ready), but no instance passes its probes now.
      return { status: 'UNKNOWN', reason: `${readyInstances} of ${wanted} instances ready` };
    default:
      return { status: 'UNKNOWN', reason: phaseText };
  }
}

/** Whether the Cluster is serving: the goal of create, start, restore, restart, resize and upgrade. */
export const isServing = (cluster: ClusterDocument | undefined) => observeCluster(cluster).status === 'ACTIVE_HEALTHY';

/** Whether the Cluster is hibernated: the goal of a pause (and of a stop). */
export const isHibernated = (cluster: ClusterDocument | undefined) => observeCluster(cluster).status === 'INACTIVE';

/**
 * Whether the operator gave up on the Cluster (a failure phase, or a hibernation annotation it
 * cannot read): waiting longer will not help, whatever operation is under way.
 */
export function operatorGaveUp(cluster: ClusterDocument | undefined): string | undefined {
  if (!cluster) return undefined;
  const phase = cluster.status?.phase ?? '';
  if (FAILURE_PHASES.has(phase)) return cluster.status?.phaseReason ? `${phase}: ${cluster.status.phaseReason}` : phase;
  const hibernation = condition(cluster, HIBERNATION_CONDITION);
  return hibernation?.reason === 'WrongAnnotationValue' ? hibernation.message : undefined;
}

/** The major of the data on the Cluster's volume, as the operator last recorded it. */
export function dataMajor(cluster: ClusterDocument | undefined): PostgresMajor | undefined {
  const major = cluster?.status?.pgDataImageInfo?.majorVersion;
  return major === 15 ? '15' : major === 17 ? '17' : undefined;
}

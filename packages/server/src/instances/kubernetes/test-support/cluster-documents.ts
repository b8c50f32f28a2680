/**
 * Cluster documents as the API server answers them in each state a project's Cluster goes
 * through: the driver's manifest, what the API server adds to `metadata`, and a `status` written
 * after the CRD's status schema and the operator's phases and conditions (status.test.ts checks
 * each against the CRD too).
 */
import type { ClusterDocument, ClusterManifest, ClusterStatus, Condition } from '../cnpg-types.ts';
import { imageFor } from '../images.ts';
import { buildCluster, serverNameFor } from '../manifests.ts';
import { HIBERNATION_ANNOTATION, OPERATION_ANNOTATION, projectObjectNames } from '../names.ts';
import type { Operation } from '../operations.ts';
import { PHASES } from '../status.ts';
import { fullConfig, testSpec } from './fixtures.ts';

const REF = 'abcdefghijklmnopqrst';
const NAMES = projectObjectNames(REF);
const POD = `${NAMES.cluster}-1`;
const CONFIG = fullConfig();
const T0 = '2026-03-01T03:00:00Z';
const T1 = '2026-03-01T03:01:12Z';

export function createdCluster(major: '15' | '17' = '17'): ClusterManifest {
  const spec = testSpec(REF, major, 'micro');
  return buildCluster(
    {
      spec,
      shape: { computeSize: 'micro', disk: { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 } },
      origin: { kind: 'initdb' },
      serverName: serverNameFor(NAMES.cluster, major, new Date(T0)),
    },
    CONFIG,
  );
}

const condition = (type: string, status: Condition['status'], reason: string, message: string, at = T1): Condition => ({
  type,
  status,
  reason,
  message,
  lastTransitionTime: at,
  observedGeneration: 1,
});

const READY = condition('Ready', 'True', 'ClusterIsReady', 'Cluster is Ready');
const NOT_READY = condition('Ready', 'False', 'ClusterIsNotReady', 'Cluster Is Not Ready');
const ARCHIVING = condition('ContinuousArchiving', 'True', 'ContinuousArchivingSuccess', 'Continuous archiving is working');
const BACKUP_OK = condition('LastBackupSucceeded', 'True', 'LastBackupSucceeded', 'Backup was successful');
const BACKUP_FAILED = condition(
  'LastBackupSucceeded',
  'False',
  'LastBackupFailed',
  "can't execute backup: barman-cloud-backup: exit status 4 (NoCredentialsError)",
);
const HIBERNATED = condition('cnpg.io/hibernation', 'True', 'Hibernated', 'Cluster has been hibernated');
const HIBERNATING = condition('cnpg.io/hibernation', 'False', 'DeletingPods', 'Hibernation is in progress');
const CONSISTENT = condition('ConsistentSystemID', 'True', 'Unique', 'A single, unique system ID was found across reporting instances.');

/** The status of a serving one-instance Cluster: every field the operator fills in, as it fills them. */
export function healthyStatus(
  major: '15' | '17',
  cluster = NAMES.cluster,
  image = imageFor(CONFIG.images, major),
): ClusterStatus & Record<string, unknown> {
  const NAMES = { cluster, adminSecret: `${cluster}-admin` };
  const POD = `${cluster}-1`;
  return {
    certificates: {
      clientCASecret: `${NAMES.cluster}-ca`,
      expirations: {
        [`${NAMES.cluster}-ca`]: '2026-05-30 02:55:00 +0000 UTC',
        [`${NAMES.cluster}-server`]: '2026-05-30 02:55:00 +0000 UTC',
      },
      replicationTLSSecret: `${NAMES.cluster}-replication`,
      serverAltDNSNames: [`${NAMES.cluster}-rw`, `${NAMES.cluster}-rw.basin-projects`, `${NAMES.cluster}-rw.basin-projects.svc`],
      serverCASecret: `${NAMES.cluster}-ca`,
      serverTLSSecret: `${NAMES.cluster}-server`,
    },
    cloudNativePGCommitHash: 'a95a534d',
    cloudNativePGOperatorHash: '4d7f1c0e2b8a9f3e5c6d7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d',
    conditions: [READY, ARCHIVING, BACKUP_OK, CONSISTENT],
    configMapResourceVersion: { metrics: { 'cnpg-default-monitoring': '1044' } },
    currentPrimary: POD,
    currentPrimaryTimestamp: '2026-03-01T03:00:41.218311Z',
    healthyPVC: [POD],
    image,
    instanceNames: [POD],
    instances: 1,
    instancesReportedState: { [POD]: { isPrimary: true, timeLineID: 1, ip: '10.244.1.17' } },
    instancesStatus: { healthy: [POD] },
    latestGeneratedNode: 1,
    managedRolesStatus: {
      byStatus: { reconciled: ['basin_admin'], reserved: ['postgres', 'streaming_replica'] },
      passwordStatus: { basin_admin: { transactionID: 742, resourceVersion: '1187' } },
    },
    pgDataImageInfo: { image, majorVersion: Number(major) },
    phase: PHASES.healthy,
    poolerIntegrations: { pgBouncerIntegration: { secrets: [`${NAMES.cluster}-pooler`] } },
    pvcCount: 1,
    readService: `${NAMES.cluster}-r`,
    readyInstances: 1,
    secretsResourceVersion: {
      applicationSecretVersion: '1185',
      clientCaSecretVersion: '1179',
      managedRoleSecretVersion: { [NAMES.adminSecret]: '1187' },
      replicationSecretVersion: '1181',
      serverCaSecretVersion: '1179',
      serverSecretVersion: '1180',
    },
    switchReplicaClusterStatus: {},
    systemID: '7476543210987654321',
    targetPrimary: POD,
    targetPrimaryTimestamp: '2026-03-01T03:00:02.044819Z',
    timelineID: 1,
    topology: { instances: { [POD]: {} }, nodesUsed: 1, successfullyExtracted: true },
    writeService: `${NAMES.cluster}-rw`,
    lastSuccessfulBackup: '2026-03-01T03:05:33Z',
    firstRecoverabilityPoint: '2026-03-01T03:05:33Z',
  };
}

export interface DocumentOptions {
  major?: '15' | '17';
  operation?: Operation;
  hibernation?: 'on' | 'off';
  status?: Partial<ClusterStatus> & Record<string, unknown>;
  /** Replaces the status altogether (undefined: none yet). */
  noStatus?: boolean;
  deleting?: boolean;
}

/** A Cluster document: the created manifest with the API server's metadata and the given status. */
export function clusterDocument(options: DocumentOptions = {}): ClusterDocument {
  const major = options.major ?? '17';
  const created = createdCluster(major);
  const annotations = {
    ...created.metadata.annotations,
    ...(options.operation ? { [OPERATION_ANNOTATION]: options.operation } : {}),
    ...(options.hibernation ? { [HIBERNATION_ANNOTATION]: options.hibernation } : {}),
  };
  return {
    ...created,
    metadata: {
      ...created.metadata,
      annotations,
      creationTimestamp: T0,
      generation: 3,
      resourceVersion: '1290',
      uid: '5b0c3f7e-2a41-4d8c-9a6e-0f1e2d3c4b5a',
      ...(options.deleting ? { deletionTimestamp: '2026-03-02T09:00:00Z', finalizers: ['cnpg.io/cluster'] } : {}),
    },
    ...(options.noStatus ? {} : { status: { ...healthyStatus(major), ...options.status } }),
  } as ClusterDocument;
}

/** Conditions, for the states below. */
export const CONDITIONS = { READY, NOT_READY, ARCHIVING, BACKUP_OK, BACKUP_FAILED, HIBERNATED, HIBERNATING, CONSISTENT };

/** Not serving: no ready instance, no primary in the instance lists. */
export const NOT_SERVING = {
  readyInstances: 0,
  instancesStatus: {},
  healthyPVC: [POD],
  conditions: [NOT_READY, ARCHIVING, CONSISTENT],
};

export const TEST_CLUSTER = { ref: REF, names: NAMES, pod: POD, config: CONFIG };

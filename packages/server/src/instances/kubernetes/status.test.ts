/**
 * From a Cluster's status to Basin's project status: one case per project status, each from a
 * Cluster document as the API server would answer it (checked against the vendored CRD, status
 * included), plus the cases where the Cluster alone cannot tell and the driver's operation
 * annotation decides.
 */
import { PROJECT_STATUSES, type ProjectStatus } from '@basin/core';
import { describe, expect, it } from 'vitest';
import type { ClusterDocument } from './cnpg-types.ts';
import { isHibernated, isServing, observeCluster, operatorGaveUp, PHASES } from './status.ts';
import { clusterDocument, CONDITIONS, NOT_SERVING, TEST_CLUSTER } from './test-support/cluster-documents.ts';
import { crdProblems } from './test-support/crds.ts';

const { ARCHIVING, BACKUP_FAILED, BACKUP_OK, CONSISTENT, HIBERNATED, HIBERNATING, NOT_READY, READY } = CONDITIONS;
const pod = TEST_CLUSTER.pod;

/** One document per project status, in PROJECT_STATUSES order. */
const CASES: Record<ProjectStatus, { document: ClusterDocument; because: string }> = {
  ACTIVE_HEALTHY: { document: clusterDocument({ operation: 'create' }), because: 'healthy phase, Ready, 1 of 1 instances ready' },
  COMING_UP: {
    document: clusterDocument({
      operation: 'create',
      status: {
        ...NOT_SERVING,
        phase: PHASES.firstPrimary,
        phaseReason: 'Creating primary instance',
        jobCount: 1,
        initializingPVC: [pod],
        healthyPVC: [],
        currentPrimary: '',
        targetPrimary: pod,
      },
    }),
    because: 'the initdb job is running',
  },
  UNKNOWN: {
    document: clusterDocument({ status: { ...NOT_SERVING, phase: PHASES.healthy, instancesStatus: { failed: [pod] } } }),
    because: 'should serve, but no instance is ready',
  },
  INACTIVE: {
    document: clusterDocument({
      operation: 'pause',
      hibernation: 'on',
      status: { ...NOT_SERVING, conditions: [NOT_READY, ARCHIVING, BACKUP_OK, HIBERNATED] },
    }),
    because: 'hibernated',
  },
  GOING_DOWN: { document: clusterDocument({ deleting: true }), because: 'being deleted' },
  PAUSING: {
    document: clusterDocument({
      operation: 'pause',
      hibernation: 'on',
      status: { conditions: [READY, ARCHIVING, BACKUP_OK, HIBERNATING] },
    }),
    because: 'the operator is deleting the pods',
  },
  PAUSE_FAILED: {
    document: clusterDocument({
      operation: 'pause',
      status: { conditions: [READY, ARCHIVING, BACKUP_FAILED, CONSISTENT], lastFailedBackup: '2026-03-01T04:00:12Z' },
    }),
    because: 'the backup before hibernation failed',
  },
  RESTARTING: {
    document: clusterDocument({
      operation: 'restart',
      status: { ...NOT_SERVING, phase: PHASES.inplacePrimaryRestart, phaseReason: 'the primary instance needs to be restarted' },
    }),
    because: 'rollout restart of the primary',
  },
  RESIZING: {
    document: clusterDocument({
      operation: 'resize',
      status: {
        ...NOT_SERVING,
        phase: PHASES.inplacePrimaryRestart,
        phaseReason: 'configuration needs a restart to apply some configuration changes',
      },
    }),
    because: 'a new shared_buffers needs a restart',
  },
  UPGRADING: {
    document: clusterDocument({
      operation: 'upgrade',
      status: {
        ...NOT_SERVING,
        phase: PHASES.majorUpgrade,
        phaseReason: 'Major upgrade in progress',
        jobCount: 2,
        pgDataImageInfo: { image: 'ghcr.io/cloudnative-pg/postgresql:15-standard-trixie', majorVersion: 15 },
        targetPgDataImageInfo: { image: 'ghcr.io/cloudnative-pg/postgresql:17-standard-trixie', majorVersion: 17 },
      },
    }),
    because: 'the pg_upgrade job is running',
  },
  RESTORING: {
    document: clusterDocument({
      operation: 'restore',
      hibernation: 'off',
      status: { ...NOT_SERVING, conditions: [NOT_READY, ARCHIVING, HIBERNATED] },
    }),
    because: 'woken, the operator has not brought the pods back yet',
  },
  RESTORE_FAILED: {
    document: clusterDocument({
      operation: 'restore',
      hibernation: 'off',
      status: { ...NOT_SERVING, phase: PHASES.unrecoverable, phaseReason: 'No pods are active, the cluster needs manual intervention ' },
    }),
    because: 'the operator gave up while waking it',
  },
  INIT_FAILED: {
    document: clusterDocument({
      operation: 'create',
      status: {
        ...NOT_SERVING,
        phase: PHASES.cannotCreateObjects,
        phaseReason: 'secrets "basin-abcdefghijklmnopqrst-member" not found',
        currentPrimary: '',
      },
    }),
    because: 'the operator cannot create its objects',
  },
};

describe('the Cluster status mapping', () => {
  it('has a case for every project status', () => {
    expect(Object.keys(CASES).sort()).toEqual([...PROJECT_STATUSES].sort());
  });

  it.each(PROJECT_STATUSES.map((status) => [status, CASES[status].because]))('%s: %s', (status) => {
    const { document } = CASES[status];
    expect(crdProblems(document)).toEqual([]);
    expect(observeCluster(document).status).toBe(status);
  });

  it('tells pending operations apart by the operation annotation while the instance comes back', () => {
    const waiting = { ...NOT_SERVING, phase: PHASES.waitingForInstances };
    const expected: [Parameters<typeof clusterDocument>[0], ProjectStatus][] = [
      [{ operation: 'create', status: waiting }, 'COMING_UP'],
      [{ operation: 'branch', status: { ...waiting, phase: PHASES.firstPrimary } }, 'COMING_UP'],
      [{ operation: 'restore', status: waiting }, 'RESTORING'],
      [{ operation: 'restart', status: waiting }, 'RESTARTING'],
      [{ operation: 'resize', status: { ...waiting, phase: PHASES.applyingConfiguration } }, 'RESIZING'],
      [{ operation: 'upgrade', status: waiting }, 'UPGRADING'],
      [{ status: { ...waiting, phase: PHASES.failover } }, 'RESTARTING'],
    ];
    for (const [options, status] of expected) {
      const document = clusterDocument(options);
      expect(crdProblems(document)).toEqual([]);
      expect([options?.operation, observeCluster(document).status]).toEqual([options?.operation, status]);
    }
  });

  it('counts a Cluster without status yet as coming up, and no Cluster as unknown', () => {
    expect(observeCluster(clusterDocument({ operation: 'create', noStatus: true })).status).toBe('COMING_UP');
    expect(observeCluster(undefined)).toEqual({ status: 'UNKNOWN', reason: 'the project has no Cluster' });
  });

  it('is still pausing while the backup before hibernation runs, and fails a pause whose hibernation the operator cannot do', () => {
    expect(observeCluster(clusterDocument({ operation: 'pause' })).status).toBe('PAUSING');
    const stuck = clusterDocument({
      operation: 'pause',
      hibernation: 'on',
      status: { phase: PHASES.unrecoverable, conditions: [NOT_READY, HIBERNATING] },
    });
    expect(observeCluster(stuck).status).toBe('PAUSE_FAILED');
  });

  it('answers what the driver waits on', () => {
    expect(isServing(CASES.ACTIVE_HEALTHY.document)).toBe(true);
    expect(isServing(CASES.RESTORING.document)).toBe(false);
    expect(isHibernated(CASES.INACTIVE.document)).toBe(true);
    expect(isHibernated(CASES.PAUSING.document)).toBe(false);
    expect(operatorGaveUp(CASES.INIT_FAILED.document)).toMatch(/^Unable to create required cluster objects: secrets/);
    expect(operatorGaveUp(CASES.UPGRADING.document)).toBeUndefined();
    // An upgrade the operator cannot go on with: failed, whatever Basin's status says.
    expect(operatorGaveUp(clusterDocument({ operation: 'upgrade', status: { phase: PHASES.waitingForUser } }))).toBe(PHASES.waitingForUser);
  });
});

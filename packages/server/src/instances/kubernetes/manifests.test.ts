/**
 * Every manifest the Kubernetes driver would apply, for every compute size, both majors and both
 * disk types, checked against the vendored CloudNativePG CRDs (schema and CEL rules) and the
 * operator's webhook rules: the create manifests as they are, each operation's patch as the
 * Cluster it would leave (merge patch applied to the created one, transition rules against it).
 */
import { COMPUTE_SIZE_IDS, type ComputeSizeId, DEFAULT_DISK, type DiskAttributes, instanceSettings } from '@basin/core';
import { describe, expect, it } from 'vitest';
import type { ClusterManifest } from './cnpg-types.ts';
import type { KubernetesDriverConfig } from './config.ts';
import { imageFor } from './images.ts';
import {
  buildBackup,
  buildCluster,
  buildPooler,
  buildScheduledBackup,
  buildSecrets,
  buildVaultSecret,
  type ClusterInput,
  serverNameFor,
} from './manifests.ts';
import { vaultKeyMaterial } from '../vault-schema.ts';
import { HIBERNATION_ANNOTATION, OPERATION_ANNOTATION, projectObjectNames, REF_LABEL, RESTARTED_AT_ANNOTATION } from './names.ts';
import { applyMergePatch, type ClusterPatch, hibernatePatch, resizePatch, restartPatch, upgradePatch, wakePatch } from './operations.ts';
import { computeResources, storageFor } from './sizing.ts';
import { crdProblems } from './test-support/crds.ts';
import { fullConfig, plainConfig, testSpec } from './test-support/fixtures.ts';
import { webhookProblems } from './test-support/webhook.ts';

const AT = new Date('2026-03-01T03:00:00Z');
const IO2: DiskAttributes = { type: 'io2', size_gb: 100, iops: 5000 };

function clusterFor(
  config: KubernetesDriverConfig,
  size: ComputeSizeId,
  major: '15' | '17' = '17',
  disk: DiskAttributes = DEFAULT_DISK,
  origin: ClusterInput['origin'] = { kind: 'initdb' },
) {
  const spec = testSpec('abcdefghijklmnopqrst', major, size);
  const serverName = serverNameFor(projectObjectNames(spec.ref).cluster, major, AT);
  return buildCluster({ spec, shape: { computeSize: size, disk }, origin, serverName }, config);
}

/** The Cluster after `patch`, valid on its own and as an update of `before`. */
function expectValidUpdate(before: ClusterManifest, patch: ClusterPatch): ClusterManifest {
  const after = applyMergePatch(before, patch);
  expect(crdProblems(after, before)).toEqual([]);
  expect(webhookProblems(after, before)).toEqual([]);
  return after;
}

const CONFIGS: [string, KubernetesDriverConfig][] = [
  ['with backups and a pooler', fullConfig()],
  ['with the defaults', plainConfig()],
];

describe.each(CONFIGS)('Kubernetes manifests %s', (_name, config) => {
  it.each(COMPUTE_SIZE_IDS.map((size) => [size]))('the Cluster of a %s project validates, for both majors and disk types', (size) => {
    for (const major of ['15', '17'] as const) {
      for (const disk of [DEFAULT_DISK, IO2]) {
        const cluster = clusterFor(config, size, major, disk);
        expect(crdProblems(cluster)).toEqual([]);
        expect(webhookProblems(cluster)).toEqual([]);
        expect(cluster.spec.imageName).toBe(imageFor(config.images, major));
        expect(cluster.spec.resources).toEqual(computeResources(size, instanceSettings(size), config.requestFraction));
        expect(cluster.spec.storage).toEqual(storageFor(disk, config.storageClasses));
      }
    }
  });

  it('holds the settings of the compute size, the owner and roles Basin needs, and no password', () => {
    const cluster = clusterFor(config, 'small');
    const names = projectObjectNames('abcdefghijklmnopqrst');
    expect(cluster.metadata).toMatchObject({
      name: names.cluster,
      namespace: config.namespace,
      labels: { [REF_LABEL]: 'abcdefghijklmnopqrst' },
    });
    expect(cluster.spec.postgresql.parameters).toEqual({
      shared_buffers: '64MB',
      max_connections: '90',
      work_mem: '4MB',
      client_connection_check_interval: '2s',
      wal_level: 'logical',
      max_slot_wal_keep_size: '256MB',
    });
    expect(cluster.spec.instances).toBe(1);
    expect(cluster.spec.enableSuperuserAccess).toBe(false);
    expect(cluster.spec.bootstrap).toEqual({
      initdb: { database: 'postgres', owner: config.memberRole, secret: { name: names.memberSecret }, encoding: 'UTF8', locale: 'C.UTF-8' },
    });
    expect(cluster.spec.managed.roles).toEqual([
      expect.objectContaining({ name: 'basin_admin', superuser: true, login: true, passwordSecret: { name: names.adminSecret } }),
    ]);
    expect(JSON.stringify(cluster)).not.toMatch(/admin-abcdefghijklmnopqrst|member-abcdefghijklmnopqrst/);
  });

  it('keeps the passwords in basic-auth Secrets the Cluster names', () => {
    const spec = testSpec();
    const names = projectObjectNames(spec.ref);
    expect(buildSecrets(spec, config)).toEqual([
      expect.objectContaining({
        kind: 'Secret',
        type: 'kubernetes.io/basic-auth',
        metadata: expect.objectContaining({ name: names.adminSecret }),
        stringData: { username: 'basin_admin', password: spec.adminPassword },
      }),
      expect.objectContaining({
        kind: 'Secret',
        type: 'kubernetes.io/basic-auth',
        metadata: expect.objectContaining({ name: names.memberSecret }),
        stringData: { username: config.memberRole, password: spec.postgresPassword },
      }),
    ]);
  });

  it("mounts the Vault's key from its own Secret, outside the data directory", () => {
    const spec = testSpec();
    const names = projectObjectNames(spec.ref);
    expect(buildVaultSecret(spec, config)).toMatchObject({
      type: 'Opaque',
      metadata: { name: names.vaultSecret },
      data: { key: vaultKeyMaterial(spec.vaultKey!).toString('base64') },
    });
    expect(clusterFor(config, 'micro').spec.projectedVolumeTemplate).toEqual({
      sources: [{ secret: { name: names.vaultSecret, items: [{ key: 'key', path: 'basin/vault-key', mode: 0o440 }] } }],
    });
    expect(buildVaultSecret({ ...spec, vaultKey: undefined }, config)).toBeUndefined();
  });

  it('validates every operation on a created Cluster', () => {
    const created = clusterFor(config, 'micro', '15');
    const paused = expectValidUpdate(created, hibernatePatch('pause'));
    expect(paused.metadata.annotations).toMatchObject({ [HIBERNATION_ANNOTATION]: 'on', [OPERATION_ANNOTATION]: 'pause' });
    const restored = expectValidUpdate(paused, wakePatch('restore'));
    expect(restored.metadata.annotations).toMatchObject({ [HIBERNATION_ANNOTATION]: 'off', [OPERATION_ANNOTATION]: 'restore' });
    expectValidUpdate(created, hibernatePatch('stop'));
    expectValidUpdate(paused, wakePatch('start'));
    const restarted = expectValidUpdate(created, restartPatch(AT));
    expect(restarted.metadata.annotations?.[RESTARTED_AT_ANNOTATION]).toBe('2026-03-01T03:00:00.000Z');

    for (const size of COMPUTE_SIZE_IDS) {
      const settings = instanceSettings(size);
      const resized = expectValidUpdate(created, resizePatch(settings, computeResources(size, settings, config.requestFraction)));
      expect(resized.spec.postgresql.parameters.max_connections).toBe(String(settings.max_connections));
    }
    const grown = expectValidUpdate(created, resizePatch(instanceSettings('micro'), created.spec.resources, '64Gi'));
    expect(grown.spec.storage.size).toBe('64Gi');

    const serverName = config.backups ? serverNameFor(created.metadata.name, '17', AT) : undefined;
    const upgraded = expectValidUpdate(created, upgradePatch(imageFor(config.images, '17'), serverName));
    expect(upgraded.spec.imageName).toBe(imageFor(config.images, '17'));
    expect(upgraded.spec.postgresql).toEqual(created.spec.postgresql);
    if (config.backups) expect(upgraded.spec.backup?.barmanObjectStore.serverName).toBe(serverName);
  });

  it('builds the Pooler, the daily ScheduledBackup and a Backup only as configured, each valid', () => {
    const spec = testSpec();
    const pooler = buildPooler(spec.ref, spec.settings, config);
    const scheduled = buildScheduledBackup(spec.ref, config);
    expect(pooler !== undefined).toBe(config.pooler !== undefined);
    expect(scheduled !== undefined).toBe(config.backups !== undefined);
    if (pooler) {
      expect(crdProblems(pooler)).toEqual([]);
      expect(pooler.spec).toMatchObject({
        cluster: { name: projectObjectNames(spec.ref).cluster },
        type: 'rw',
        pgbouncer: { poolMode: 'transaction' },
      });
    }
    if (scheduled) {
      expect(crdProblems(scheduled)).toEqual([]);
      expect(scheduled.spec).toMatchObject({ schedule: '0 0 3 * * *', method: 'barmanObjectStore' });
    }
    for (const kind of ['pause', 'scheduled', 'manual', 'upgrade', 'branch'] as const) {
      const backup = buildBackup(spec.ref, kind, AT, config);
      expect(crdProblems(backup)).toEqual([]);
      expect(backup.metadata.name).toBe(`basin-abcdefghijklmnopqrst-${kind}-20260301t030000z`);
    }
  });
});

describe('Kubernetes manifests of branches and backups', () => {
  const config = fullConfig();

  it("bootstraps a branch with data by recovery from the parent's object store folder", () => {
    const branch = clusterFor(config, 'micro', '17', DEFAULT_DISK, {
      kind: 'recovery',
      parentServerName: 'basin-parentparentparentpa-pg17-abc',
    });
    expect(crdProblems(branch)).toEqual([]);
    expect(webhookProblems(branch)).toEqual([]);
    expect(branch.spec.bootstrap).toMatchObject({ recovery: { source: 'parent', database: 'postgres', owner: config.memberRole } });
    expect(branch.spec.externalClusters?.[0]?.barmanObjectStore).toMatchObject({
      destinationPath: 's3://basin-backups/instances',
      serverName: 'basin-parentparentparentpa-pg17-abc',
      endpointURL: 'http://minio.storage.svc:9000',
    });
    // Its own archive is another folder: the parent's is never written to.
    expect(branch.spec.backup?.barmanObjectStore.serverName).not.toBe('basin-parentparentparentpa-pg17-abc');
  });

  it('restores one backup as it was when it ended: recovery stopped at its consistent point', () => {
    const origin = { kind: 'recovery', parentServerName: 'basin-sourcesourcesourceso-pg17-abc', backupId: '20260301T030000' } as const;
    const restored = clusterFor(config, 'micro', '17', DEFAULT_DISK, origin);
    expect(crdProblems(restored)).toEqual([]);
    expect(webhookProblems(restored)).toEqual([]);
    expect(restored.spec.bootstrap).toMatchObject({
      recovery: { source: 'parent', recoveryTarget: { backupID: '20260301T030000', targetImmediate: true } },
    });
  });

  it('recovers to a point in time from the archived WAL of the source folder', () => {
    const origin = {
      kind: 'recovery',
      parentServerName: 'basin-sourcesourcesourceso-pg17-abc',
      targetTime: '2026-12-02 06:50:01.123+00',
    } as const;
    const recovered = clusterFor(config, 'micro', '17', DEFAULT_DISK, origin);
    expect(crdProblems(recovered)).toEqual([]);
    expect(webhookProblems(recovered)).toEqual([]);
    expect(recovered.spec.bootstrap).toMatchObject({
      recovery: { source: 'parent', recoveryTarget: { targetTime: '2026-12-02 06:50:01.123+00' } },
    });
    expect(JSON.stringify(recovered.spec.bootstrap)).not.toContain('targetImmediate');
  });

  it('refuses a branch with data without an object store', () => {
    expect(() => clusterFor(plainConfig(), 'micro', '17', DEFAULT_DISK, { kind: 'recovery', parentServerName: 'x' })).toThrow(
      /BASIN_K8S_BACKUP_DESTINATION/,
    );
  });

  it("uses the pods' IAM role when no credentials Secret is named", () => {
    const cluster = clusterFor(fullConfig({ backups: { ...config.backups!, credentialsSecret: undefined } }), 'micro');
    expect(crdProblems(cluster)).toEqual([]);
    expect(cluster.spec.backup?.barmanObjectStore.s3Credentials).toEqual({ inheritFromIAMRole: true });
  });
});

describe('the validators themselves', () => {
  const cluster = clusterFor(fullConfig(), 'micro');

  it('catch a field the CRD does not have, a wrong type and a broken CEL rule', () => {
    expect(crdProblems({ ...cluster, spec: { ...cluster.spec, instance: 1 } } as never)).toEqual([expect.stringContaining('(instance)')]);
    expect(crdProblems({ ...cluster, spec: { ...cluster.spec, instances: '1' } } as never)).toEqual([
      expect.stringContaining('/spec/instances must be integer'),
    ]);
    const both = {
      ...cluster,
      spec: { ...cluster.spec, imageCatalogRef: { apiGroup: 'postgresql.cnpg.io', kind: 'ImageCatalog', name: 'pg', major: 17 } },
    };
    expect(crdProblems(both as never)).toEqual([expect.stringContaining('fails !(has(self.imageCatalogRef) && has(self.imageName))')]);
    expect(crdProblems({ ...cluster, metadata: { ...cluster.metadata, name: 'Basin_Project' } })).toEqual([
      expect.stringContaining('DNS-1123'),
    ]);
  });

  it("catch what the operator's webhook refuses", () => {
    const fixed = applyMergePatch(cluster, { spec: { postgresql: { parameters: { listen_addresses: '*' } } } });
    expect(webhookProblems(fixed)).toEqual(['fixed parameter listen_addresses']);
    const both = applyMergePatch(cluster, {
      spec: { imageName: 'ghcr.io/cloudnative-pg/postgresql:18-standard-trixie', postgresql: { parameters: { work_mem: '8MB' } } },
    });
    expect(webhookProblems(both, cluster)).toContain("can't change image name and configuration at the same time");
    const shrunk = applyMergePatch(cluster, { spec: { storage: { size: '4Gi' } } });
    expect(webhookProblems(shrunk, cluster)).toEqual(["can't shrink storage from 8Gi to 4Gi"]);
    const starved = applyMergePatch(cluster, { spec: { resources: { requests: { memory: '16Mi' } } } });
    expect(webhookProblems(starved)).toEqual(['memory request is lower than shared_buffers']);
  });
});

/** Configurations and instance specs for the Kubernetes driver's tests. */
import { instanceSettings, type ComputeSizeId } from '@basin/core';
import type { InstanceSpec, PostgresMajor } from '../../types.ts';
import { type KubernetesDriverConfig, kubernetesConfigFromEnv } from '../config.ts';

/** An install with everything on: backups to MinIO, a Pooler, storage classes per disk type. */
export function fullConfig(overrides: Partial<KubernetesDriverConfig> = {}): KubernetesDriverConfig {
  return {
    ...kubernetesConfigFromEnv({
      BASIN_K8S_NAMESPACE: 'basin-projects',
      BASIN_K8S_STORAGE_CLASS: 'gp3-csi',
      BASIN_K8S_STORAGE_CLASS_IO2: 'io2-csi',
      BASIN_K8S_POOLER: 'transaction',
      BASIN_K8S_BACKUP_DESTINATION: 's3://basin-backups/instances',
      BASIN_K8S_BACKUP_ENDPOINT: 'http://minio.storage.svc:9000',
      BASIN_K8S_BACKUP_SECRET: 'basin-backup-credentials',
    }),
    ...overrides,
  };
}

/** The defaults: no backups, no Pooler, the cluster's default StorageClass. */
export function plainConfig(overrides: Partial<KubernetesDriverConfig> = {}): KubernetesDriverConfig {
  return { ...kubernetesConfigFromEnv({}), ...overrides };
}

export function testSpec(
  ref = 'abcdefghijklmnopqrst',
  major: PostgresMajor = '17',
  size: ComputeSizeId = 'micro',
  port = 54_321,
): InstanceSpec {
  return {
    ref,
    major,
    port,
    adminPassword: `admin-${ref}`,
    postgresPassword: `member-${ref}`,
    readonlyPassword: `readonly-${ref}`,
    authenticatorPassword: `authenticator-${ref}`,
    authPassword: `auth-${ref}`,
    vaultKey: `vault-${ref}`,
    settings: instanceSettings(size),
  };
}

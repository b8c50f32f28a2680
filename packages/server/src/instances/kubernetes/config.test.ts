import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGES, instanceDriverKind, kubernetesConfigFromEnv } from './config.ts';
import { loadKubeConfig } from './kube-api.ts';

describe('the Kubernetes driver settings', () => {
  it('are off unless BASIN_INSTANCE_DRIVER=kubernetes', () => {
    expect(instanceDriverKind({})).toBe('embedded');
    expect(instanceDriverKind({ BASIN_INSTANCE_DRIVER: ' Kubernetes ' })).toBe('kubernetes');
    expect(() => instanceDriverKind({ BASIN_INSTANCE_DRIVER: 'docker' })).toThrow(/must be embedded or kubernetes/);
  });

  it('have defaults that need nothing but a cluster', () => {
    expect(kubernetesConfigFromEnv({})).toEqual({
      namespace: 'basin',
      namePrefix: 'basin-',
      images: DEFAULT_IMAGES,
      storageClasses: { gp3: undefined, io2: undefined },
      requestFraction: 1,
      memberRole: 'basin_member',
      serviceDomain: 'svc',
      pooler: undefined,
      backups: undefined,
      readyTimeoutMs: 600_000,
      pollIntervalMs: 2000,
      kubeconfig: undefined,
    });
  });

  it('read backups, pooling, storage classes and images', () => {
    const config = kubernetesConfigFromEnv({
      BASIN_K8S_BACKUP_DESTINATION: 's3://bucket/basin',
      BASIN_K8S_BACKUP_SECRET: 'backup-keys',
      BASIN_K8S_BACKUP_RETENTION: '14d',
      BASIN_K8S_POOLER: 'session',
      BASIN_K8S_STORAGE_CLASS: 'standard',
      BASIN_K8S_IMAGE_17: 'registry.local/postgresql:17.6-standard-trixie',
      BASIN_K8S_REQUEST_FRACTION: '0.25',
    });
    expect(config.backups).toEqual({
      destinationPath: 's3://bucket/basin',
      endpointURL: undefined,
      credentialsSecret: 'backup-keys',
      retentionPolicy: '14d',
      schedule: '0 0 3 * * *',
    });
    expect(config.pooler).toEqual({ poolMode: 'session', instances: 1 });
    expect(config.storageClasses).toEqual({ gp3: 'standard', io2: 'standard' });
    expect(config.images['17']).toBe('registry.local/postgresql:17.6-standard-trixie');
    expect(config.requestFraction).toBe(0.25);
  });

  it.each([
    [{ BASIN_K8S_NAMESPACE: 'Basin' }, /BASIN_K8S_NAMESPACE/],
    [{ BASIN_K8S_MEMBER_ROLE: 'postgres' }, /BASIN_K8S_MEMBER_ROLE/],
    [{ BASIN_K8S_MEMBER_ROLE: 'basin_admin' }, /BASIN_K8S_MEMBER_ROLE/],
    [{ BASIN_K8S_BACKUP_SECRET: 'keys' }, /need BASIN_K8S_BACKUP_DESTINATION/],
    [{ BASIN_K8S_BACKUP_DESTINATION: 'gs://bucket' }, /s3:\/\//],
    [{ BASIN_K8S_BACKUP_DESTINATION: 's3://b', BASIN_K8S_BACKUP_RETENTION: 'forever' }, /BASIN_K8S_BACKUP_RETENTION/],
    [{ BASIN_K8S_POOLER: 'statement' }, /BASIN_K8S_POOLER/],
    [{ BASIN_K8S_REQUEST_FRACTION: '2' }, /BASIN_K8S_REQUEST_FRACTION/],
    [{ BASIN_K8S_READY_TIMEOUT_SECONDS: '1' }, /BASIN_K8S_READY_TIMEOUT_SECONDS/],
  ])('refuse %j', (env, message) => {
    expect(() => kubernetesConfigFromEnv(env)).toThrow(message);
  });
});

describe('the kubeconfig', () => {
  it("is refused when there is none, rather than the client's localhost:8080 fallback", () => {
    expect(() => loadKubeConfig(undefined, { HOME: '/nonexistent' })).toThrow(/No Kubernetes cluster configured/);
  });

  it("is read from BASIN_K8S_KUBECONFIG's file", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'basin-kubeconfig-'));
    const file = join(dir, 'config');
    await writeFile(
      file,
      `apiVersion: v1
kind: Config
clusters: [{ name: c, cluster: { server: 'https://10.0.0.1:6443' } }]
users: [{ name: u, user: { token: t } }]
contexts: [{ name: x, context: { cluster: c, user: u, namespace: basin } }]
current-context: x
`,
    );
    try {
      expect(loadKubeConfig(file).getCurrentCluster()?.server).toBe('https://10.0.0.1:6443');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

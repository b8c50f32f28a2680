/**
 * The Kubernetes driver against a local HTTP server playing the Kubernetes API (discovery, apply,
 * merge patch, delete, and the CRD and webhook checks a real API server makes before storing), with
 * a stand-in operator that carries each change out on a real Postgres (an embedded instance
 * playing the Cluster's pod). The calls of create, pause, restore, restart, resize, upgrade and
 * remove are checked, and what the platform sees through the relay.
 */
import { DEFAULT_DISK, instanceSettings } from '@basin/core';
import getPort from 'get-port';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedDriver } from '../embedded-driver.ts';
import type { InstanceSpec } from '../types.ts';
import { readBackupReference, REFERENCE_FILE } from './backup-reference.ts';
import type { BackupManifest, ClusterDocument } from './cnpg-types.ts';
import { KubernetesDriver } from './driver.ts';
import { imageFor } from './images.ts';
import { kubeObjects } from './kube-api.ts';
import { API_VERSION, HIBERNATION_ANNOTATION, OPERATION_ANNOTATION, projectObjectNames } from './names.ts';
import type { ProjectShape } from './sizing.ts';
import { FakeKubeApi } from './test-support/fake-kube-api.ts';
import { FakeOperator } from './test-support/fake-operator.ts';
import { fullConfig, testSpec } from './test-support/fixtures.ts';

const config = fullConfig({ pollIntervalMs: 25, readyTimeoutMs: 30_000 });
const ns = config.namespace;
let root: string;
let embedded: EmbeddedDriver;
let backing: InstanceSpec;
let api: FakeKubeApi;
let operator: FakeOperator;
let driver: KubernetesDriver;
let spec: InstanceSpec;
let shape: ProjectShape = { computeSize: 'micro', disk: { ...DEFAULT_DISK } };

const cluster = (ref = spec.ref) => api.find<ClusterDocument>(API_VERSION, 'Cluster', ns, projectObjectNames(ref).cluster);

async function query(login: { user: string; password: string }, sql: string, port = spec.port): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ host: '127.0.0.1', port, database: 'postgres', ...login });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** The writes since `from`, as `METHOD kind/name (apply|merge)`. */
function writesSince(from: number): string[] {
  const all = api.writes();
  return all.slice(from);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'basin-kubernetes-'));
  await chmod(root, 0o711);
  embedded = new EmbeddedDriver({ projectsDir: join(root, 'projects') });
  spec = testSpec('abcdefghijklmnopqrst', '17', 'micro', await getPort());
  // The Cluster's pod: same passwords (the Secrets hold the spec's), its own port behind the "Service".
  backing = { ...spec, ref: 'backing', port: await getPort(), settings: instanceSettings('micro') };
  await embedded.create(backing);
  api = new FakeKubeApi();
  const url = await api.start();
  operator = new FakeOperator(api, { driver: embedded, spec: backing });
  driver = new KubernetesDriver({
    config,
    objects: kubeObjects(api.kubeConfig(url, ns)),
    serviceEndpoint: () => ({ host: '127.0.0.1', port: backing.port }),
    describeProject: async () => shape,
    loginRetryMs: 10_000,
  });
});

afterAll(async () => {
  await driver?.stopAll();
  await operator?.settle();
  await embedded?.stopAll();
  await api?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('KubernetesDriver on a fake Kubernetes API', () => {
  it('creates the Secrets, the Cluster and its companions, then the roles through the relay', async () => {
    const names = projectObjectNames(spec.ref);
    await driver.create(spec);

    expect(api.writes()).toEqual([
      `PATCH secrets/${names.adminSecret} (apply)`,
      `PATCH secrets/${names.memberSecret} (apply)`,
      `PATCH secrets/${names.vaultSecret} (apply)`,
      `PATCH clusters/${names.cluster} (apply)`,
      `PATCH scheduledbackups/${names.scheduledBackup} (apply)`,
      `PATCH poolers/${names.pooler} (apply)`,
    ]);
    const applies = api.requests.filter((r) => r.method === 'PATCH');
    expect(applies.every((r) => r.query.fieldManager === 'basin' && r.query.force === 'true')).toBe(true);
    expect(api.requests.some((r) => r.status === 422)).toBe(false);
    expect(cluster()?.spec).toMatchObject({ imageName: imageFor(config.images, '17'), storage: { size: '8Gi', storageClass: 'gp3-csi' } });

    expect(await driver.isHealthy(spec)).toBe(true);
    // A login as postgres through the relay is the members' role, which is no superuser.
    const [who] = await query(
      { user: 'postgres', password: spec.postgresPassword },
      'select current_user, (select rolsuper from pg_roles where rolname = current_user) as superuser',
    );
    expect(who).toEqual({ current_user: 'basin_member', superuser: false });
    const [owner] = await query(
      { user: 'postgres', password: spec.postgresPassword },
      `select pg_get_userbyid(datdba) as owner from pg_database where datname = 'postgres'`,
    );
    expect(owner).toEqual({ owner: 'basin_member' });
    // Members make tables the API roles and the read-only role can reach, and write policies on storage.objects.
    await query(
      { user: 'postgres', password: spec.postgresPassword },
      `create table notes (id int); insert into notes values (1);
      create policy "own files" on storage.objects for select to authenticated using (true); grant anon to authenticated`,
    );
    expect(await query({ user: 'basin_readonly', password: spec.readonlyPassword }, 'select id from notes')).toEqual([{ id: 1 }]);
    const [grants] = await query(
      { user: 'basin_admin', password: spec.adminPassword },
      `select has_table_privilege('anon', 'notes', 'select') as anon, has_table_privilege('basin_member', 'vault.decrypted_secrets', 'select') as vault`,
    );
    expect(grants).toEqual({ anon: true, vault: true });
  });

  it("tells clients the Services and the members' role by its name there; member sessions go through the relay", async () => {
    const names = projectObjectNames(spec.ref);
    const named = new KubernetesDriver({ config, objects: kubeObjects(api.kubeConfig('http://127.0.0.1:1', ns)) });
    expect(named.endpoints(spec)).toEqual({
      primary: { host: `${names.rwService}.${ns}.${config.serviceDomain}`, port: 5432 },
      pooler: { host: `${names.pooler}.${ns}.${config.serviceDomain}`, port: 5432 },
      platform: { host: '127.0.0.1', port: spec.port },
      memberRole: config.memberRole,
    });
    const who = await driver.session(spec, { user: 'postgres', password: spec.postgresPassword }, 5_000, async (client) => {
      return (await client.query<{ current_user: string }>('select current_user')).rows[0];
    });
    expect(who).toEqual({ current_user: config.memberRole });
  });

  it('pauses: a Backup to the object store first, then hibernation; the relay closes', async () => {
    const from = api.writes().length;
    const backup = await driver.pause(spec.ref);
    const names = projectObjectNames(spec.ref);
    expect(writesSince(from)).toEqual([
      `PATCH clusters/${names.cluster} (merge)`,
      `PATCH backups/${backup!.metadata.name} (apply)`,
      `PATCH clusters/${names.cluster} (merge)`,
    ]);
    expect(backup?.status?.phase).toBe('completed');
    expect(backup?.metadata.labels?.['basin.dev/backup-kind']).toBe('pause');
    expect(cluster()?.metadata.annotations).toMatchObject({ [HIBERNATION_ANNOTATION]: 'on', [OPERATION_ANNOTATION]: 'pause' });
    expect((await driver.observe(spec.ref)).status).toBe('INACTIVE');
    expect(await driver.isHealthy(spec)).toBe(false);
    expect((await driver.listBackups(spec.ref)).map((each) => [each.kind, each.phase])).toEqual([['pause', 'completed']]);
  });

  it('restores: the Cluster woken, healthy again with its data', async () => {
    const from = api.writes().length;
    await driver.start(spec);
    expect(writesSince(from)).toEqual([`PATCH clusters/${projectObjectNames(spec.ref).cluster} (merge)`]);
    expect(cluster()?.metadata.annotations).toMatchObject({ [HIBERNATION_ANNOTATION]: 'off', [OPERATION_ANNOTATION]: 'restore' });
    expect(await driver.isHealthy(spec)).toBe(true);
    expect(await query({ user: 'postgres', password: spec.postgresPassword }, 'select id from notes')).toEqual([{ id: 1 }]);
  });

  it('resizes: resources and parameters patched, done once the server runs with them', async () => {
    shape = { computeSize: 'small', disk: { ...DEFAULT_DISK, size_gb: 20 } };
    const small = { ...spec, settings: instanceSettings('small') };
    await driver.resize(small);
    expect(cluster()?.spec).toMatchObject({
      postgresql: { parameters: { shared_buffers: '64MB', max_connections: '90', work_mem: '4MB' } },
      resources: { limits: { memory: '2048Mi', cpu: '2' } },
      storage: { size: '20Gi' },
    });
    const [settings] = await query(
      { user: 'basin_admin', password: spec.adminPassword },
      `select current_setting('shared_buffers') as shared_buffers, current_setting('max_connections') as max_connections`,
    );
    expect(settings).toEqual({ shared_buffers: '64MB', max_connections: '90' });
    spec = small;
  });

  it('restarts with the restartedAt annotation, as kubectl cnpg restart does', async () => {
    const [before] = await query(
      { user: 'basin_admin', password: spec.adminPassword },
      'select pg_postmaster_start_time()::text as started',
    );
    await driver.restart(spec);
    expect(cluster()?.metadata.annotations?.['kubectl.kubernetes.io/restartedAt']).toMatch(/^\d{4}-\d\d-\d\dT/);
    const [after] = await query(
      { user: 'basin_admin', password: spec.adminPassword },
      'select pg_postmaster_start_time()::text as started',
    );
    expect(after!.started).not.toBe(before!.started);
  });

  it("reports the primary pod's CPU and memory from the metrics API", async () => {
    const pod = cluster()!.status!.currentPrimary!;
    api.put({
      apiVersion: 'metrics.k8s.io/v1beta1',
      kind: 'PodMetrics',
      metadata: { name: pod, namespace: ns },
      containers: [{ name: 'postgres', usage: { cpu: '15m', memory: '61440Ki' } }],
    });
    expect(await driver.stats(spec.ref)).toEqual({
      instance: pod,
      cpuSeconds: null,
      cpuCores: 0.015,
      ioBytes: null,
      memoryBytes: 61440 * 1024,
    });
  });

  it("backs up to the object store with a reference archive, and restores a Cluster from it up to the backup's end", async () => {
    const archive = join(root, 'backup.tar.gz');
    await mkdir(join(root, 'alongside'), { recursive: true });
    await writeFile(join(root, 'alongside', 'note.txt'), 'beside');
    await driver.backup(spec, archive, async () => [{ cwd: join(root, 'alongside'), paths: ['note.txt'] }]);
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => void entries.push(entry.path) });
    expect(entries).toEqual([REFERENCE_FILE, 'note.txt']);
    expect(await readBackupReference(archive)).toMatchObject({ serverName: 'x', backupId: '20260301T030000', major: '17' });

    await driver.restoreFromBackup(spec, archive);
    expect(cluster()?.spec?.bootstrap).toMatchObject({
      recovery: { source: 'parent', recoveryTarget: { backupID: '20260301T030000', targetImmediate: true } },
    });
    expect(cluster()?.spec?.externalClusters).toEqual([
      expect.objectContaining({ barmanObjectStore: expect.objectContaining({ serverName: 'x' }) }),
    ]);
    expect(await driver.isHealthy(spec)).toBe(true);
    await expect(driver.restoreFromBackup({ ...spec, major: '15' }, archive)).rejects.toThrow('The backup holds Postgres 17 data, not 15');
  });

  it('recovers a Cluster in place to a point in time from its own object store folder', async () => {
    const serverName = cluster()!.spec!.backup!.barmanObjectStore.serverName;
    await driver.recoverToPoint(spec, spec, 'unused.tar.gz', new Date('2026-12-02T06:50:01.123Z'));
    expect(cluster()?.spec?.bootstrap).toMatchObject({
      recovery: { source: 'parent', recoveryTarget: { targetTime: '2026-12-02 06:50:01.123+00' } },
    });
    expect(cluster()?.spec?.externalClusters).toEqual([
      expect.objectContaining({ barmanObjectStore: expect.objectContaining({ serverName }) }),
    ]);
    expect(await driver.isHealthy(spec)).toBe(true);
  });

  it('removes every object of the project, the Cluster last awaited until gone', async () => {
    const names = projectObjectNames(spec.ref);
    const backups = await driver.listBackups(spec.ref);
    const from = api.writes().length;
    await driver.remove(spec.ref);
    expect(writesSince(from)).toEqual([
      `DELETE scheduledbackups/${names.scheduledBackup}`,
      `DELETE poolers/${names.pooler}`,
      `DELETE clusters/${names.cluster}`,
      ...backups.map((backup) => `DELETE backups/${backup.name}`),
      `DELETE secrets/${names.adminSecret}`,
      `DELETE secrets/${names.memberSecret}`,
      `DELETE secrets/${names.vaultSecret}`,
    ]);
    expect([...api.objects.keys()].filter((key) => !key.startsWith('metrics'))).toEqual([]);
    expect(await driver.isHealthy(spec)).toBe(false);
    await driver.remove(spec.ref); // nothing left: a no-op
  });
});

describe('KubernetesDriver major upgrades on a fake Kubernetes API', () => {
  let old: InstanceSpec;

  beforeAll(async () => {
    shape = { computeSize: 'micro', disk: { ...DEFAULT_DISK } };
    old = { ...testSpec('upgradeupgradeupgrad', '15', 'micro', await getPort()), adminPassword: spec.adminPassword };
  });

  it("puts the previous image back when the operator's upgrade fails", async () => {
    await driver.create(old);
    operator.options = { failUpgrade: true };
    await expect(driver.upgrade(old, '17', async () => {})).rejects.toThrow(/cannot upgrade to Postgres 17.*major upgrade job failed/);
    expect(cluster(old.ref)?.spec?.imageName).toBe(imageFor(config.images, '15'));
    expect(await driver.isHealthy(old)).toBe(true);
    expect(await driver.settleUpgrade(old.ref)).toBe('15');
  });

  it("upgrades in place by an image change alone, through Basin's 8 steps", async () => {
    operator.options = {};
    const steps: string[] = [];
    const parameters = cluster(old.ref)?.spec?.postgresql;
    await driver.upgrade(old, '17', async (step) => void steps.push(step));
    expect(steps).toEqual([
      'prepare new server',
      'prepare for migration',
      'pre-upgrade checks',
      'shut down API services',
      'migrate to new database',
      'execute migration',
      'update extensions',
      'optimize database',
    ]);
    const after = cluster(old.ref)!;
    expect(after.spec?.imageName).toBe(imageFor(config.images, '17'));
    expect(after.spec?.postgresql).toEqual(parameters);
    expect(after.status?.pgDataImageInfo?.majorVersion).toBe(17);
    const backups = api.requests
      .filter((r) => r.method === 'PATCH' && r.path.includes('/backups/'))
      .map((r) => (r.body as BackupManifest).metadata.labels?.['basin.dev/backup-kind']);
    expect(backups).toContain('upgrade');
    expect(await driver.isHealthy({ ...old, major: '17' })).toBe(true);
    expect(await driver.settleUpgrade(old.ref)).toBe('17');
    await driver.remove(old.ref);
  });

  it('says when no newer major image is configured', async () => {
    expect(await driver.upgradeBlocker('15')).toBeUndefined();
    expect(await driver.upgradeBlocker('17')).toMatch(/No image of a newer Postgres major than 17/);
  });
});

/**
 * The driver against a real Kubernetes cluster with the CloudNativePG operator installed: the
 * shared InstanceDriver contract (../driver-contract.ts), then what only this driver does (the
 * Cluster's status, a rollout restart, pause with a backup). Runs only when KUBECONFIG is set (and
 * is skipped, with the reason printed, otherwise: skipped, never counted as passed). The contract's
 * backups and branches need BASIN_K8S_BACKUP_DESTINATION (an object store). The platform's connections go to `<cluster>-rw.<namespace>.svc`, so run it
 * where Services resolve (a pod in the cluster, or a machine routed into the cluster network).
 * It uses the BASIN_K8S_* settings of the README; the namespace must exist.
 *
 *   KUBECONFIG=~/.kube/config BASIN_K8S_NAMESPACE=basin-contract npx vitest run packages/server/src/instances/kubernetes/contract.test.ts
 *
 */
import getPort from 'get-port';
import { instanceSettings } from '@basin/core';
import { afterAll, describe, expect, it } from 'vitest';
import { describeDriverContract } from '../driver-contract.ts';
import { kubernetesConfigFromEnv } from './config.ts';
import { KubernetesDriver } from './driver.ts';
import { kubeObjects, loadKubeConfig } from './kube-api.ts';
import { testSpec } from './test-support/fixtures.ts';

const KUBECONFIG = process.env.KUBECONFIG;
const REASON =
  'KUBECONFIG is not set: the Kubernetes contract suite needs a cluster with the CloudNativePG operator (README, "Run Basin on a cluster")';

const newDriver = () => {
  const config = kubernetesConfigFromEnv(process.env);
  return {
    config,
    driver: new KubernetesDriver({ config, objects: kubeObjects(loadKubeConfig(config.kubeconfig)), log: (line) => console.info(line) }),
  };
};

describeDriverContract(
  'KubernetesDriver on a real cluster',
  async () => {
    const { driver } = newDriver();
    const base = `ct${Date.now().toString(36)}`;
    return {
      driver,
      spec: async (name, size) => testSpec(`${base}${name[0]}`, '17', size, await getPort()),
      close: () => driver.stopAll(),
    };
  },
  { timeoutMs: 30 * 60_000, ...(KUBECONFIG ? {} : { skipReason: REASON }) },
);

describe.skipIf(!KUBECONFIG)('KubernetesDriver on a real cluster, beyond the contract', () => {
  const { config, driver } = KUBECONFIG ? newDriver() : { config: undefined, driver: undefined };
  const ref = `contract${Date.now().toString(36)}`.slice(0, 20);
  let spec = testSpec(ref, '17', 'micro');

  afterAll(async () => {
    await driver?.remove(ref).catch(() => {});
    await driver?.stopAll();
  });

  it('creates an instance that answers through the relay', { timeout: 15 * 60_000 }, async () => {
    spec = { ...spec, port: await getPort() };
    await driver!.create(spec);
    expect(await driver!.isHealthy(spec)).toBe(true);
    expect((await driver!.observe(ref)).status).toBe('ACTIVE_HEALTHY');
  });

  it('stops (hibernates) and starts again', { timeout: 15 * 60_000 }, async () => {
    await driver!.stop(ref);
    expect(await driver!.isHealthy(spec)).toBe(false);
    expect((await driver!.observe(ref)).status).toBe('INACTIVE');
    await driver!.start(spec);
    expect(await driver!.isHealthy(spec)).toBe(true);
  });

  it('restarts and resizes', { timeout: 15 * 60_000 }, async () => {
    await driver!.restart(spec);
    spec = { ...spec, settings: instanceSettings('small') };
    await driver!.resize(spec);
    expect(await driver!.isHealthy(spec)).toBe(true);
  });

  it.skipIf(!config?.backups)('pauses with a backup to the object store, and restores', { timeout: 30 * 60_000 }, async () => {
    const backup = await driver!.pause(ref);
    expect(backup?.status?.phase).toBe('completed');
    await driver!.start(spec);
    expect(await driver!.isHealthy(spec)).toBe(true);
  });

  it('removes every object of the instance', { timeout: 15 * 60_000 }, async () => {
    await driver!.remove(ref);
    expect((await driver!.observe(ref)).status).toBe('UNKNOWN');
  });
});

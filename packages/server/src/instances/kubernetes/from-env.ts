/**
 * The composition root's entry to the Kubernetes driver: the driver BASIN_INSTANCE_DRIVER and the
 * BASIN_K8S_* settings ask for, or undefined for the embedded driver (the default).
 */
import { instanceDriverKind, kubernetesConfigFromEnv } from './config.ts';
import { KubernetesDriver, type KubernetesDriverOptions } from './driver.ts';
import { kubeObjects, loadKubeConfig } from './kube-api.ts';

export function kubernetesDriverFromEnv(
  env: NodeJS.ProcessEnv,
  options: Pick<KubernetesDriverOptions, 'describeProject' | 'log'> = {},
): KubernetesDriver | undefined {
  if (instanceDriverKind(env) !== 'kubernetes') return undefined;
  const config = kubernetesConfigFromEnv(env);
  const driver = new KubernetesDriver({ ...options, config, objects: kubeObjects(loadKubeConfig(config.kubeconfig)) });
  options.log?.(`instances run as CloudNativePG Clusters in namespace ${config.namespace}`);
  return driver;
}

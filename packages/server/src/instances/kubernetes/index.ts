export {
  KubernetesDriver,
  type InstanceEndpoints,
  type InstanceStats,
  type KubernetesBackup,
  type KubernetesDriverOptions,
} from './driver.ts';
export { kubernetesDriverFromEnv } from './from-env.ts';
export { instanceDriverKind, kubernetesConfigFromEnv, type KubernetesDriverConfig } from './config.ts';
export { observeCluster, type ObservedStatus } from './status.ts';
export type { ProjectShape } from './sizing.ts';

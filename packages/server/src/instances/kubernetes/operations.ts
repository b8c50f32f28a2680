/**
 * Lifecycle operations as JSON merge patches (RFC 7386) of a project's Cluster: the only changes
 * the driver makes to a Cluster after creating it. Each also records the operation in the
 * `basin.dev/operation` annotation, which the status mapping (status.ts) reads to tell, say, a
 * restore from a first start.
 *
 * - pause: hibernation (`cnpg.io/hibernation: on`): the operator deletes the pods, keeps the volume;
 * - restore: `cnpg.io/hibernation: off`: the pods come back on the same volume;
 * - restart: `kubectl.kubernetes.io/restartedAt`, what `kubectl cnpg restart` sets: a rollout restart;
 * - resize: resources and `postgresql.parameters` (the operator restarts the primary in place when a
 *   parameter needs it); a bigger disk grows the volume, if its StorageClass allows expansion;
 * - major upgrade: a new `imageName` of a higher major, alone (the operator refuses an image and
 *   parameters changed together), which the operator carries out in place with pg_upgrade; the
 *   backup folder moves to a new serverName with it, since the new major starts a new WAL history.
 * Which of them a start needs (new settings, size or disk, or only a wake) is startPatch's answer.
 */
import type { InstanceSettings, InstanceSpec } from '../types.ts';
import type { ClusterDocument, ResourceRequirements, StorageConfiguration } from './cnpg-types.ts';
import type { KubernetesDriverConfig } from './config.ts';
import { HIBERNATION_ANNOTATION, OPERATION_ANNOTATION, RESTARTED_AT_ANNOTATION } from './names.ts';
import { computeResources, gibibytes, postgresParameters, type ProjectShape, storageFor } from './sizing.ts';

export type Operation = 'create' | 'branch' | 'pause' | 'stop' | 'start' | 'restore' | 'restart' | 'resize' | 'upgrade';

export interface ClusterPatch {
  metadata: { annotations: Record<string, string> };
  spec?: {
    imageName?: string;
    resources?: ResourceRequirements;
    postgresql?: { parameters: Record<string, string> };
    storage?: Pick<StorageConfiguration, 'size'>;
    backup?: { barmanObjectStore: { serverName: string } };
  };
}

const annotate = (operation: Operation, extra: Record<string, string> = {}) => ({
  annotations: { [OPERATION_ANNOTATION]: operation, ...extra },
});

/** Pause (`pause`) or a stop of another operation (`stop`, e.g. the first half of a restart). */
export function hibernatePatch(operation: 'pause' | 'stop' = 'pause'): ClusterPatch {
  return { metadata: annotate(operation, { [HIBERNATION_ANNOTATION]: 'on' }) };
}

export function wakePatch(operation: 'restore' | 'start' = 'restore'): ClusterPatch {
  return { metadata: annotate(operation, { [HIBERNATION_ANNOTATION]: 'off' }) };
}

export function restartPatch(at: Date): ClusterPatch {
  return { metadata: annotate('restart', { [RESTARTED_AT_ANNOTATION]: at.toISOString() }) };
}

/**
 * A new compute size (and, when `storageSize` is given, a bigger disk). Waking is part of it: the
 * driver's start applies the settings it is given to a stopped instance, as the embedded driver does.
 */
export function resizePatch(settings: InstanceSettings, resources: ResourceRequirements, storageSize?: string): ClusterPatch {
  return {
    metadata: annotate('resize', { [HIBERNATION_ANNOTATION]: 'off' }),
    spec: {
      resources,
      postgresql: { parameters: postgresParameters(settings) },
      ...(storageSize ? { storage: { size: storageSize } } : {}),
    },
  };
}

/** The in-place major upgrade, or its undoing (the previous image back, which the operator allows while the upgrade job has not succeeded). */
export function upgradePatch(imageName: string, serverName: string | undefined): ClusterPatch {
  return {
    metadata: annotate('upgrade'),
    spec: { imageName, ...(serverName ? { backup: { barmanObjectStore: { serverName } } } : {}) },
  };
}

/**
 * The patch a start needs: new settings, size or a bigger disk (a resize), or only a wake; none
 * when the Cluster is as it should be. Without the project's `shape`, only the settings count.
 */
export function startPatch(
  spec: InstanceSpec,
  live: ClusterDocument,
  shape: ProjectShape | undefined,
  config: Pick<KubernetesDriverConfig, 'requestFraction' | 'storageClasses'>,
): ClusterPatch | undefined {
  const liveParameters = (live.spec?.postgresql as { parameters?: Record<string, string> } | undefined)?.parameters ?? {};
  const resources = shape ? computeResources(shape.computeSize, spec.settings, config.requestFraction) : undefined;
  const liveSize = gibibytes((live.spec?.storage as { size?: string } | undefined)?.size);
  const wantedSize = shape ? gibibytes(storageFor(shape.disk, config.storageClasses).size) : undefined;
  const grow = wantedSize !== undefined && liveSize !== undefined && wantedSize > liveSize ? `${wantedSize}Gi` : undefined;
  const settingsChanged = Object.entries(postgresParameters(spec.settings)).some(([key, value]) => liveParameters[key] !== value);
  const resourcesChanged = resources !== undefined && JSON.stringify(resources) !== JSON.stringify(live.spec?.resources);
  if (settingsChanged || resourcesChanged || grow) {
    return resizePatch(spec.settings, resources ?? (live.spec?.resources as NonNullable<typeof resources>), grow);
  }
  const operation = live.metadata.annotations?.[OPERATION_ANNOTATION];
  if (live.metadata.annotations?.[HIBERNATION_ANNOTATION] === 'on') return wakePatch(operation === 'pause' ? 'restore' : 'start');
  // A pause that failed after its backup: the instance serves again, and says so.
  if (operation === 'pause') return wakePatch('start');
  return undefined;
}

/** RFC 7386: what the API server makes of `target` patched with `patch` (null deletes a key). */
export function applyMergePatch<T>(target: T, patch: unknown): T {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch as T;
  const base: Record<string, unknown> =
    target !== null && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete base[key];
    else base[key] = applyMergePatch(base[key], value);
  }
  return base as T;
}

/**
 * The few Kubernetes API calls the driver makes, on @kubernetes/client-node's generic object
 * client (it finds each kind's resource path through API discovery). Applies are server-side
 * applies under the field manager `basin`; later changes are JSON merge patches.
 */
import { ApiException, KubeConfig, type KubernetesObject, KubernetesObjectApi, PatchStrategy } from '@kubernetes/client-node';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { KubeObject } from './cnpg-types.ts';

export const FIELD_MANAGER = 'basin';

export interface ObjectRef {
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
}

export interface KubeObjects {
  /** The object, or undefined when it does not exist. */
  get<T extends KubeObject>(ref: ObjectRef): Promise<T | undefined>;
  /** Creates or updates the fields Basin owns (server-side apply, conflicts forced). */
  apply<T extends KubeObject>(object: T): Promise<T>;
  /** A JSON merge patch of an existing object. */
  mergePatch<T extends KubeObject>(ref: ObjectRef, patch: object): Promise<T>;
  /** Deletes the object (its dependents in the background); false when it was not there. */
  delete(ref: ObjectRef): Promise<boolean>;
  /** The objects of a kind in the namespace matching a label selector. */
  list<T extends KubeObject>(apiVersion: string, kind: string, namespace: string, labelSelector: string): Promise<T[]>;
}

/** The kubeconfig: a file when given, else the usual places (KUBECONFIG, ~/.kube/config, the pod's service account). */
export function loadKubeConfig(file?: string, env: NodeJS.ProcessEnv = process.env): KubeConfig {
  const config = new KubeConfig();
  const home = join(env.HOME ?? homedir(), '.kube', 'config');
  if (file) config.loadFromFile(file);
  else if (env.KUBECONFIG || existsSync(home)) config.loadFromDefault();
  // In a pod: the service account's token and the API server the kubelet announces.
  else if (env.KUBERNETES_SERVICE_HOST) config.loadFromCluster();
  // (loadFromDefault would fall back to http://localhost:8080 and fail later, less clearly.)
  else throw new Error('No Kubernetes cluster configured: set KUBECONFIG (or BASIN_K8S_KUBECONFIG), or run Basin in a pod');
  if (!config.getCurrentCluster()) throw new Error('The kubeconfig names no current cluster: set its current-context');
  return config;
}

export function kubeObjects(config: KubeConfig): KubeObjects {
  const api = KubernetesObjectApi.makeApiClient(config);
  const header = (ref: ObjectRef) => ({
    apiVersion: ref.apiVersion,
    kind: ref.kind,
    metadata: { name: ref.name, namespace: ref.namespace },
  });
  return {
    async get<T extends KubeObject>(ref: ObjectRef) {
      try {
        return (await api.read(header(ref))) as unknown as T;
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw describe(error, `read ${ref.kind} ${ref.name}`);
      }
    },
    async apply<T extends KubeObject>(object: T) {
      try {
        return (await api.patch(
          object as unknown as KubernetesObject,
          undefined,
          undefined,
          FIELD_MANAGER,
          true,
          PatchStrategy.ServerSideApply,
        )) as unknown as T;
      } catch (error) {
        throw describe(error, `apply ${object.kind} ${object.metadata.name}`);
      }
    },
    async mergePatch<T extends KubeObject>(ref: ObjectRef, patch: object) {
      try {
        const body = {
          ...patch,
          ...header(ref),
          metadata: { ...((patch as { metadata?: object }).metadata ?? {}), name: ref.name, namespace: ref.namespace },
        };
        return (await api.patch(body, undefined, undefined, FIELD_MANAGER, undefined, PatchStrategy.MergePatch)) as unknown as T;
      } catch (error) {
        throw describe(error, `patch ${ref.kind} ${ref.name}`);
      }
    },
    async delete(ref: ObjectRef) {
      try {
        await api.delete(header(ref), undefined, undefined, undefined, undefined, 'Background');
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw describe(error, `delete ${ref.kind} ${ref.name}`);
      }
    },
    async list<T extends KubeObject>(apiVersion: string, kind: string, namespace: string, labelSelector: string) {
      try {
        const list = await api.list(apiVersion, kind, namespace, undefined, undefined, undefined, undefined, labelSelector);
        return list.items as unknown as T[];
      } catch (error) {
        throw describe(error, `list ${kind}`);
      }
    },
  };
}

/** The HTTP status of a failed call, when the API server answered. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiException ? error.code : undefined;
}

/**
 * The API server's own words (a Status object's message: a webhook's refusal, a schema error),
 * never the request: the Secrets' bodies hold passwords.
 */
function describe(error: unknown, what: string): Error {
  if (error instanceof ApiException) {
    const body = typeof error.body === 'string' ? safeJson(error.body) : error.body;
    const message = (body as { message?: unknown } | undefined)?.message;
    return new Error(`Kubernetes refused to ${what} (HTTP ${error.code}${typeof message === 'string' ? `: ${message}` : ''})`);
  }
  return new Error(`Could not ${what}: ${error instanceof Error ? error.message : String(error)}`);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

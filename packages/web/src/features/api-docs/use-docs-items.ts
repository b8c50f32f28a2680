import { useApiDescriptionQuery } from '../../data/pg-meta/use-api-description-query';
import { useOptionalListQuery } from '../../data/pg-meta/use-optional-list-query';
import { api } from '../../data/fetcher';
import { projectRef } from '../../data/project-path';
import type { ApiDescription } from '../../data/pg-meta/types';

export interface Bucket {
  id: string;
  name: string;
  public: boolean;
}

export interface EdgeFunction {
  slug: string;
  name: string;
}

export interface RpcFunction {
  name: string;
  args: string[];
}

const RPC_PREFIX = '/rpc/';

export function rpcFunctions(description: ApiDescription | undefined): RpcFunction[] {
  return Object.entries(description?.paths ?? {})
    .filter(([path]) => path.startsWith(RPC_PREFIX))
    .map(([path, item]) => ({
      name: path.slice(RPC_PREFIX.length),
      args: Object.keys(item.post?.parameters?.find((parameter) => parameter.in === 'body')?.schema?.properties ?? {}),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** What the docs panel lists: tables and views, functions, buckets and edge functions. */
export function useDocsItems(ref: string, { storage, functions }: { storage: boolean; functions: boolean }) {
  const description = useApiDescriptionQuery(ref);
  const buckets = useOptionalListQuery<Bucket>(
    ['projects', ref, 'buckets'],
    storage ? (signal) => api.GET('/api/platform/storage/{ref}/buckets', { path: projectRef(ref), signal }) : undefined,
  );
  const edgeFunctions = useOptionalListQuery<EdgeFunction>(
    ['projects', ref, 'edge-functions'],
    functions ? (signal) => api.GET('/api/v1/projects/{ref}/functions', { path: projectRef(ref), signal }) : undefined,
  );
  return {
    description,
    tables: Object.keys(description.data?.definitions ?? {}).sort(),
    functions: rpcFunctions(description.data),
    buckets: buckets.data ?? [],
    edgeFunctions: edgeFunctions.data ?? [],
  };
}

export type DocsItems = ReturnType<typeof useDocsItems>;

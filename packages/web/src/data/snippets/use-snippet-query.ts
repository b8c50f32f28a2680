import { useQuery } from '@tanstack/react-query';
import type { Snippet } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { snippetKeys } from './keys';

export function getSnippet(ref: string | undefined, id: string, signal?: AbortSignal): Promise<Snippet> {
  return api.GET('/api/platform/projects/{ref}/snippets/{id}', { path: { ...projectRef(ref), id }, signal });
}

export function useSnippetQuery(ref: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: snippetKeys.detail(ref, id),
    queryFn: ({ signal }) => getSnippet(ref, id ?? '', signal),
    enabled: Boolean(ref && id),
  });
}

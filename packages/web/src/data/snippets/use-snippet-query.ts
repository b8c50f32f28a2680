import { useQuery } from '@tanstack/react-query';
import type { Snippet } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';
import { snippetKeys } from './keys';

export function getSnippet(ref: string | undefined, id: string, signal?: AbortSignal): Promise<Snippet> {
  return fetcher<Snippet>(projectApiPath('platform/projects', ref, `/snippets/${encodeURIComponent(id)}`), { signal });
}

export function useSnippetQuery(ref: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: snippetKeys.detail(ref, id),
    queryFn: ({ signal }) => getSnippet(ref, id ?? '', signal),
    enabled: Boolean(ref && id),
  });
}

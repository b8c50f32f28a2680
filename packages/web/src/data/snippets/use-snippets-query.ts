import { useQuery } from '@tanstack/react-query';
import type { Snippet } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { snippetKeys } from './keys';

export function getSnippets(ref: string | undefined, signal?: AbortSignal): Promise<Snippet[]> {
  return api.GET('/api/platform/projects/{ref}/snippets', { path: projectRef(ref), signal });
}

/** The signed-in member's snippets of the project, last changed first. */
export function useSnippetsQuery(ref: string | undefined) {
  return useQuery({ queryKey: snippetKeys.list(ref), queryFn: ({ signal }) => getSnippets(ref, signal), enabled: Boolean(ref) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Snippet, UpdateSnippetBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { snippetKeys } from './keys';

export type UpdateSnippetVariables = UpdateSnippetBody & { ref: string; id: string };

export function updateSnippet({ ref, id, ...body }: UpdateSnippetVariables): Promise<Snippet> {
  return api.PATCH('/api/platform/projects/{ref}/snippets/{id}', { path: { ...projectRef(ref), id }, body });
}

/** Rename and autosave: the list moves the snippet to the top, the open one keeps its text. */
export function useUpdateSnippetMutation({ onSuccess, onError, ...options }: MutationHookOptions<Snippet, UpdateSnippetVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSnippet,
    async onSuccess(snippet, ...rest) {
      queryClient.setQueryData(snippetKeys.detail(snippet.project_ref, snippet.id), snippet);
      queryClient.setQueryData<Snippet[]>(snippetKeys.list(snippet.project_ref), (list) => [
        snippet,
        ...(list ?? []).filter((other) => other.id !== snippet.id),
      ]);
      await onSuccess?.(snippet, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to save query: ${error.message}`);
    },
    ...options,
  });
}

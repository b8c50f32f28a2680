import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Snippet } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { snippetKeys } from './keys';

export interface DeleteSnippetVariables {
  ref: string;
  id: string;
}

export function deleteSnippet({ ref, id }: DeleteSnippetVariables): Promise<Snippet> {
  return api.DELETE('/api/platform/projects/{ref}/snippets/{id}', { path: { ...projectRef(ref), id } });
}

export function useDeleteSnippetMutation({ onSuccess, onError, ...options }: MutationHookOptions<Snippet, DeleteSnippetVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSnippet,
    async onSuccess(snippet, ...rest) {
      queryClient.setQueryData<Snippet[]>(snippetKeys.list(snippet.project_ref), (list) => (list ?? []).filter((other) => other.id !== snippet.id));
      queryClient.removeQueries({ queryKey: snippetKeys.detail(snippet.project_ref, snippet.id) });
      toast.success(`Deleted ${snippet.name}`);
      await onSuccess?.(snippet, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to delete query: ${error.message}`);
    },
    ...options,
  });
}

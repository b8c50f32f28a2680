import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Snippet } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectApiPath } from '../project-path';
import { snippetKeys } from './keys';

export interface DeleteSnippetVariables {
  ref: string;
  id: string;
}

export function deleteSnippet({ ref, id }: DeleteSnippetVariables): Promise<Snippet> {
  return fetcher<Snippet>(projectApiPath('platform/projects', ref, `/snippets/${encodeURIComponent(id)}`), { method: 'DELETE' });
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

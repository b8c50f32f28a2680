import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SQL_EDITOR_MESSAGES } from '@basin/core';
import type { CreateSnippetBody, Snippet } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { snippetKeys } from './keys';

export interface CreateSnippetVariables extends CreateSnippetBody {
  ref: string;
}

export function createSnippet({ ref, ...body }: CreateSnippetVariables): Promise<Snippet> {
  return api.POST('/api/platform/projects/{ref}/snippets', { path: projectRef(ref), body });
}

export function useCreateSnippetMutation({ onSuccess, onError, ...options }: MutationHookOptions<Snippet, CreateSnippetVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSnippet,
    async onSuccess(snippet, ...rest) {
      queryClient.setQueryData(snippetKeys.detail(snippet.project_ref, snippet.id), snippet);
      queryClient.setQueryData<Snippet[]>(snippetKeys.list(snippet.project_ref), (list) => [snippet, ...(list ?? [])]);
      await onSuccess?.(snippet, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(SQL_EDITOR_MESSAGES.createFailed(error.message));
    },
    ...options,
  });
}

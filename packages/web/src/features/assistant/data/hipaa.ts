import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { api } from '../../../data/fetcher';
import { projectRef } from '../../../data/project-path';
import { assistantKeys } from './keys';

/** Whether the project holds HIPAA data: the assistant is then disallowed for it (spec part 2 §6). */
export function useProjectHipaaQuery(ref: string | undefined) {
  return useQuery({
    queryKey: assistantKeys.hipaa(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/hipaa', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
  });
}

/** Marks the project as holding HIPAA data, or not (Owners only). */
export function useUpdateProjectHipaaMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hipaa: boolean) => api.PATCH('/api/platform/projects/{ref}/hipaa', { path: projectRef(ref), body: { hipaa } }),
    onSuccess(answer) {
      queryClient.setQueryData(assistantKeys.hipaa(ref), answer);
      void queryClient.invalidateQueries({ queryKey: assistantKeys.chats(ref) });
    },
    onError(error) {
      toast.error(`Failed to update the HIPAA setting: ${error.message}`);
    },
  });
}

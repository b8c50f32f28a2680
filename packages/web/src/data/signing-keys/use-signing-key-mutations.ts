import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSigningKeyBody, SigningKey, SigningKeyStatus } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { signingKeyKeys } from './keys';

/** A change to the keys: the list is read again after it (a rotation moves two keys), with a toast either way. */
function useSigningKeyMutation<V extends { ref: string }>(call: (variables: V) => Promise<SigningKey>, done: string, failed: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    async onSuccess(_key, variables) {
      await queryClient.invalidateQueries({ queryKey: signingKeyKeys.list(variables.ref) });
      toast.success(done);
    },
    onError(error) {
      toast.error(`${failed}: ${error.message}`);
    },
  });
}

/** POST .../signing-keys: a new standby key (or one in use at once). */
export const useCreateSigningKeyMutation = () =>
  useSigningKeyMutation(
    ({ ref, body }: { ref: string; body: CreateSigningKeyBody }) =>
      api.POST('/api/platform/projects/{ref}/config/auth/signing-keys', { path: projectRef(ref), body }),
    'Created a standby key',
    'Failed to create the key',
  );

/** PATCH .../signing-keys/{id}: rotate to a key, move it back to standby, or revoke it. */
export const useUpdateSigningKeyMutation = () =>
  useSigningKeyMutation(
    ({ ref, id, status }: { ref: string; id: string; status: SigningKeyStatus }) =>
      api.PATCH('/api/platform/projects/{ref}/config/auth/signing-keys/{id}', { path: { ...projectRef(ref), id }, body: { status } }),
    'Updated the signing keys',
    'Failed to update the key',
  );

/** DELETE .../signing-keys/{id}: a revoked key. */
export const useDeleteSigningKeyMutation = () =>
  useSigningKeyMutation(
    ({ ref, id }: { ref: string; id: string }) => api.DELETE('/api/platform/projects/{ref}/config/auth/signing-keys/{id}', { path: { ...projectRef(ref), id } }),
    'Deleted the revoked key',
    'Failed to delete the key',
  );

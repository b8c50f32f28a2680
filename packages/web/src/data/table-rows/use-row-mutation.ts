import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import type { MutationHookOptions } from '../mutation-options';
import { tableRowsKeys } from './keys';
import type { TableAddress } from './rest-request';
import type { Row } from './rows-params';

/**
 * What the three row writes share: the table's pages are read again afterwards, and a refusal
 * is toasted with PostgREST's message unless the caller handles it.
 */
export function useRowMutation<TVariables extends TableAddress>(
  write: (variables: TVariables) => Promise<Row[]>,
  failed: (message: string) => string,
  { onSuccess, onError, ...options }: MutationHookOptions<Row[], TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    async onSuccess(rows, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: tableRowsKeys.table(variables.ref, variables.schema, variables.table) });
      await onSuccess?.(rows, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(failed(error.message));
    },
    ...options,
  });
}

/** PostgREST answers the written rows with `Prefer: return=representation`. */
export const RETURN_ROWS = { prefer: 'return=representation' };

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableChangeInput, TableChangeResult } from '@basin/core/schemas';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectRef } from '../project-path';
import { tableRowsKeys } from '../table-rows/keys';
import { pgMetaKeys } from './keys';

export interface TableChangeVariables {
  ref: string;
  change: TableChangeInput;
  /** Only answer the SQL (the panel's preview). */
  dryRun?: boolean;
}

export function changeTable({ ref, change, dryRun = false }: TableChangeVariables): Promise<TableChangeResult> {
  return api.POST('/api/platform/pg-meta/{ref}/table-changes', { path: projectRef(ref), body: { change, dry_run: dryRun } });
}

/**
 * A table change, or its preview. An applied one makes the project's catalog reads and rows stale;
 * errors (Postgres's refusal among them) are shown in the panel, not toasted.
 */
export function useTableChangeMutation({ onSuccess, ...options }: MutationHookOptions<TableChangeResult, TableChangeVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTable,
    async onSuccess(result, variables, ...rest) {
      if (result.applied)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: pgMetaKeys.all(variables.ref) }),
          // Rows go stale too: a truncate empties them, a column change reshapes them.
          queryClient.invalidateQueries({ queryKey: tableRowsKeys.project(variables.ref) }),
        ]);
      await onSuccess?.(result, variables, ...rest);
    },
    ...options,
  });
}

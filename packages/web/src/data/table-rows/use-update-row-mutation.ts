import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import type { MutationHookOptions } from '../mutation-options';
import { restRequest, type TableAddress } from './rest-request';
import { primaryKeyParams, type Row } from './rows-params';
import { RETURN_ROWS, useRowMutation } from './use-row-mutation';

export interface UpdateRowVariables extends TableAddress {
  primaryKey: string[];
  /** The row as it was read: its key picks it. */
  row: Row;
  /** Only the columns that change. */
  changes: Row;
}

export async function updateRow({ primaryKey, row, changes, ...address }: UpdateRowVariables): Promise<Row[]> {
  return (await restRequest<Row[]>(address, primaryKeyParams(primaryKey, [row]), { method: 'PATCH', body: changes, headers: RETURN_ROWS })).data;
}

export function useUpdateRowMutation(options: MutationHookOptions<Row[], UpdateRowVariables> = {}) {
  return useRowMutation(updateRow, TABLE_EDITOR_MESSAGES.updateFailed, options);
}

import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import type { MutationHookOptions } from '../mutation-options';
import { restRequest, type TableAddress } from './rest-request';
import { primaryKeyParams, type Row } from './rows-params';
import { RETURN_ROWS, useRowMutation } from './use-row-mutation';

export interface DeleteRowsVariables extends TableAddress {
  primaryKey: string[];
  rows: Row[];
}

/** Answers the rows deleted (their count is what the toast says). */
export async function deleteRows({ primaryKey, rows, ...address }: DeleteRowsVariables): Promise<Row[]> {
  return (await restRequest<Row[]>(address, primaryKeyParams(primaryKey, rows), { method: 'DELETE', headers: RETURN_ROWS })).data;
}

export function useDeleteRowsMutation(options: MutationHookOptions<Row[], DeleteRowsVariables> = {}) {
  return useRowMutation(deleteRows, TABLE_EDITOR_MESSAGES.deleteFailed, options);
}

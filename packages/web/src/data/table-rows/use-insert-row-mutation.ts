import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import type { MutationHookOptions } from '../mutation-options';
import { restRequest, type TableAddress } from './rest-request';
import type { Row } from './rows-params';
import { RETURN_ROWS, useRowMutation } from './use-row-mutation';

export interface InsertRowVariables extends TableAddress {
  /** Columns left out take their default. */
  values: Row;
}

export async function insertRow({ values, ...address }: InsertRowVariables): Promise<Row[]> {
  return (await restRequest<Row[]>(address, new URLSearchParams(), { method: 'POST', body: values, headers: RETURN_ROWS })).data;
}

export function useInsertRowMutation(options: MutationHookOptions<Row[], InsertRowVariables> = {}) {
  return useRowMutation(insertRow, TABLE_EDITOR_MESSAGES.insertFailed, options);
}

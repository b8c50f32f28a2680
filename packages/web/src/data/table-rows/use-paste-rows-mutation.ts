import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import type { MutationHookOptions } from '../mutation-options';
import type { TableAddress } from './rest-request';
import type { Row } from './rows-params';
import { updateRow } from './use-update-row-mutation';
import { useRowMutation } from './use-row-mutation';

export interface PasteRowsVariables extends TableAddress {
  primaryKey: string[];
  /** Each row as read (its key picks it) with the columns the paste changes. */
  updates: { row: Row; changes: Row }[];
}

/** One update per row, in order; a refusal says how many rows were written before it. */
export async function pasteRows({ updates, primaryKey, ...address }: PasteRowsVariables): Promise<Row[]> {
  const written: Row[] = [];
  for (const { row, changes } of updates) {
    try {
      written.push(...(await updateRow({ ...address, primaryKey, row, changes })));
    } catch (error) {
      const message = (error as Error).message;
      throw new Error(written.length ? TABLE_EDITOR_MESSAGES.pastePartly(written.length, updates.length, message) : message);
    }
  }
  return written;
}

export function usePasteRowsMutation(options: MutationHookOptions<Row[], PasteRowsVariables> = {}) {
  return useRowMutation(pasteRows, TABLE_EDITOR_MESSAGES.pasteFailed, options);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableImportResult } from '@basin/core/schemas';
import { pgMetaKeys } from '../pg-meta/keys';
import { tableRowsKeys } from '../table-rows/keys';
import { type ImportRefused, type ImportUpload, uploadImport } from './upload-import';

/** An import with its upload's progress; the table's rows (and, for a new table, the table list) are read again after it. */
export function useImportMutation(onProgress: (sent: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation<TableImportResult, ImportRefused, ImportUpload>({
    mutationFn: (upload) => uploadImport(upload, onProgress),
    async onSuccess(_result, { ref, schema, table, create }) {
      await queryClient.invalidateQueries({ queryKey: tableRowsKeys.table(ref, schema, table) });
      if (create) await queryClient.invalidateQueries({ queryKey: pgMetaKeys.kind(ref, 'tables') });
    },
  });
}

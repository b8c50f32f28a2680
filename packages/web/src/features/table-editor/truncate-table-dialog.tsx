import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import type { PgTable } from '@basin/core/schemas';
import { useTableChangeMutation } from '../../data/pg-meta/use-table-change-mutation';
import { toast } from '../../lib/toast';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';
import { ChangeError } from './change-preview';

interface TruncateTableDialogProps {
  projectRef: string;
  definition: PgTable;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Empties the table (every row, at once), after its name is typed. */
export function TruncateTableDialog({ projectRef, definition, open, onOpenChange }: TruncateTableDialogProps) {
  const truncate = useTableChangeMutation({
    onSuccess: () => {
      toast.success(TABLE_EDITOR_MESSAGES.tableTruncated(definition.name));
      onOpenChange(false);
    },
  });
  return (
    <TypeToConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) truncate.reset();
        onOpenChange(next);
      }}
      variant="danger"
      title={`Empty table ${definition.name}?`}
      description={`This deletes every row of ${definition.schema}.${definition.name} (truncate); the table and its structure stay. It cannot be undone.`}
      confirmLabel="Empty table"
      confirmString={definition.name}
      loading={truncate.isPending}
      onConfirm={() => truncate.mutate({ ref: projectRef, change: { kind: 'truncate', schema: definition.schema, name: definition.name } })}
    >
      <ChangeError error={truncate.error} />
    </TypeToConfirmDialog>
  );
}

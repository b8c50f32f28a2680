import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import type { PgTable } from '@basin/core/schemas';
import { useId, useState } from 'react';
import { useTableChangeMutation } from '../../data/pg-meta/use-table-change-mutation';
import { toast } from '../../lib/toast';
import { Checkbox } from '../../ui/checkbox';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ChangeError } from './change-preview';

interface DuplicateTableDialogProps {
  projectRef: string;
  definition: PgTable;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The copy was made: the page shows it. */
  onDuplicated: (name: string) => void;
}

/** A copy of the table's structure beside it, with its rows when asked. */
export function DuplicateTableDialog({ projectRef, definition, open, onOpenChange, onDuplicated }: DuplicateTableDialogProps) {
  const id = useId();
  const [name, setName] = useState(`${definition.name}_copy`);
  const [withData, setWithData] = useState(false);
  const duplicate = useTableChangeMutation({
    onSuccess: () => {
      toast.success(TABLE_EDITOR_MESSAGES.tableDuplicated(name.trim()));
      onOpenChange(false);
      onDuplicated(name.trim());
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) duplicate.reset();
        onOpenChange(next);
      }}
      title={`Duplicate table ${definition.name}`}
      description="The copy has the same columns, defaults, constraints, indexes and RLS switch; policies and triggers are not copied."
      confirmLabel="Duplicate"
      loading={duplicate.isPending}
      confirmDisabled={!name.trim()}
      onConfirm={() =>
        duplicate.mutate({
          ref: projectRef,
          change: { kind: 'duplicate', schema: definition.schema, name: definition.name, new_name: name.trim(), with_data: withData },
        })
      }
    >
      <Field id={`${id}-name`} label="Name of the copy">
        <Input {...fieldControlProps(`${id}-name`, {})} mono value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Checkbox id={`${id}-data`} label="Copy the rows too" checked={withData} onChange={(e) => setWithData(e.target.checked)} />
      <ChangeError error={duplicate.error} />
    </ConfirmDialog>
  );
}

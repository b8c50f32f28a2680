import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import type { PgTable, TableDependents } from '@basin/core/schemas';
import { useId, useState } from 'react';
import { useTableChangeMutation } from '../../data/pg-meta/use-table-change-mutation';
import { useTableDependentsQuery } from '../../data/pg-meta/use-table-dependents-query';
import { toast } from '../../lib/toast';
import { Checkbox } from '../../ui/checkbox';
import { Skeleton } from '../../ui/skeleton';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';
import { ChangeError } from './change-preview';

interface DeleteTableDialogProps {
  projectRef: string;
  definition: PgTable;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}

/** Each kind of dependent as one line: what it is, then the names. */
function dependentLines(dependents: TableDependents): string[] {
  const lines = [
    ['Views', dependents.views.map((view) => `${view.schema}.${view.name}`)],
    ['Foreign keys from', dependents.foreign_keys.map((key) => `${key.schema}.${key.table} (${key.constraint})`)],
    ['Policies', dependents.policies.map((policy) => policy.name)],
    ['Triggers', dependents.triggers.map((trigger) => trigger.name)],
  ] as const;
  return lines.filter(([, names]) => names.length).map(([label, names]) => `${label}: ${names.join(', ')}`);
}

/** Deleting a table: what depends on it, the cascade that would take those too, and the table's name typed to confirm. */
export function DeleteTableDialog({ projectRef, definition, open, onOpenChange, onDeleted }: DeleteTableDialogProps) {
  const id = useId();
  const [cascade, setCascade] = useState(false);
  const dependents = useTableDependentsQuery(projectRef, definition.schema, definition.name, open);
  const remove = useTableChangeMutation({
    onSuccess: () => {
      toast.success(TABLE_EDITOR_MESSAGES.tableDeleted(definition.name));
      onOpenChange(false);
      onDeleted();
    },
  });
  const lines = dependents.data ? dependentLines(dependents.data) : [];
  return (
    <TypeToConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) remove.reset();
        onOpenChange(next);
      }}
      variant="danger"
      title={`Delete table ${definition.name}?`}
      description={`This deletes ${definition.schema}.${definition.name} and all its rows; it cannot be undone.`}
      confirmLabel="Delete table"
      confirmString={definition.name}
      loading={remove.isPending}
      confirmDisabled={!dependents.data}
      onConfirm={() =>
        remove.mutate({ ref: projectRef, change: { kind: 'delete', schema: definition.schema, name: definition.name, cascade } })
      }
    >
      {!dependents.data ? (
        <Skeleton className="h-12" />
      ) : lines.length ? (
        <div className="flex flex-col gap-2 text-[13px]">
          <p className="font-medium">These objects depend on the table:</p>
          <ul aria-label="Dependents" className="list-disc pl-5 text-muted">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Checkbox
            id={`${id}-cascade`}
            label="Drop the table with cascade"
            description="Also deletes the views and foreign keys that depend on it; without it Postgres refuses while they exist."
            checked={cascade}
            onChange={(e) => setCascade(e.target.checked)}
          />
        </div>
      ) : (
        <p className="text-[13px] text-muted">Nothing else depends on this table.</p>
      )}
      <ChangeError error={remove.error} />
    </TypeToConfirmDialog>
  );
}

import type { PgColumn, PgRelationship } from '@basin/core/schemas';
import { type FormEvent, useId, useState } from 'react';
import type { Row } from '../../data/table-rows/rows-params';
import { Button } from '../../ui/button';
import { Sheet } from '../../ui/sheet';
import { FieldEditor } from './field-editor';
import { fieldProblems, type FieldValues, initialFields } from './row-form-values';

export interface RowEditorTarget {
  /** The row to edit; none to insert one. */
  row?: Row;
  /** The field to start in (the cell that was double-clicked). */
  column?: string;
}

interface RowEditorSheetProps {
  projectRef: string;
  columns: PgColumn[];
  /** The table's foreign keys: their fields offer the referenced rows. */
  relationships: PgRelationship[];
  target: RowEditorTarget | null;
  onClose: () => void;
  saving: boolean;
  onSave: (fields: FieldValues, row: Row | undefined) => void;
}

/** A side panel with one typed field per column: a new row (fields left alone take the default) or an edited one. */
export function RowEditorSheet({ target, onClose, ...form }: RowEditorSheetProps) {
  return (
    <Sheet open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target ? (
        <Sheet.Content side="right" title={target.row ? 'Edit row' : 'Insert row'} className="w-[28rem]">
          <RowForm key={JSON.stringify(target.row ?? null)} {...form} target={target} onCancel={onClose} />
        </Sheet.Content>
      ) : null}
    </Sheet>
  );
}

function RowForm({
  projectRef,
  columns,
  relationships,
  target,
  saving,
  onSave,
  onCancel,
}: Omit<RowEditorSheetProps, 'target' | 'onClose'> & { target: RowEditorTarget; onCancel: () => void }) {
  const id = useId();
  const [fields, setFields] = useState<FieldValues>(() => initialFields(columns, target.row));
  const [checked, setChecked] = useState(false);
  const editing = target.row !== undefined;
  const problems = fieldProblems(columns, fields);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (!Object.keys(problems).length) onSave(fields, target.row);
  }
  return (
    <form noValidate onSubmit={submit} className="flex h-full flex-col">
      <div className="flex flex-1 flex-col gap-4 overflow-y-auto p-4">
        <p className="text-xs text-muted">
          {editing ? 'Only the fields you change are written.' : 'Fields left alone take the column’s default.'}
        </p>
        {columns.map((column) => (
          <FieldEditor
            key={column.name}
            id={`${id}-${column.ordinal_position}`}
            projectRef={projectRef}
            column={column}
            relationship={relationships.find((relationship) => relationship.source_column_name === column.name)}
            value={fields[column.name]}
            onChange={(value) => setFields({ ...fields, [column.name]: value })}
            editing={editing}
            autoFocus={column.name === target.column}
            problem={checked ? problems[column.name] : undefined}
          />
        ))}
      </div>
      <div className="flex justify-end gap-2 border-t border-border px-4 py-3">
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={saving}>
          {editing ? 'Save' : 'Insert row'}
        </Button>
      </div>
    </form>
  );
}

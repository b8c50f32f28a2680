import type { PgColumn } from '@basin/core/schemas';
import { type FormEvent, useId, useState } from 'react';
import type { Row } from '../../data/table-rows/rows-params';
import { Button } from '../../ui/button';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Sheet } from '../../ui/sheet';
import { type FieldTexts, initialTexts, isWritable } from './row-form-values';

export interface RowEditorTarget {
  /** The row to edit; none to insert one. */
  row?: Row;
  /** The field to start in (the cell that was double-clicked). */
  column?: string;
}

interface RowEditorSheetProps {
  columns: PgColumn[];
  target: RowEditorTarget | null;
  onClose: () => void;
  saving: boolean;
  onSave: (texts: FieldTexts, row: Row | undefined) => void;
}

/** A side panel with one field per column: a new row (empty fields take the default) or an edited one (empty is NULL). */
export function RowEditorSheet({ columns, target, onClose, saving, onSave }: RowEditorSheetProps) {
  return (
    <Sheet open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target ? (
        <Sheet.Content side="right" title={target.row ? 'Edit row' : 'Insert row'} className="w-[28rem]">
          <RowForm
            key={JSON.stringify(target.row ?? null)}
            columns={columns}
            target={target}
            saving={saving}
            onSave={onSave}
            onCancel={onClose}
          />
        </Sheet.Content>
      ) : null}
    </Sheet>
  );
}

function placeholderOf(column: PgColumn, editing: boolean): string {
  if (!isWritable(column)) return 'Generated';
  if (editing) return 'NULL';
  if (column.default_value !== null) return `Default: ${column.default_value}`;
  if (column.is_identity) return 'Default: next identity value';
  return column.is_nullable ? 'NULL' : 'Required';
}

function RowForm({
  columns,
  target,
  saving,
  onSave,
  onCancel,
}: {
  columns: PgColumn[];
  target: RowEditorTarget;
  saving: boolean;
  onSave: RowEditorSheetProps['onSave'];
  onCancel: () => void;
}) {
  const id = useId();
  const [texts, setTexts] = useState<FieldTexts>(() => initialTexts(columns, target.row));
  const editing = target.row !== undefined;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave(texts, target.row);
  }
  return (
    <form noValidate onSubmit={submit} className="flex h-full flex-col">
      <div className="flex flex-1 flex-col gap-4 overflow-y-auto p-4">
        <p className="text-xs text-muted">
          {editing ? 'Only the fields you change are written; an empty field sets NULL.' : 'Empty fields take the column’s default.'}
        </p>
        {columns.map((column) => (
          <Field
            key={column.name}
            id={`${id}-${column.ordinal_position}`}
            label={column.name}
            description={`${column.format}${column.is_nullable ? '' : ', not null'}`}
          >
            <Input
              {...fieldControlProps(`${id}-${column.ordinal_position}`, { description: true })}
              mono
              autoFocus={column.name === target.column}
              disabled={!isWritable(column)}
              value={texts[column.name] ?? ''}
              placeholder={placeholderOf(column, editing)}
              onChange={(event) => setTexts({ ...texts, [column.name]: event.target.value })}
            />
          </Field>
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

import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import type { TableChangeInput } from '@basin/core/schemas';
import { type FormEvent, useId, useState } from 'react';
import { useColumnTypesQuery } from '../../data/pg-meta/use-column-types-query';
import { usePgMetaListQuery } from '../../data/pg-meta/use-pg-meta-list-query';
import { toast } from '../../lib/toast';
import { Alert } from '../../ui/alert';
import { Checkbox } from '../../ui/checkbox';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Sheet } from '../../ui/sheet';
import { Textarea } from '../../ui/textarea';
import { ChangeError, ChangeFooter, SqlPreview, useChangePreview } from './change-preview';
import { type ColumnDraft, columnDefinitionOf, starterColumns } from './column-drafts';
import { ColumnSuggestions } from './column-inputs';
import { ColumnsEditor } from './columns-editor';
import { type ForeignKeyDraft, foreignKeyOf } from './foreign-key-drafts';
import { ForeignKeysEditor } from './foreign-keys-editor';

interface NewTableSheetProps {
  projectRef: string;
  schema: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The table was created: the page shows it. */
  onCreated: (name: string) => void;
}

/** The side panel that creates a table: its name, description, columns, foreign keys and RLS, then its SQL before it runs. */
export function NewTableSheet({ open, onOpenChange, ...props }: NewTableSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      {open ? (
        <Sheet.Content side="right" title={`Create a new table under ${props.schema}`} className="w-[46rem]">
          <NewTableForm {...props} onClose={() => onOpenChange(false)} />
        </Sheet.Content>
      ) : null}
    </Sheet>
  );
}

function NewTableForm({
  projectRef,
  schema,
  onCreated,
  onClose,
}: Omit<NewTableSheetProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [comment, setComment] = useState('');
  const [rls, setRls] = useState(true);
  const [columns, setColumns] = useState<ColumnDraft[]>(starterColumns);
  const [foreignKeys, setForeignKeys] = useState<ForeignKeyDraft[]>([]);
  const types = useColumnTypesQuery(projectRef);
  const tables = usePgMetaListQuery(projectRef, 'tables', { included_schemas: schema, include_columns: 'true', limit: 1000, offset: 0 });
  const preview = useChangePreview(projectRef, () => {
    toast.success(TABLE_EDITOR_MESSAGES.tableCreated(name.trim()));
    onCreated(name.trim());
    onClose();
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name is required');
      return;
    }
    setNameError(undefined);
    const change: TableChangeInput = {
      kind: 'create',
      schema,
      name: name.trim(),
      comment: comment.trim() || null,
      rls_enabled: rls,
      columns: columns.map((column) => columnDefinitionOf(column, types.data ?? [])),
      foreign_keys: foreignKeys.map((foreignKey) => foreignKeyOf(foreignKey, schema)),
    };
    preview.preview(change);
  }

  return (
    <form noValidate onSubmit={submit} className="flex h-full flex-col">
      <div className="flex flex-1 flex-col gap-5 overflow-y-auto p-4">
        {preview.sql === null ? (
          <>
            <Field id={`${id}-name`} label="Name" error={nameError}>
              <Input
                {...fieldControlProps(`${id}-name`, { error: nameError })}
                mono
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoFocus
              />
            </Field>
            <Field id={`${id}-comment`} label="Description" description="Optional">
              <Textarea
                {...fieldControlProps(`${id}-comment`, { description: true })}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                rows={2}
              />
            </Field>
            <div className="flex flex-col gap-2">
              <Checkbox
                id={`${id}-rls`}
                role="switch"
                label="Enable Row Level Security (RLS)"
                description={TABLE_EDITOR_MESSAGES.rlsAdvice}
                checked={rls}
                onChange={(e) => setRls(e.target.checked)}
              />
              {rls ? null : (
                <Alert tone="warning" title="You are allowing anonymous access to your table">
                  {TABLE_EDITOR_MESSAGES.rlsOffWarning}
                </Alert>
              )}
            </div>
            <ColumnSuggestions id={id} types={types.data ?? []} />
            <ColumnsEditor listsId={id} columns={columns} onChange={setColumns} />
            <ForeignKeysEditor
              columns={columns.map((column) => column.name.trim())}
              tables={tables.data ?? []}
              foreignKeys={foreignKeys}
              onChange={setForeignKeys}
            />
          </>
        ) : (
          <SqlPreview sql={preview.sql} />
        )}
        <ChangeError error={preview.error} />
      </div>
      <ChangeFooter preview={preview} runLabel="Create table" onCancel={onClose} />
    </form>
  );
}

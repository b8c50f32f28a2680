import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import type { AlterTableActionInput, ColumnType, PgColumn, PgTable } from '@basin/core/schemas';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useColumnTypesQuery } from '../../data/pg-meta/use-column-types-query';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Sheet } from '../../ui/sheet';
import { Skeleton } from '../../ui/skeleton';
import { ChangeError, ChangeFooter, SqlPreview, useChangePreview } from './change-preview';
import { type ColumnDraft, columnChanges, columnDefinitionOf, draftOf, emptyDraft } from './column-drafts';
import { ColumnSuggestions, suggestionLists } from './column-inputs';

/** The column to edit, or none to add one. */
export interface ColumnSheetTarget {
  column?: PgColumn;
}

interface ColumnSheetProps {
  projectRef: string;
  definition: PgTable;
  target: ColumnSheetTarget | null;
  onClose: () => void;
}

/** Adds a column, or edits or drops one, each through its previewed SQL. */
export function ColumnSheet({ projectRef, definition, target, onClose }: ColumnSheetProps) {
  const types = useColumnTypesQuery(projectRef, target !== null);
  const title = target?.column ? `Edit column ${target.column.name}` : `Add a column to ${definition.name}`;
  return (
    <Sheet open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target ? (
        <Sheet.Content side="right" title={title} className="w-[32rem]">
          {types.data ? (
            <ColumnForm projectRef={projectRef} definition={definition} column={target.column} types={types.data} onClose={onClose} />
          ) : (
            <Skeleton className="m-4 h-40" />
          )}
        </Sheet.Content>
      ) : null}
    </Sheet>
  );
}

interface ColumnFormProps {
  projectRef: string;
  definition: PgTable;
  column: PgColumn | undefined;
  types: ColumnType[];
  onClose: () => void;
}

function ColumnForm({ projectRef, definition, column, types, onClose }: ColumnFormProps) {
  const id = useId();
  const lists = suggestionLists(id);
  const isKey = (name: string) => definition.primary_keys.some((key) => key.name === name);
  const [initial] = useState<ColumnDraft>(() => (column ? draftOf(column, types, isKey(column.name)) : emptyDraft()));
  const [draft, setDraft] = useState(initial);
  const [unchanged, setUnchanged] = useState(false);
  const update = (patch: Partial<ColumnDraft>) => setDraft({ ...draft, ...patch });
  const preview = useChangePreview(projectRef, () => {
    toast.success(TABLE_EDITOR_MESSAGES.tableUpdated(definition.name));
    onClose();
  });
  const alter = (actions: AlterTableActionInput[]) =>
    preview.preview({ kind: 'alter', schema: definition.schema, name: definition.name, actions });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const actions: AlterTableActionInput[] = column
      ? columnChanges(initial, draft, types)
      : [{ action: 'add_column', definition: columnDefinitionOf(draft, types) }];
    setUnchanged(!actions.length);
    if (actions.length) alter(actions);
  }

  const field = (name: string) => `${id}-${name}`;
  const typeChanged = column !== undefined && draft.type.trim() !== initial.type;
  return (
    <form noValidate onSubmit={submit} className="flex h-full flex-col">
      <div className="flex flex-1 flex-col gap-4 overflow-y-auto p-4">
        {preview.sql === null ? (
          <>
            <ColumnSuggestions id={id} types={types} />
            <Field id={field('name')} label="Name">
              <Input {...fieldControlProps(field('name'), {})} mono value={draft.name} onChange={(e) => update({ name: e.target.value })} />
            </Field>
            <Field id={field('type')} label="Type" description="Pick from the instance's types, or type to search them">
              <Input
                {...fieldControlProps(field('type'), { description: true })}
                mono
                list={lists.types}
                value={draft.type}
                onChange={(e) => update({ type: e.target.value })}
              />
            </Field>
            {typeChanged ? (
              <Field
                id={field('using')}
                label="Convert existing values with (USING)"
                description={`Optional: an expression such as ${draft.name}::${draft.type.trim()}. Without it Postgres casts the values itself, or refuses.`}
              >
                <Input
                  {...fieldControlProps(field('using'), { description: true })}
                  mono
                  value={draft.using}
                  onChange={(e) => update({ using: e.target.value })}
                />
              </Field>
            ) : null}
            <Field
              id={field('default')}
              label="Default value"
              description="A suggestion (now(), identity, …) or a literal value; empty for none"
            >
              <Input
                {...fieldControlProps(field('default'), { description: true })}
                mono
                list={lists.defaults}
                value={draft.defaultText}
                onChange={(e) => update({ defaultText: e.target.value })}
              />
            </Field>
            <Field id={field('comment')} label="Description" description="Optional">
              <Input
                {...fieldControlProps(field('comment'), { description: true })}
                value={draft.comment}
                onChange={(e) => update({ comment: e.target.value })}
              />
            </Field>
            {column ? null : (
              <Checkbox
                id={field('key')}
                label="Primary key"
                checked={draft.primaryKey}
                onChange={(e) => update({ primaryKey: e.target.checked })}
              />
            )}
            <Checkbox
              id={field('nullable')}
              label="Allow nullable"
              description="Rows may leave it empty (NULL)"
              checked={draft.nullable && !draft.primaryKey}
              disabled={draft.primaryKey}
              onChange={(e) => update({ nullable: e.target.checked })}
            />
            <Checkbox
              id={field('unique')}
              label="Is unique"
              description="No two rows may hold the same value"
              checked={draft.unique}
              onChange={(e) => update({ unique: e.target.checked })}
            />
            {unchanged ? <p className="text-xs text-muted">Nothing to save: the column is as it was.</p> : null}
            {column ? (
              <Button
                variant="danger"
                size="sm"
                className="self-start"
                onClick={() => alter([{ action: 'drop_column', column: column.name }])}
              >
                <Trash2 className="size-3.5" aria-hidden="true" />
                Delete column
              </Button>
            ) : null}
          </>
        ) : (
          <SqlPreview sql={preview.sql} />
        )}
        <ChangeError error={preview.error} />
      </div>
      <ChangeFooter preview={preview} runLabel={column ? 'Save' : 'Add column'} onCancel={onClose} />
    </form>
  );
}

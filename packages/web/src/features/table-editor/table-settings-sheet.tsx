import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import type { AlterTableActionInput, PgTable } from '@basin/core/schemas';
import { type FormEvent, useId, useState } from 'react';
import { toast } from '../../lib/toast';
import { Alert } from '../../ui/alert';
import { Checkbox } from '../../ui/checkbox';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Sheet } from '../../ui/sheet';
import { Textarea } from '../../ui/textarea';
import { ChangeError, ChangeFooter, SqlPreview, useChangePreview } from './change-preview';

interface TableSettingsSheetProps {
  projectRef: string;
  definition: PgTable;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The table's name once saved (a rename moves the page to it). */
  onSaved: (name: string) => void;
}

/** The table's name, description and row level security, changed through a previewed alter. */
export function TableSettingsSheet({ open, onOpenChange, ...props }: TableSettingsSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      {open ? (
        <Sheet.Content side="right" title={`Settings of ${props.definition.name}`} className="w-[32rem]">
          <SettingsForm {...props} onClose={() => onOpenChange(false)} />
        </Sheet.Content>
      ) : null}
    </Sheet>
  );
}

function SettingsForm({
  projectRef,
  definition,
  onSaved,
  onClose,
}: Omit<TableSettingsSheetProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const id = useId();
  const [name, setName] = useState(definition.name);
  const [comment, setComment] = useState(definition.comment ?? '');
  const [rls, setRls] = useState(definition.rls_enabled);
  const [unchanged, setUnchanged] = useState(false);
  const preview = useChangePreview(projectRef, () => {
    toast.success(TABLE_EDITOR_MESSAGES.tableUpdated(name.trim()));
    onSaved(name.trim());
    onClose();
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The rename last: the other actions name the table as it is.
    const actions: AlterTableActionInput[] = [];
    if (comment.trim() !== (definition.comment ?? '')) actions.push({ action: 'set_comment', comment: comment.trim() || null });
    if (rls !== definition.rls_enabled) actions.push({ action: 'set_rls', enabled: rls });
    if (name.trim() !== definition.name) actions.push({ action: 'rename', new_name: name.trim() });
    setUnchanged(!actions.length);
    if (actions.length) preview.preview({ kind: 'alter', schema: definition.schema, name: definition.name, actions });
  }

  return (
    <form noValidate onSubmit={submit} className="flex h-full flex-col">
      <div className="flex flex-1 flex-col gap-5 overflow-y-auto p-4">
        {preview.sql === null ? (
          <>
            <Field id={`${id}-name`} label="Name">
              <Input {...fieldControlProps(`${id}-name`, {})} mono value={name} onChange={(e) => setName(e.target.value)} />
            </Field>
            <Field id={`${id}-comment`} label="Description" description="Optional">
              <Textarea
                {...fieldControlProps(`${id}-comment`, { description: true })}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                rows={2}
              />
            </Field>
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
            {unchanged ? <p className="text-xs text-muted">Nothing to save: no setting was changed.</p> : null}
          </>
        ) : (
          <SqlPreview sql={preview.sql} />
        )}
        <ChangeError error={preview.error} />
      </div>
      <ChangeFooter preview={preview} runLabel="Save" onCancel={onClose} />
    </form>
  );
}

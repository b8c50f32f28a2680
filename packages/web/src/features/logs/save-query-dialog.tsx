import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { SAVED_QUERY_NAME_MAX } from './saved-queries';

export function savedNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the query a name';
  if (trimmed.length > SAVED_QUERY_NAME_MAX) return `The name must be at most ${SAVED_QUERY_NAME_MAX} characters`;
  return null;
}

const ID = 'save-query-name';

/** Names the query in the editor and keeps it in this browser; an existing name is overwritten. */
export function SaveQueryDialog({
  open,
  onOpenChange,
  existingNames,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  existingNames: readonly string[];
  onSave: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const replaces = existingNames.some((existing) => existing.toLowerCase() === name.trim().toLowerCase());
  const hint = replaces ? 'A saved query has this name: saving replaces its SQL.' : 'The SQL in the editor is saved.';
  const error = problem ?? undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = savedNameProblem(name);
    setProblem(found);
    if (found) return;
    onSave(name.trim());
    setName('');
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setProblem(null);
        onOpenChange(next);
      }}
    >
      <Dialog.Content title="Save query" description="Saved queries are kept in this browser, for you and this project.">
        <form onSubmit={submit} noValidate>
          <Dialog.Body>
            <Field id={ID} label="Name" description={hint} error={error}>
              <Input
                {...fieldControlProps(ID, { error, description: hint })}
                value={name}
                onChange={(event) => setName(event.target.value)}
                maxLength={SAVED_QUERY_NAME_MAX + 20}
                autoFocus
              />
            </Field>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button>Cancel</Button>
            </Dialog.Close>
            <Button type="submit" variant="primary">
              Save
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { SAVED_QUERY_NAME_MAX } from './saved-queries';

export function savedNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the query a name';
  if (trimmed.length > SAVED_QUERY_NAME_MAX) return `The name must be at most ${SAVED_QUERY_NAME_MAX} characters`;
  return null;
}

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
            <label className="flex flex-col gap-1.5 text-[13px] font-medium">
              Name
              <Input
                value={name}
                onChange={(event) => setName(event.target.value)}
                maxLength={SAVED_QUERY_NAME_MAX + 20}
                invalid={Boolean(problem)}
                aria-describedby="save-query-hint"
                autoFocus
              />
            </label>
            <p id="save-query-hint" role={problem ? 'alert' : undefined} className={problem ? 'text-xs text-danger' : 'text-xs text-muted'}>
              {problem ?? (replaces ? 'A saved query has this name: saving replaces its SQL.' : 'The SQL in the editor is saved.')}
            </p>
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

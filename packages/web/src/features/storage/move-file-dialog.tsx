import { useId, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { objectPathProblem } from './object-names';
import { useMoveObjectMutation } from './use-move-object-mutation';

/**
 * Moves or renames a file within the bucket: its full new name, checked as the browser checks
 * folder names; a taken name is the server's refusal, shown under the field.
 */
export function MoveFileDialog({
  projectRef,
  bucket,
  path,
  open,
  onOpenChange,
  onMoved,
}: {
  projectRef: string;
  bucket: string;
  /** The file's full name. */
  path: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMoved: (to: string) => void;
}) {
  const id = useId();
  const [to, setTo] = useState(path);
  const [error, setError] = useState<string>();
  const [checked, setChecked] = useState(false);
  const move = useMoveObjectMutation({
    onSuccess: (_answer, variables) => {
      onOpenChange(false);
      onMoved(variables.to);
    },
    onError: (failure) => setError(failure.message),
  });

  function submit() {
    const problem = objectPathProblem(to, path);
    setChecked(true);
    setError(problem);
    if (!problem) move.mutate({ ref: projectRef, bucket, from: path, to: to.trim() });
  }

  const name = path.split('/').pop() ?? path;
  const hint = (
    <>
      For example <span className="font-mono">reports/2026/{name}</span>
    </>
  );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !move.isPending && onOpenChange(next)}
      title={`Move ${name}`}
      description={`In ${bucket}: a new name, or a folder path before it (folders that do not exist yet are made).`}
      confirmLabel="Move"
      loading={move.isPending}
      onConfirm={submit}
    >
      <Field id={id} label="Destination path" description={hint} error={error}>
        <Input
          {...fieldControlProps(id, { error, description: hint })}
          value={to}
          onChange={(event) => {
            setTo(event.target.value);
            // Once the user has tried, the message follows the typing; the server's refusal goes with the first change.
            setError(checked ? objectPathProblem(event.target.value, path) : undefined);
          }}
          autoComplete="off"
          spellCheck={false}
          mono
        />
      </Field>
    </ConfirmDialog>
  );
}

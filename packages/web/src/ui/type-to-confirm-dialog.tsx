import { useId, useState } from 'react';
import { BLUR_VALIDATION_DELAY_MS } from '@basin/core';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { Input } from './input';

export const MISMATCH_MESSAGE = 'Value entered does not match';

export interface TypeToConfirmDialogProps extends Omit<ConfirmDialogProps, 'onConfirm'> {
  /** What the user must type: the trimmed input has to equal it exactly. */
  confirmString: string;
  /** Shown when the typed text differs; 'Value entered does not match' by default. */
  mismatchMessage?: string;
  /** Checks the dialog's other fields at the same submit; false keeps the action from running. */
  validate?: () => boolean;
  /** Runs only when the typed text matches (and `validate` passes). */
  onConfirm: () => void;
}

/**
 * The modal of every destructive action (spec part 1 §5, part 2 §2): its body, then 'Type {string}
 * to confirm.'. Submit runs the action only on a match; the error shows after a submit and is
 * checked again on blur, 100 ms late, like every form.
 */
export function TypeToConfirmDialog({
  confirmString,
  mismatchMessage = MISMATCH_MESSAGE,
  validate,
  onConfirm,
  open,
  children,
  ...dialog
}: TypeToConfirmDialogProps) {
  const inputId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);

  // Each opening starts empty.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValue('');
      setError(undefined);
      setSubmitted(false);
    }
  }

  const check = (text: string) => (text.trim() === confirmString ? undefined : mismatchMessage);

  function submit() {
    setSubmitted(true);
    const mismatch = check(value);
    setError(mismatch);
    // Both checks run, so every error of the dialog shows at once.
    const othersValid = validate ? validate() : true;
    if (!mismatch && othersValid) onConfirm();
  }

  function revalidate(text: string) {
    if (!submitted) return;
    setTimeout(() => setError(check(text)), BLUR_VALIDATION_DELAY_MS);
  }

  const errorId = `${inputId}-error`;
  return (
    <ConfirmDialog open={open} onConfirm={submit} {...dialog}>
      {children}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-[13px] text-foreground">
          Type <span className="font-mono font-medium break-all">{confirmString}</span> to confirm.
        </label>
        <Input
          id={inputId}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={(event) => revalidate(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} role="alert" className="text-xs text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}

import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { localTimeZone } from '../../lib/format-date';
import { FormField } from '../../ui/form-field';
import { formatWindowBound, recoveryTimeError, windowInputBounds, type RecoveryWindow } from './recovery-window';

/**
 * The second to recover to: the browser's date and time picker, to the second, in the browser's
 * time zone (named in the label), bounded by the window and checked against it on submit.
 */
export function RecoveryTimeField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  id,
  window,
}: {
  control: Control<TValues>;
  name: TName;
  id: string;
  window: RecoveryWindow;
}) {
  return (
    <FormField
      control={control}
      name={name}
      id={id}
      type="datetime-local"
      step={1}
      {...windowInputBounds(window)}
      label={`Date and time (${localTimeZone()})`}
      description={`Between ${formatWindowBound(window.earliestMs)} and ${formatWindowBound(window.latestMs)}.`}
      rules={{ validate: (value) => recoveryTimeError(String(value ?? ''), window) ?? true }}
    />
  );
}

import type { UseFormRegisterReturn } from 'react-hook-form';
import { withDelayedBlur } from '../../ui/delayed-blur';
import { FormField, describedBy } from '../../ui/form-field';
import { Input } from '../../ui/input';

/** The address field of the create and invite forms: focused first, its error announced. */
export function EmailField({ id, error, registration }: { id: string; error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <FormField id={id} label="Email address" error={error}>
      <Input
        id={id}
        type="email"
        autoFocus
        autoComplete="off"
        placeholder="user@example.com"
        invalid={Boolean(error)}
        aria-describedby={describedBy(id, { error })}
        {...withDelayedBlur(registration)}
      />
    </FormField>
  );
}

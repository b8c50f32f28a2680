import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormField, type FormFieldProps } from '../../ui/form-field';

/** The address field of the create and invite forms: focused first, its error announced. */
export function EmailField<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput = TValues>(
  field: Pick<FormFieldProps<TValues, TName, TOutput>, 'control' | 'name' | 'id' | 'error' | 'rules'>,
) {
  return <FormField {...field} label="Email address" type="email" autoFocus autoComplete="off" placeholder="user@example.com" />;
}

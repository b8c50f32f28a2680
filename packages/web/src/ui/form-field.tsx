import type { ReactNode } from 'react';
import {
  useController,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
import { Checkbox, type CheckboxProps } from './checkbox';
import { cn } from './cn';
import { delayedBlur } from './delayed-blur';
import { Input, type InputProps } from './input';

/** The error line under a control: announced as it appears, and named by the control's aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-error`} role="alert" className="text-xs text-danger">
      {children}
    </p>
  );
}

/** What a control needs to be linked to its field: spread it on an Input, Textarea or Select. */
export interface FieldControlProps {
  id: string;
  invalid: boolean;
  'aria-describedby': string | undefined;
}

export interface FieldDescribedBy {
  error?: string;
  description?: unknown;
  /**
   * The description stays in view with the error (a layout of its own, the description beside the
   * label): both then describe the control, the error first. Field itself shows one of the two.
   */
  descriptionStays?: boolean;
}

/** The control's props: the error, else the description, describes it (the field shows one of the two). */
export function fieldControlProps(id: string, { error, description, descriptionStays }: FieldDescribedBy): FieldControlProps {
  const described = description ? `${id}-description` : undefined;
  return {
    id,
    invalid: Boolean(error),
    'aria-describedby': error ? (descriptionStays && described ? `${id}-error ${described}` : `${id}-error`) : described,
  };
}

/** The field's label: points at the control and is itself `${id}-label` (for aria-labelledby). */
export function FieldLabel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <label id={`${id}-label`} htmlFor={id} className="text-[13px] font-medium text-foreground">
      {children}
    </label>
  );
}

/** The hint under (or beside) a control, named by its aria-describedby. */
export function FieldDescription({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-description`} className="text-xs text-muted">
      {children}
    </p>
  );
}

export interface FieldProps {
  /** The control's id; the label points at it and is itself `${id}-label` (for aria-labelledby). */
  id: string;
  label: string;
  description?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}

/**
 * Label, control, then the description or the validation error, which replaces it. The layout of
 * FormField; used alone by controls outside react-hook-form (the table editor's filters and rows).
 */
export function Field({ id, label, description, error, className, children }: FieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <FieldLabel id={id}>{label}</FieldLabel>
      {children}
      {error ? <FieldError id={id}>{error}</FieldError> : description ? <FieldDescription id={id}>{description}</FieldDescription> : null}
    </div>
  );
}

export interface UseFormFieldOptions<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput = TValues> {
  /** useForm's control; TOutput is what its resolver makes of the values. */
  control: Control<TValues, unknown, TOutput>;
  name: TName;
  rules?: UseControllerProps<TValues, TName>['rules'];
  id: string;
  description?: ReactNode;
  /** The description stays beside the error: see fieldControlProps. */
  descriptionStays?: boolean;
  /**
   * Shown when validation finds nothing: a server refusal kept in mutation state rather than in the
   * form's errors, where a late blur re-validation would erase it.
   */
  error?: string;
}

export interface FormFieldRenderProps<TValues extends FieldValues, TName extends FieldPath<TValues>> {
  /** react-hook-form's field: value, onChange, name, ref, and onBlur 100 ms late. */
  field: ControllerRenderProps<TValues, TName>;
  /** id, invalid and aria-describedby for the control. */
  props: FieldControlProps;
  /** The label's id, for controls a `<label for>` does not name (Radix Select's trigger). */
  labelId: string;
  error: string | undefined;
}

/**
 * A field on react-hook-form's controller, for layouts of their own (FormField is the usual one).
 * Blur re-validates 100 ms late (spec part 1 §5): a click on the submit button lands before an error
 * message can shift the layout under the pointer.
 */
export function useFormField<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput = TValues>({
  control,
  name,
  rules,
  id,
  description,
  descriptionStays,
  error,
}: UseFormFieldOptions<TValues, TName, TOutput>): FormFieldRenderProps<TValues, TName> {
  const { field, fieldState } = useController({ control, name, rules });
  const shown = fieldState.error?.message ?? error;
  return {
    field: { ...field, onBlur: delayedBlur(field.onBlur) },
    props: fieldControlProps(id, { error: shown, description, descriptionStays }),
    labelId: `${id}-label`,
    error: shown,
  };
}

/** A Radix Select's props from a field's render props: its trigger is a button, named by the label's id. */
export function selectProps<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  field,
  props,
  labelId,
}: FormFieldRenderProps<TValues, TName>) {
  return {
    ...props,
    labelledBy: labelId,
    value: (field.value ?? '') as string,
    onValueChange: field.onChange as (value: string) => void,
    onBlur: field.onBlur,
  };
}

/** Props of the default text Input; the field owns its value, events, id and aria. */
type DefaultInputProps = Omit<
  InputProps,
  'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'invalid' | 'aria-describedby' | 'children'
>;

/** FormField shows the description or the error, never both: descriptionStays is for layouts of their own. */
export type FormFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput = TValues> = Omit<
  UseFormFieldOptions<TValues, TName, TOutput>,
  'descriptionStays'
> &
  DefaultInputProps & {
    label: string;
    className?: string;
    /** The control, for anything but a text Input (Textarea, Select…); the Input props above are then unused. */
    render?: (props: FormFieldRenderProps<TValues, TName>) => ReactNode;
  };

/**
 * One form field: label, control and its description or error, linked by id and aria. Without
 * `render` the control is a text Input given the remaining props (type, placeholder, autoComplete…).
 */
export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput = TValues>({
  control,
  name,
  rules,
  id,
  label,
  description,
  error,
  className,
  render,
  ...input
}: FormFieldProps<TValues, TName, TOutput>) {
  const state = useFormField({ control, name, rules, id, description, error });
  const { field, props } = state;
  return (
    <Field id={id} label={label} description={description} error={state.error} className={className}>
      {render ? (
        render(state)
      ) : (
        <Input
          {...input}
          {...props}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

export type CheckboxFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput = TValues> = Pick<
  UseFormFieldOptions<TValues, TName, TOutput>,
  'control' | 'name' | 'rules'
> &
  Omit<CheckboxProps, 'name' | 'checked' | 'defaultChecked' | 'onChange' | 'onBlur' | 'ref'>;

/** A boolean field: a Checkbox (label to the right, description under it) on react-hook-form's controller. */
export function CheckboxField<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput = TValues>({
  control,
  name,
  rules,
  ...checkbox
}: CheckboxFieldProps<TValues, TName, TOutput>) {
  const { field } = useController({ control, name, rules });
  return (
    <Checkbox
      {...checkbox}
      name={field.name}
      ref={field.ref}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.target.checked)}
      onBlur={delayedBlur(field.onBlur)}
    />
  );
}

import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLUR_VALIDATION_DELAY_MS } from '@basin/core';
import {
  CheckboxField,
  FieldDescription,
  FieldError,
  FieldLabel,
  fieldControlProps,
  FormField,
  selectProps,
  useFormField,
} from './form-field';
import { Input } from './input';
import { Select } from './select';
import { Textarea } from './textarea';

interface Values {
  name: string;
  notes: string;
  size: string;
  public: boolean;
}

const required = (label: string) => ({ validate: (value: string) => (value.trim() ? true : `${label} is required`) });

function Harness({ onSubmit = vi.fn(), refusal }: { onSubmit?: (values: Values) => void; refusal?: string }) {
  const { control, handleSubmit } = useForm<Values>({
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { name: '', notes: '', size: 'small', public: false },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <FormField
        control={control}
        name="name"
        rules={required('Name')}
        id="thing-name"
        label="Name"
        description="Shown in the list."
        error={refusal}
        placeholder="my-thing"
      />
      <FormField
        control={control}
        name="notes"
        rules={required('Notes')}
        id="thing-notes"
        label="Notes"
        render={({ field, props }) => <Textarea rows={3} {...props} {...field} />}
      />
      <FormField
        control={control}
        name="size"
        id="thing-size"
        label="Size"
        render={(state) => (
          <Select {...selectProps(state)}>
            <Select.Item value="small">Small</Select.Item>
            <Select.Item value="large">Large</Select.Item>
          </Select>
        )}
      />
      <CheckboxField control={control} name="public" id="thing-public" label="Public" description="Anyone can read it." />
      <button type="submit">Save</button>
    </form>
  );
}

const describedBy = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('FormField', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('links the label to the control and the description to it', () => {
    render(<Harness />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.id).toBe('thing-name');
    expect(name.getAttribute('placeholder')).toBe('my-thing');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(name)).toBe('Shown in the list.');
    // A render prop's control gets the same wiring; a Radix Select is named through aria-labelledby.
    expect(screen.getByRole('textbox', { name: 'Notes' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('combobox', { name: 'Size' }).getAttribute('aria-labelledby')).toBe('thing-size-label');
    const checkbox = screen.getByRole('checkbox', { name: /Public/ });
    expect(describedBy(checkbox)).toBe('Anyone can read it.');
  });

  it('shows the error in place of the description, announced and linked, and focuses the first invalid field', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByRole('textbox', { name: 'Name' });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Name is required', 'Notes is required']);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toBe('Name is required');
    expect(screen.queryByText('Shown in the list.')).toBeNull();
    expect(describedBy(screen.getByRole('textbox', { name: 'Notes' }))).toBe('Notes is required');
    expect(document.activeElement).toBe(name);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits what was typed and checked', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'orders');
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'kept');
    await userEvent.click(screen.getByRole('checkbox', { name: /Public/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'orders', notes: 'kept', size: 'small', public: true });
  });

  it(`revalidates on blur ${BLUR_VALIDATION_DELAY_MS} ms late`, async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Name is required');

    vi.useFakeTimers();
    const name = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'orders' } });
    fireEvent.blur(name);
    await act(async () => vi.advanceTimersByTime(BLUR_VALIDATION_DELAY_MS - 1));
    expect(screen.queryByText('Name is required')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(describedBy(name)).toBe('Shown in the list.');
  });

  it('shows an error given from outside (a server refusal) while validation finds none', () => {
    render(<Harness refusal="A thing with this name already exists" />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('alert').textContent).toBe('A thing with this name already exists');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toBe('A thing with this name already exists');
  });
});

/** A layout of its own: the description beside the label stays in view with the error, so both describe the box. */
function BesideHarness() {
  const { control, handleSubmit } = useForm<Values>({
    mode: 'onSubmit',
    defaultValues: { name: '', notes: '', size: 'small', public: false },
  });
  const { field, props, error } = useFormField({
    control,
    name: 'name',
    rules: required('Name'),
    id: 'thing-name',
    description: 'Shown in the list.',
    descriptionStays: true,
  });
  return (
    <form noValidate onSubmit={handleSubmit(vi.fn())}>
      <FieldLabel id="thing-name">Name</FieldLabel>
      <FieldDescription id="thing-name">Shown in the list.</FieldDescription>
      <Input {...props} {...field} />
      {error ? <FieldError id="thing-name">{error}</FieldError> : null}
      <button type="submit">Save</button>
    </form>
  );
}

describe('a field whose description stays beside the error', () => {
  it('is described by the error and the description', async () => {
    render(<BesideHarness />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(document.getElementById('thing-name-label')?.textContent).toBe('Name');
    expect(name.getAttribute('aria-describedby')).toBe('thing-name-description');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name is required');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('thing-name-error thing-name-description');
    expect(screen.getByText('Shown in the list.')).toBeTruthy();
  });

  it('names only the error when there is no description, and only the error without descriptionStays', () => {
    expect(fieldControlProps('x', { error: 'Bad', descriptionStays: true })['aria-describedby']).toBe('x-error');
    expect(fieldControlProps('x', { error: 'Bad', description: 'Hint' })['aria-describedby']).toBe('x-error');
    expect(fieldControlProps('x', { description: 'Hint', descriptionStays: true })['aria-describedby']).toBe('x-description');
  });
});

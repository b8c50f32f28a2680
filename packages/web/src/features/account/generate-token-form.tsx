import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { CreatedAccessToken } from '@basin/core/schemas';
import { useCreateAccessTokenMutation } from '../../data/access-tokens/use-create-access-token-mutation';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { delayedBlur, withDelayedBlur } from '../../ui/delayed-blur';
import { Dialog } from '../../ui/dialog';
import { FormField, describedBy } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { DEFAULT_EXPIRY, EXPIRY_OPTIONS, GenerateTokenFormValues, toCreateBody } from './generate-token-schema';

const resolver = zodResolver(GenerateTokenFormValues);

/** Name and expiry of a new token; the server's refusal shows above the buttons. */
export function GenerateTokenForm({ onCreated, onCancel }: { onCreated: (token: CreatedAccessToken) => void; onCancel: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GenerateTokenFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { name: '', expiry: DEFAULT_EXPIRY },
  });
  const create = useCreateAccessTokenMutation({
    onSuccess: onCreated,
    onError: (error) => setError(/name/i.test(error.message) ? 'name' : 'root', { message: error.message }),
  });
  const submit = handleSubmit((values) => create.mutate(toCreateBody(values)));
  const nameError = errors.name?.message;
  const nameDescription = 'What uses it, e.g. "Laptop CLI" or "GitHub Actions deploy".';

  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <FormField id="token-name" label="Name" error={nameError} description={nameDescription}>
          <Input
            id="token-name"
            autoFocus
            autoComplete="off"
            placeholder="Laptop CLI"
            invalid={Boolean(nameError)}
            aria-describedby={describedBy('token-name', { error: nameError, description: nameDescription })}
            {...withDelayedBlur(register('name'))}
          />
        </FormField>
        <FormField id="token-expiry" labelId="token-expiry-label" label="Expires after" error={errors.expiry?.message}>
          <Controller
            control={control}
            name="expiry"
            render={({ field }) => (
              <Select
                id="token-expiry"
                labelledBy="token-expiry-label"
                value={field.value}
                onValueChange={field.onChange}
                onBlur={delayedBlur(field.onBlur)}
              >
                {EXPIRY_OPTIONS.map((option) => (
                  <Select.Item key={option.value} value={option.value}>
                    {option.label}
                  </Select.Item>
                ))}
              </Select>
            )}
          />
        </FormField>
        {errors.root?.message ? (
          <Alert tone="danger" title="The token was not generated">
            {errors.root.message}
          </Alert>
        ) : null}
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" loading={create.isPending}>
          Generate token
        </Button>
      </Dialog.Footer>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { CreatedAccessToken } from '@basin/core/schemas';
import { useCreateAccessTokenMutation } from '../../data/access-tokens/use-create-access-token-mutation';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField, selectProps } from '../../ui/form-field';
import { Select } from '../../ui/select';
import { DEFAULT_EXPIRY, EXPIRY_OPTIONS, GenerateTokenFormValues, toCreateBody } from './generate-token-schema';

const resolver = zodResolver(GenerateTokenFormValues);

/** Name and expiry of a new token; the server's refusal shows above the buttons. */
export function GenerateTokenForm({ onCreated, onCancel }: { onCreated: (token: CreatedAccessToken) => void; onCancel: () => void }) {
  const {
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

  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <FormField
          control={control}
          name="name"
          id="token-name"
          label="Name"
          description='What uses it, e.g. "Laptop CLI" or "GitHub Actions deploy".'
          autoFocus
          autoComplete="off"
          placeholder="Laptop CLI"
        />
        <FormField
          control={control}
          name="expiry"
          id="token-expiry"
          label="Expires after"
          render={(state) => (
            <Select {...selectProps(state)}>
              {EXPIRY_OPTIONS.map((option) => (
                <Select.Item key={option.value} value={option.value}>
                  {option.label}
                </Select.Item>
              ))}
            </Select>
          )}
        />
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

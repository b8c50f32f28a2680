import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { VaultSecret } from '@basin/core/schemas';
import { useCreateVaultSecretMutation, useUpdateVaultSecretMutation } from '../../data/vault/use-vault-secret-mutations';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Textarea } from '../../ui/textarea';
import { createBody, type SecretForm, SecretFormSchema, secretFormDefaults, updateBody } from './secret-form';

const resolver = zodResolver(SecretFormSchema);

/** Add a secret (no `secret`) or edit one: name, description, and a new value (left empty, the stored one stays). */
export function SecretDialog({
  projectRef,
  secret,
  open,
  onOpenChange,
}: {
  projectRef: string;
  secret?: VaultSecret;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        title={secret ? `Edit secret ${secret.name ?? ''}`.trim() : 'Add new secret'}
        description={secret ? undefined : 'Stored encrypted in vault.secrets; read it in SQL from vault.decrypted_secrets.'}
      >
        {open ? (
          <SecretFormBody key={secret?.id ?? 'new'} projectRef={projectRef} secret={secret} onDone={() => onOpenChange(false)} />
        ) : null}
      </Dialog.Content>
    </Dialog>
  );
}

function SecretFormBody({ projectRef, secret, onDone }: { projectRef: string; secret?: VaultSecret; onDone: () => void }) {
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SecretForm>({ resolver, mode: 'onSubmit', reValidateMode: 'onBlur', defaultValues: secretFormDefaults(secret) });
  const onError = (error: Error) => setError(/already exists/.test(error.message) ? 'name' : 'root', { message: error.message });
  const create = useCreateVaultSecretMutation(projectRef, { onSuccess: onDone, onError });
  const update = useUpdateVaultSecretMutation(projectRef, { onSuccess: onDone, onError });
  const submit = handleSubmit((form) => {
    if (!secret) {
      if (!form.secret) return setError('secret', { message: 'Secret value is required' });
      return create.mutate(createBody(form));
    }
    const body = updateBody(form, secret);
    if (Object.keys(body).length === 0) return onDone();
    update.mutate({ id: secret.id, body });
  });

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-col">
      <Dialog.Body>
        {errors.root?.message ? <Alert tone="danger" title={errors.root.message} /> : null}
        <FormField
          control={control}
          name="name"
          id="secret-name"
          label="Name"
          description="Unique in the project: SQL finds the secret by it."
          autoComplete="off"
          spellCheck={false}
          mono
        />
        <FormField
          control={control}
          name="description"
          id="secret-description"
          label="Description"
          description="Optional: what it is for."
          autoComplete="off"
        />
        <FormField
          control={control}
          name="secret"
          id="secret-value"
          label={secret ? 'New secret value' : 'Secret value'}
          description={secret ? 'Leave it empty to keep the stored value.' : 'Encrypted before it is stored; shown again only on request.'}
          render={({ field, props }) => (
            <Textarea rows={3} autoComplete="off" spellCheck={false} className="font-mono text-xs" {...props} {...field} />
          )}
        />
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.Close asChild>
          <Button>Cancel</Button>
        </Dialog.Close>
        <Button type="submit" variant="primary" loading={create.isPending || update.isPending}>
          {secret ? 'Save secret' : 'Add secret'}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateAuthUserBody } from '@basin/core/schemas';
import { useCreateAuthUserMutation } from '../../data/auth-users/use-create-auth-user-mutation';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { CheckboxField, FormField } from '../../ui/form-field';
import { EmailField } from './email-field';

const resolver = zodResolver(CreateAuthUserBody);

/** Email, password and whether the address counts as confirmed; the server's refusal (taken address, weak password) shows above the buttons. */
export function CreateUserForm({ projectRef, onDone }: { projectRef: string; onDone: () => void }) {
  const { control, handleSubmit } = useForm<z.input<typeof CreateAuthUserBody>, unknown, z.output<typeof CreateAuthUserBody>>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { email: '', password: '', autoConfirm: true },
  });
  // The server's refusal stays in the mutation, not in the form's errors: a field's late blur
  // re-validation would otherwise erase it. Editing a field dismisses it.
  const createUser = useCreateAuthUserMutation({ onSuccess: onDone, onError: () => undefined });
  const dismissRefusal = { onChange: () => createUser.reset() };
  const refusal = createUser.error?.message;
  const refusalField =
    refusal === undefined ? undefined : /password/i.test(refusal) ? 'password' : /email|address/i.test(refusal) ? 'email' : 'root';
  const submit = handleSubmit((body) => createUser.mutate({ ref: projectRef, ...body }));

  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <EmailField
          control={control}
          name="email"
          rules={dismissRefusal}
          id="create-user-email"
          error={refusalField === 'email' ? refusal : undefined}
        />
        <FormField
          control={control}
          name="password"
          rules={dismissRefusal}
          id="create-user-password"
          label="User password"
          error={refusalField === 'password' ? refusal : undefined}
          description="The project's password rules apply (Authentication → Settings)."
          type="password"
          autoComplete="new-password"
        />
        <CheckboxField
          control={control}
          name="autoConfirm"
          id="create-user-confirm"
          label="Auto confirm user"
          description="The user can sign in at once, without following a confirmation email."
        />
        {refusalField === 'root' ? (
          <Alert tone="danger" title="The user was not created">
            {refusal}
          </Alert>
        ) : null}
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" loading={createUser.isPending}>
          Create user
        </Button>
      </Dialog.Footer>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateAuthUserBody } from '@basin/core/schemas';
import { useCreateAuthUserMutation } from '../../data/auth-users/use-create-auth-user-mutation';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { withDelayedBlur } from '../../ui/delayed-blur';
import { Dialog } from '../../ui/dialog';
import { FormField, describedBy } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { EmailField } from './email-field';

const resolver = zodResolver(CreateAuthUserBody);

/** Email, password and whether the address counts as confirmed; the server's refusal (taken address, weak password) shows above the buttons. */
export function CreateUserForm({ projectRef, onDone }: { projectRef: string; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof CreateAuthUserBody>, unknown, z.output<typeof CreateAuthUserBody>>({
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
  const emailError = errors.email?.message ?? (refusalField === 'email' ? refusal : undefined);
  const passwordError = errors.password?.message ?? (refusalField === 'password' ? refusal : undefined);

  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <EmailField id="create-user-email" error={emailError} registration={register('email', dismissRefusal)} />
        <FormField
          id="create-user-password"
          label="User password"
          error={passwordError}
          description="The project's password rules apply (Authentication → Settings)."
        >
          <Input
            id="create-user-password"
            type="password"
            autoComplete="new-password"
            invalid={Boolean(passwordError)}
            aria-describedby={describedBy('create-user-password', { error: passwordError, description: true })}
            {...withDelayedBlur(register('password', dismissRefusal))}
          />
        </FormField>
        <label htmlFor="create-user-confirm" className="flex items-start gap-2 text-[13px]">
          <input
            type="checkbox"
            id="create-user-confirm"
            className="mt-0.5 size-4 accent-[var(--color-accent)]"
            {...register('autoConfirm')}
          />
          <span>
            Auto confirm user
            <span className="block text-xs text-muted">The user can sign in at once, without following a confirmation email.</span>
          </span>
        </label>
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

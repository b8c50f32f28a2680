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
    setError,
    formState: { errors },
  } = useForm<z.input<typeof CreateAuthUserBody>, unknown, z.output<typeof CreateAuthUserBody>>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { email: '', password: '', autoConfirm: true },
  });
  const createUser = useCreateAuthUserMutation({
    onSuccess: onDone,
    // The server's refusal beside the field it is about (a weak password, a taken address), else above the buttons.
    onError: (error) =>
      setError(/password/i.test(error.message) ? 'password' : /email|address/i.test(error.message) ? 'email' : 'root', {
        message: error.message,
      }),
  });
  const submit = handleSubmit((body) => createUser.mutate({ ref: projectRef, ...body }));
  const emailError = errors.email?.message;
  const passwordError = errors.password?.message;

  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <EmailField id="create-user-email" error={emailError} registration={register('email')} />
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
            {...withDelayedBlur(register('password'))}
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
        {errors.root?.message ? (
          <Alert tone="danger" title="The user was not created">
            {errors.root.message}
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

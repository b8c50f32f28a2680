import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { AuthUserEmailBody } from '@basin/core/schemas';
import { useInviteAuthUserMutation } from '../../data/auth-users/use-invite-auth-user-mutation';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { withDelayedBlur } from '../../ui/delayed-blur';
import { Dialog } from '../../ui/dialog';
import { FormField, describedBy } from '../../ui/form-field';
import { Input } from '../../ui/input';

const resolver = zodResolver(AuthUserEmailBody);

export function InviteUserForm({ projectRef, onDone }: { projectRef: string; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AuthUserEmailBody>({ resolver, mode: 'onSubmit', reValidateMode: 'onBlur', defaultValues: { email: '' } });
  const invite = useInviteAuthUserMutation({
    onSuccess: onDone,
    onError: (error) => setError('root', { message: error.message }),
  });
  const submit = handleSubmit(({ email }) => invite.mutate({ ref: projectRef, email }));
  const emailError = errors.email?.message;
  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <FormField id="invite-user-email" label="Email address" error={emailError}>
          <Input
            id="invite-user-email"
            type="email"
            autoFocus
            autoComplete="off"
            placeholder="user@example.com"
            invalid={Boolean(emailError)}
            aria-describedby={describedBy('invite-user-email', { error: emailError })}
            {...withDelayedBlur(register('email'))}
          />
        </FormField>
        {errors.root?.message ? (
          <Alert tone="danger" title="The invitation was not sent">
            {errors.root.message}
          </Alert>
        ) : null}
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" loading={invite.isPending}>
          Invite user
        </Button>
      </Dialog.Footer>
    </form>
  );
}

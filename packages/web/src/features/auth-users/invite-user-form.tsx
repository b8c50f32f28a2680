import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { AuthUserEmailBody } from '@basin/core/schemas';
import { useInviteAuthUserMutation } from '../../data/auth-users/use-invite-auth-user-mutation';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { EmailField } from './email-field';

const resolver = zodResolver(AuthUserEmailBody);

export function InviteUserForm({ projectRef, onDone }: { projectRef: string; onDone: () => void }) {
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AuthUserEmailBody>({ resolver, mode: 'onSubmit', reValidateMode: 'onBlur', defaultValues: { email: '' } });
  const invite = useInviteAuthUserMutation({
    onSuccess: onDone,
    onError: (error) => setError('root', { message: error.message }),
  });
  const submit = handleSubmit(({ email }) => invite.mutate({ ref: projectRef, email }));
  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <EmailField control={control} name="email" id="invite-user-email" />
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

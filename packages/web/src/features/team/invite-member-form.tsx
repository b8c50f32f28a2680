import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { Role } from '@basin/core';
import { InviteMemberBody } from '@basin/core/schemas';
import { useInviteMemberMutation } from '../../data/members/use-invite-member-mutation';
import { Button } from '../../ui/button';
import { delayedBlur, withDelayedBlur } from '../../ui/delayed-blur';
import { Dialog } from '../../ui/dialog';
import { FormField, describedBy } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';

const resolver = zodResolver(InviteMemberBody);

export function InviteMemberForm({ slug, roles, onDone }: { slug: string; roles: Role[]; onDone: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<InviteMemberBody>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { email: '', role: roles.includes('Developer') ? 'Developer' : (roles[roles.length - 1] ?? 'Read-only') },
  });
  const inviteMember = useInviteMemberMutation({ onSuccess: onDone });
  const submit = handleSubmit((body) => inviteMember.mutate({ slug, ...body }));
  const emailError = errors.email?.message;

  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <FormField id="invite-email" label="Email" error={emailError}>
          <Input
            id="invite-email"
            type="email"
            autoFocus
            autoComplete="off"
            placeholder="teammate@example.com"
            invalid={Boolean(emailError)}
            aria-describedby={describedBy('invite-email', { error: emailError })}
            {...withDelayedBlur(register('email'))}
          />
        </FormField>
        <FormField id="invite-role" labelId="invite-role-label" label="Role" error={errors.role?.message}>
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Select
                id="invite-role"
                labelledBy="invite-role-label"
                value={field.value ?? ''}
                onValueChange={field.onChange}
                onBlur={delayedBlur(field.onBlur)}
              >
                {roles.map((role) => (
                  <Select.Item key={role} value={role}>
                    {role}
                  </Select.Item>
                ))}
              </Select>
            )}
          />
        </FormField>
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" loading={inviteMember.isPending}>
          Send invitation
        </Button>
      </Dialog.Footer>
    </form>
  );
}

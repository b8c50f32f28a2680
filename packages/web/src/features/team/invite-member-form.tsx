import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { Role } from '@basin/core';
import { InviteMemberBody } from '@basin/core/schemas';
import { useInviteMemberMutation } from '../../data/members/use-invite-member-mutation';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField, selectProps } from '../../ui/form-field';
import { Select } from '../../ui/select';

const resolver = zodResolver(InviteMemberBody);

export function InviteMemberForm({ slug, roles, onDone }: { slug: string; roles: Role[]; onDone: () => void }) {
  const { control, handleSubmit } = useForm<InviteMemberBody>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { email: '', role: roles.includes('Developer') ? 'Developer' : (roles[roles.length - 1] ?? 'Read-only') },
  });
  const inviteMember = useInviteMemberMutation({ onSuccess: onDone });
  const submit = handleSubmit((body) => inviteMember.mutate({ slug, ...body }));

  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <FormField
          control={control}
          name="email"
          id="invite-email"
          label="Email"
          type="email"
          autoFocus
          autoComplete="off"
          placeholder="teammate@example.com"
        />
        <FormField
          control={control}
          name="role"
          id="invite-role"
          label="Role"
          render={(state) => (
            <Select {...selectProps(state)}>
              {roles.map((role) => (
                <Select.Item key={role} value={role}>
                  {role}
                </Select.Item>
              ))}
            </Select>
          )}
        />
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

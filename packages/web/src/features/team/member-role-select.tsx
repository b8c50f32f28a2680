import type { Role } from '@basin/core';
import type { Member } from '@basin/core/schemas';
import { useUpdateMemberMutation } from '../../data/members/use-update-member-mutation';
import { Select } from '../../ui/select';
import { Tooltip } from '../../ui/tooltip';

export function MemberRoleSelect({
  slug,
  member,
  roles,
  disabled,
  reason,
}: {
  slug: string;
  member: Member;
  roles: Role[];
  disabled: boolean;
  reason: string | undefined;
}) {
  const updateMember = useUpdateMemberMutation();
  // The current role stays listed so the trigger can show it.
  const options = roles.includes(member.role) ? roles : [member.role, ...roles];
  return (
    <Tooltip content={disabled ? reason : null} wrapDisabled>
      <Select
        ariaLabel={`Role of ${member.email}`}
        value={member.role}
        disabled={disabled || updateMember.isPending}
        fullWidth={false}
        className="w-40"
        onValueChange={(value) => {
          const role = options.find((option) => option === value);
          if (role && role !== member.role) updateMember.mutate({ slug, userId: member.user_id, role });
        }}
      >
        {options.map((role) => (
          <Select.Item key={role} value={role}>
            {role}
          </Select.Item>
        ))}
      </Select>
    </Tooltip>
  );
}

import { useNavigate } from 'react-router';
import type { Role } from '@basin/core';
import type { Member } from '@basin/core/schemas';
import { Badge } from '../../ui/badge';
import { MemberRoleSelect } from './member-role-select';
import { RemoveMemberDialog } from './remove-member-dialog';
import { memberControls } from './team-rules';

export function MembersTable({
  slug,
  organizationName,
  members,
  actorRole,
  currentUserId,
}: {
  slug: string;
  organizationName: string;
  members: Member[];
  actorRole: Role | undefined;
  currentUserId: string | undefined;
}) {
  const navigate = useNavigate();
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-left text-[13px]">
        <thead className="border-b border-border bg-surface-muted text-xs text-muted">
          <tr>
            <th className="px-4 py-2 font-medium">Member</th>
            <th className="px-4 py-2 font-medium">Role</th>
            <th className="px-4 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const controls = memberControls(actorRole, member, members);
            const isSelf = member.user_id === currentUserId;
            return (
              <tr key={member.user_id} className="border-b border-border last:border-b-0">
                <td className="px-4 py-2.5">
                  <div className="flex items-center gap-2">
                    <span className="font-medium">{member.username}</span>
                    {isSelf ? <Badge tone="info">You</Badge> : null}
                  </div>
                  <div className="text-xs text-muted">{member.email}</div>
                </td>
                <td className="px-4 py-2.5">
                  <MemberRoleSelect
                    slug={slug}
                    member={member}
                    roles={controls.roles}
                    disabled={!controls.canChangeRole}
                    reason={controls.reason}
                  />
                </td>
                <td className="px-4 py-2.5 text-right">
                  {controls.showRemove ? (
                    <RemoveMemberDialog
                      slug={slug}
                      organizationName={organizationName}
                      member={member}
                      isSelf={isSelf}
                      disabled={!controls.canRemove}
                      reason={controls.reason}
                      onRemovedSelf={() => navigate('/organizations', { replace: true })}
                    />
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

import { useNavigate } from 'react-router';
import type { Role } from '@basin/core';
import type { Member } from '@basin/core/schemas';
import { Badge } from '../../ui/badge';
import { DataRow, DataTable } from '../../ui/data-table';
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
    <DataTable columns={['Member', 'Role']} actions>
      {members.map((member) => {
        const controls = memberControls(actorRole, member, members);
        const isSelf = member.user_id === currentUserId;
        return (
          <DataRow key={member.user_id}>
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
          </DataRow>
        );
      })}
    </DataTable>
  );
}

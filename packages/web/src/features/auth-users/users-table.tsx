import type { AuthUser } from '@basin/core/schemas';
import { formatDateTime } from '../../lib/format-date';
import { Badge } from '../../ui/badge';
import { DataRow, DataTable } from '../../ui/data-table';
import { Tooltip } from '../../ui/tooltip';
import { UserActionsMenu } from './user-actions-menu';
import { userBadges, userLabel, userProviders } from './user-status';

const COLUMNS = ['User', 'Phone', 'Providers', 'Created', 'Last sign in', 'Status'];

/** One page of users; the user's name opens its details. */
export function UsersTable({
  projectRef,
  users,
  canWrite,
  onOpen,
  onDeleted,
}: {
  projectRef: string;
  users: AuthUser[];
  canWrite: boolean;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
}) {
  return (
    <DataTable columns={COLUMNS} actions>
      {users.map((user) => {
        const badges = userBadges(user);
        return (
          <DataRow key={user.id} className="hover:bg-surface-muted">
            <td className="max-w-72 px-4 py-2">
              <button
                type="button"
                className="block max-w-full truncate rounded-sm text-left font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                onClick={() => onOpen(user.id)}
              >
                {user.email || (user.is_anonymous ? 'Anonymous user' : userLabel(user))}
              </button>
              <div className="truncate font-mono text-[11px] text-subtle">{user.id}</div>
            </td>
            <td className="px-4 py-2 whitespace-nowrap text-muted">{user.phone || '—'}</td>
            <td className="px-4 py-2">
              <div className="flex flex-wrap gap-1">
                {userProviders(user).map((provider) => (
                  <Badge key={provider}>{provider}</Badge>
                ))}
              </div>
            </td>
            <td className="px-4 py-2 whitespace-nowrap text-muted">{formatDateTime(user.created_at)}</td>
            <td className="px-4 py-2 whitespace-nowrap text-muted">
              {user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never'}
            </td>
            <td className="px-4 py-2">
              <div className="flex flex-wrap gap-1">
                {badges.length === 0 ? <span className="text-xs text-muted">Active</span> : null}
                {badges.map((badge) => (
                  <Tooltip key={badge.label} content={badge.title}>
                    <span tabIndex={0} className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                      <Badge tone={badge.tone}>{badge.label}</Badge>
                    </span>
                  </Tooltip>
                ))}
              </div>
            </td>
            <td className="px-2 py-2 text-right">
              <UserActionsMenu
                projectRef={projectRef}
                user={user}
                canWrite={canWrite}
                onView={() => onOpen(user.id)}
                onDeleted={() => onDeleted(user.id)}
              />
            </td>
          </DataRow>
        );
      })}
    </DataTable>
  );
}

import {
  Archive,
  Blocks,
  ChartNoAxesColumn,
  CircleGauge,
  DatabaseBackup,
  GitBranch,
  HardDrive,
  House,
  KeyRound,
  KeySquare,
  Lightbulb,
  LockKeyhole,
  Link2,
  ListTree,
  Inbox,
  Mail,
  PanelLeftClose,
  PanelLeftOpen,
  Puzzle,
  Radio,
  ScrollText,
  Settings,
  Server,
  ShieldCheck,
  SquareFunction,
  SquareTerminal,
  SlidersHorizontal,
  Table2,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../ui/cn';
import { Tooltip } from '../../ui/tooltip';

interface MenuItem {
  label: string;
  path: string;
  icon: LucideIcon;
  end?: boolean;
  /** A deeper page with its own entry: this one is not highlighted there. */
  notUnder?: string;
}

interface MenuSection {
  heading?: string;
  items: MenuItem[];
}

/** Only areas that exist are linked; later areas add their entries here. */
const SECTIONS: MenuSection[] = [
  { items: [{ label: 'Home', path: '', icon: House, end: true }] },
  {
    items: [
      { label: 'SQL Editor', path: '/sql', icon: SquareTerminal },
      { label: 'Advisors', path: '/advisors', icon: Lightbulb },
      { label: 'Reports', path: '/reports', icon: ChartNoAxesColumn },
      { label: 'Branches', path: '/branches', icon: GitBranch },
    ],
  },
  {
    heading: 'Database',
    items: [
      { label: 'Tables', path: '/editor', icon: Table2 },
      { label: 'Indexes', path: '/database/indexes', icon: ListTree },
      { label: 'Functions', path: '/database/functions', icon: SquareFunction },
      { label: 'Extensions', path: '/database/extensions', icon: Blocks },
      { label: 'Backups', path: '/database/backups', icon: DatabaseBackup },
      { label: 'Settings', path: '/database/settings', icon: SlidersHorizontal },
    ],
  },
  {
    heading: 'Authentication',
    items: [
      { label: 'Users', path: '/auth/users', icon: Users },
      { label: 'Policies', path: '/auth/policies', icon: ShieldCheck },
      { label: 'Settings', path: '/auth/providers', icon: KeyRound },
      { label: 'URL Configuration', path: '/auth/url-configuration', icon: Link2 },
      { label: 'Emails', path: '/auth/templates', icon: Mail },
      { label: 'Mailbox', path: '/auth/mailbox', icon: Inbox },
    ],
  },
  {
    heading: 'Storage',
    items: [
      { label: 'Buckets', path: '/storage/buckets', icon: Archive },
      { label: 'Storage Settings', path: '/storage/settings', icon: SlidersHorizontal },
    ],
  },
  {
    heading: 'Realtime',
    items: [
      { label: 'Inspector', path: '/realtime/inspector', icon: Radio },
      { label: 'Settings', path: '/realtime/settings', icon: SlidersHorizontal },
    ],
  },
  {
    heading: 'Edge Functions',
    items: [
      { label: 'Edge Functions', path: '/functions', icon: Zap, notUnder: '/functions/secrets' },
      { label: 'Secrets', path: '/functions/secrets', icon: LockKeyhole },
    ],
  },
  {
    heading: 'Logs',
    items: [
      { label: 'Logs Explorer', path: '/logs/explorer', icon: ScrollText },
      { label: 'API Gateway logs', path: '/logs/edge-logs', icon: ScrollText },
      { label: 'Postgres logs', path: '/logs/postgres-logs', icon: ScrollText },
      { label: 'Auth logs', path: '/logs/auth-logs', icon: ScrollText },
      { label: 'Function logs', path: '/logs/function-logs', icon: ScrollText },
      { label: 'Realtime logs', path: '/logs/realtime-logs', icon: ScrollText },
    ],
  },
  {
    heading: 'Settings',
    items: [
      { label: 'General', path: '/settings/general', icon: Settings },
      { label: 'API', path: '/settings/api', icon: KeyRound },
      { label: 'Infrastructure', path: '/settings/infrastructure', icon: Server },
      { label: 'Compute and Disk', path: '/settings/compute-and-disk', icon: HardDrive },
      { label: 'Add-ons', path: '/settings/addons', icon: Puzzle },
      { label: 'API Keys', path: '/settings/api-keys/new', icon: KeyRound },
      { label: 'JWT Keys', path: '/settings/jwt', icon: KeySquare },
      { label: 'Integrations', path: '/settings/integrations', icon: Link2 },
      { label: 'Vault', path: '/settings/vault', icon: LockKeyhole },
      { label: 'Usage', path: '/usage', icon: CircleGauge },
    ],
  },
];

export function ProductMenu({
  projectRef,
  collapsed = false,
  onNavigate,
  onToggleCollapsed,
}: {
  projectRef: string;
  collapsed?: boolean;
  onNavigate?: () => void;
  onToggleCollapsed?: () => void;
}) {
  const { pathname } = useLocation();
  const excluded = (item: MenuItem) => Boolean(item.notUnder && pathname.startsWith(`/project/${projectRef}${item.notUnder}`));
  return (
    <div className="flex h-full flex-col bg-surface">
      <nav aria-label="Project" className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-2">
        {SECTIONS.map((section, index) => (
          <div key={section.heading ?? index} className="flex flex-col gap-0.5">
            {section.heading && !collapsed ? (
              <h2 className="px-2 pb-1 text-[11px] font-medium tracking-wide text-subtle uppercase">{section.heading}</h2>
            ) : null}
            {section.items.map((item) => (
              <Tooltip key={item.label} content={collapsed ? item.label : null} side="right">
                <NavLink
                  to={`/project/${projectRef}${item.path}`}
                  end={item.end}
                  onClick={onNavigate}
                  aria-label={collapsed ? item.label : undefined}
                  aria-current={excluded(item) ? 'false' : 'page'}
                  className={({ isActive }) =>
                    cn(
                      'flex h-8 items-center gap-2 rounded-md px-2 text-[13px] transition-colors',
                      collapsed && 'justify-center px-0',
                      isActive && !excluded(item)
                        ? 'bg-surface-hover font-medium text-foreground'
                        : 'text-muted hover:bg-surface-muted hover:text-foreground',
                    )
                  }
                >
                  <item.icon className="size-4 shrink-0" aria-hidden="true" />
                  {collapsed ? null : <span className="truncate">{item.label}</span>}
                </NavLink>
              </Tooltip>
            ))}
          </div>
        ))}
      </nav>
      {onToggleCollapsed ? (
        <div className={cn('border-t border-border p-2', collapsed && 'flex justify-center')}>
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
            className="inline-flex h-7 cursor-pointer items-center gap-2 rounded-md px-2 text-xs text-muted hover:bg-surface-hover hover:text-foreground"
          >
            {collapsed ? (
              <PanelLeftOpen className="size-4" aria-hidden="true" />
            ) : (
              <>
                <PanelLeftClose className="size-4" aria-hidden="true" />
                Collapse
              </>
            )}
          </button>
        </div>
      ) : null}
    </div>
  );
}

import { NavLink } from 'react-router';
import { cn } from '../../ui/cn';

const TABS = [
  { label: 'Scheduled backups', path: 'scheduled' },
  { label: 'Point in time', path: 'pitr' },
] as const;

/** Database → Backups: the scheduled backups and point in time recovery, each its own page. */
export function BackupsTabs({ projectRef }: { projectRef: string }) {
  return (
    <nav aria-label="Backups" className="mb-6 flex gap-1 border-b border-border">
      {TABS.map((tab) => (
        <NavLink
          key={tab.path}
          to={`/project/${projectRef}/database/backups/${tab.path}`}
          className={({ isActive }) =>
            cn(
              '-mb-px border-b-2 px-3 py-2 text-[13px] transition-colors',
              isActive ? 'border-foreground font-medium text-foreground' : 'border-transparent text-muted hover:text-foreground',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

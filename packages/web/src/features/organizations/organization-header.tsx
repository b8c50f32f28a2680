import { NavLink } from 'react-router';
import type { Organization } from '@basin/core/schemas';
import { Badge } from '../../ui/badge';
import { cn } from '../../ui/cn';
import { Skeleton } from '../../ui/skeleton';

const TABS = [
  { label: 'Projects', path: '' },
  { label: 'Team', path: '/team' },
  { label: 'Usage', path: '/usage' },
  { label: 'Billing', path: '/billing' },
  { label: 'Settings', path: '/general' },
] as const;

/** The organization's name, plan and its page tabs. */
export function OrganizationHeader({ slug, organization }: { slug: string; organization: Organization | undefined }) {
  return (
    <div className="border-b border-border bg-surface">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 pt-5 sm:px-6">
        <div className="flex items-center gap-2">
          {organization ? (
            <h1 className="truncate text-lg font-medium tracking-tight">{organization.name}</h1>
          ) : (
            <Skeleton className="h-6 w-40" />
          )}
          {organization ? <Badge>{organization.plan.name}</Badge> : null}
        </div>
        <nav aria-label="Organization" className="-mb-px flex gap-4">
          {TABS.map((tab) => (
            <NavLink
              key={tab.label}
              to={`/org/${slug}${tab.path}`}
              end
              className={({ isActive }) =>
                cn(
                  'border-b-2 pb-2 text-[13px] transition-colors',
                  isActive ? 'border-foreground text-foreground' : 'border-transparent text-muted hover:text-foreground',
                )
              }
            >
              {tab.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </div>
  );
}

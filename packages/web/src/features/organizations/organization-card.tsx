import { Building } from 'lucide-react';
import { Link } from 'react-router';
import type { Organization } from '@basin/core/schemas';
import { Badge } from '../../ui/badge';

export function OrganizationCard({ organization }: { organization: Organization }) {
  return (
    <li>
      <Link
        to={`/org/${organization.slug}`}
        className="flex items-center gap-3 rounded-lg border border-border bg-surface px-4 py-3 transition-colors hover:border-border-strong hover:bg-surface-muted"
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-surface-muted text-subtle">
          <Building className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-[13px] font-medium">{organization.name}</h2>
          <p className="truncate text-xs text-muted">{organization.role}</p>
        </div>
        <Badge>{organization.plan.name}</Badge>
      </Link>
    </li>
  );
}

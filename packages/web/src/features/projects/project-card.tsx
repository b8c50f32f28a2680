import { Database } from 'lucide-react';
import { Link } from 'react-router';
import { REGIONS } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { postgresVersionLabel } from './postgres-version-label';
import { ProjectStatusBadge } from './project-status-badge';

export function regionLabel(region: string): string {
  return REGIONS.find((option) => option.id === region)?.label ?? region;
}

export function ProjectCard({ project }: { project: Project }) {
  return (
    <li>
      <Link
        to={`/project/${project.ref}`}
        className="flex h-full flex-col gap-3 rounded-lg border border-border bg-surface p-4 transition-colors hover:border-border-strong hover:bg-surface-muted"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-2">
            <Database className="size-4 shrink-0 text-subtle" aria-hidden="true" />
            <h3 className="truncate text-[13px] font-medium">{project.name}</h3>
          </div>
          <ProjectStatusBadge status={project.status} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-muted">
          <dt>Region</dt>
          <dd className="truncate text-foreground">{regionLabel(project.region)}</dd>
          <dt>Postgres</dt>
          <dd className="truncate font-mono text-foreground">{postgresVersionLabel(project.dbVersion)}</dd>
          <dt>Ref</dt>
          <dd className="truncate font-mono text-foreground">{project.ref}</dd>
        </dl>
      </Link>
    </li>
  );
}

import type { Project } from '@basin/core/schemas';
import { ProjectStatusBadge } from '../projects/project-status-badge';
import { regionLabel } from '../projects/project-card';
import { postgresVersionLabel } from '../projects/postgres-version-label';

/** Status, region, Postgres version, compute size and ref, on one line under the heading. */
export function ProjectSummary({ project }: { project: Project }) {
  const facts = [
    { label: 'Region', value: regionLabel(project.region) },
    { label: 'Postgres', value: postgresVersionLabel(project.dbVersion) },
    { label: 'Compute', value: project.infra_compute_size },
    { label: 'Ref', value: project.ref },
  ];
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
      <ProjectStatusBadge status={project.status} />
      {facts.map((fact) => (
        <span key={fact.label}>
          {fact.label} <span className="font-mono text-foreground">{fact.value}</span>
        </span>
      ))}
    </div>
  );
}

import type { ReactNode } from 'react';
import type { Project } from '@basin/core/schemas';
import { ProjectStatusBadge } from '../projects/project-status-badge';

/**
 * The frame of a full-page status screen: an icon, the title with the project's status, what is
 * happening, then details and actions.
 */
export function StatusLayout({
  project,
  icon,
  title,
  description,
  children,
}: {
  project: Project;
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex items-start gap-3">
        <div className="mt-0.5 shrink-0">{icon}</div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-lg font-medium tracking-tight break-words">{title}</h1>
            <ProjectStatusBadge status={project.status} />
          </div>
          {description ? <div className="text-[13px] text-muted">{description}</div> : null}
        </div>
      </div>
      {children}
    </div>
  );
}

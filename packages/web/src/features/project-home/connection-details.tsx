import type { Role } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { Card } from '../../ui/card';
import { CopyButton } from '../../ui/copy-button';
import { Input } from '../../ui/input';

function ConnectionField({ id, label, value }: { id: string; label: string; value: string }) {
  const labelId = `${id}-label`;
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-1.5">
      <span id={labelId} className="text-xs font-medium text-muted">
        {label}
      </span>
      <div className="flex items-center gap-2">
        <Input readOnly value={value} aria-labelledby={labelId} mono onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={value} />
      </div>
    </div>
  );
}

/** The project's API URL and connection strings, each with a copy button. */
export function ConnectionDetails({ project, role }: { project: Project; role: Role | undefined }) {
  return (
    <Card>
      <Card.Header>
        <Card.Title>Connect to your project</Card.Title>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4 py-4">
        <ConnectionField id="project-url" label="Project URL" value={project.restUrl} />
        {project.connectionString ? (
          <ConnectionField id="connection-string" label="Connection string" value={project.connectionString} />
        ) : (
          <p className="rounded-md border border-border bg-surface-muted px-3 py-2 text-xs text-muted">
            {role ? `Your role (${role})` : 'Your role'} can only see the read-only connection string.
          </p>
        )}
        <ConnectionField id="connection-string-read-only" label="Read-only connection string" value={project.connectionStringReadOnly} />
      </Card.Content>
    </Card>
  );
}

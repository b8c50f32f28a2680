import type { Role } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { OTHER_API_URL_LABEL, otherApiUrlHint } from '../../data/projects/project-api-urls';
import { Card } from '../../ui/card';
import { CopyButton } from '../../ui/copy-button';
import { Input } from '../../ui/input';

function ConnectionField({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
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
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
    </div>
  );
}

/**
 * The project's API URL (the base URL createClient takes; the other one the API answers on, when
 * there is one, after it), its REST endpoint and connection strings, each with a copy button.
 */
export function ConnectionDetails({ project, role }: { project: Project; role: Role | undefined }) {
  const [recommended, other] = project.apiUrls;
  return (
    <Card>
      <Card.Header>
        <Card.Title>Connect to your project</Card.Title>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4 py-4">
        <ConnectionField id="project-url" label="Project URL" value={recommended?.url ?? ''} />
        {other ? (
          <ConnectionField id="other-project-url" label={OTHER_API_URL_LABEL} value={other.url} hint={otherApiUrlHint(other)} />
        ) : null}
        <ConnectionField id="rest-url" label="REST endpoint" value={project.restUrl} />
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

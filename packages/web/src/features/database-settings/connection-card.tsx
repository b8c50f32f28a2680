import { DATABASE_SETTINGS_MESSAGES, instanceSettings, readonlyConnectionLimit, type ComputeSizeId } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { Card } from '../../ui/card';
import { SecretField } from '../api-keys/secret-field';
import { Fact, FactList } from '../infrastructure/fact-list';

/** Host, port, database and user of a connection string. */
function parametersOf(connectionString: string) {
  const url = new URL(connectionString);
  return {
    host: url.hostname,
    port: url.port,
    database: decodeURIComponent(url.pathname.slice(1)),
    user: decodeURIComponent(url.username),
  };
}

/** How to connect: the parameters and the connection strings the member may see. */
export function ConnectionCard({ project }: { project: Project }) {
  const { host, port, database, user } = parametersOf(project.connectionString ?? project.connectionStringReadOnly);
  return (
    <Card>
      <Card.Header>
        <Card.Title>Connection parameters</Card.Title>
      </Card.Header>
      <FactList>
        <Fact
          label="Host"
          value={<span className="font-mono">{host}</span>}
          detail="The loopback address: programs on this machine connect directly."
        />
        <Fact label="Port" value={<span className="font-mono">{port}</span>} />
        <Fact label="Database name" value={<span className="font-mono">{database}</span>} />
        <Fact label="User" value={<span className="font-mono">{user}</span>} />
      </FactList>
      <Card.Content className="flex flex-col gap-4 border-t border-border py-4">
        {project.connectionString ? (
          <SecretField
            label="Connection string"
            hint="As postgres, the role that owns your data."
            value={project.connectionString}
            secret
          />
        ) : (
          <p className="rounded-md border border-border bg-surface-muted px-3 py-2 text-xs text-muted">
            {DATABASE_SETTINGS_MESSAGES.noCredentials}
          </p>
        )}
        <SecretField
          label="Read-only connection string"
          hint="Reads schema public in read-only transactions."
          value={project.connectionStringReadOnly}
          secret
        />
      </Card.Content>
    </Card>
  );
}

/** What Basin has instead of a connection pooler, with the limits of the project's compute size. */
export function PoolingCard({ project }: { project: Project }) {
  const size = project.infra_compute_size as ComputeSizeId;
  const maxConnections = instanceSettings(size).max_connections;
  return (
    <Card>
      <Card.Header>
        <Card.Title>Connection pooling</Card.Title>
      </Card.Header>
      <Card.Content className="py-3 text-[13px] text-muted">{DATABASE_SETTINGS_MESSAGES.noPooler}</Card.Content>
      <FactList>
        <Fact label="Pooler" value="None" detail="Connect to the database's own port; every connection is a session of its own." />
        <Fact label="max_connections" value={maxConnections} detail={`Set by the compute size (${size}); a bigger size allows more.`} />
        <Fact
          label="Read-only role"
          value={`${readonlyConnectionLimit(maxConnections)} sessions at most`}
          detail="A third of max_connections, so reads cannot crowd out postgres."
        />
        <Fact
          label="Data API"
          value="Pooled by Basin"
          detail="The REST, auth and storage APIs share a few sessions per project: a quarter of max_connections, 2 to 20."
        />
      </FactList>
    </Card>
  );
}

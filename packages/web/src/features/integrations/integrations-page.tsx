import { ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { can } from '@basin/core';
import { useProjectGitHubConnectionQuery } from '../../data/github/use-github-connections-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectRole } from '../../data/use-project-role';
import { Card } from '../../ui/card';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { GitHubConnectionCard } from '../branches/github-connection-card';

interface Connection {
  title: string;
  description: ReactNode;
  to: string;
  action: string;
}

/** What else reaches the project, each with the page that sets it up. */
function otherConnections(ref: string): Connection[] {
  return [
    {
      title: 'Supabase CLI and the management API',
      description: (
        <>
          A personal access token lets the CLI (e.g.{' '}
          <code className="font-mono text-xs">supabase functions deploy --project-ref {ref} --use-api</code>) and your CI jobs call{' '}
          <code className="font-mono text-xs">/api/v1</code> as you, with your permissions.
        </>
      ),
      to: '/account/tokens',
      action: 'Access tokens',
    },
    {
      title: 'Client libraries (supabase-js and others)',
      description: "Your apps reach the data, auth, storage and functions APIs with the project's URL and its anon or service_role key.",
      to: `/project/${ref}/settings/api`,
      action: 'API settings',
    },
    {
      title: 'Postgres clients',
      description: 'psql, ORMs, migration tools and BI tools connect to the database directly with its connection string.',
      to: `/project/${ref}/database/settings`,
      action: 'Database settings',
    },
  ];
}

/** /project/:ref/settings/integrations — the project's GitHub connection, and what else connects to it. */
export function IntegrationsPage() {
  const { ref = '' } = useParams();
  const { data: project } = useProjectQuery(ref);
  const role = useProjectRole(ref);
  const github = useProjectGitHubConnectionQuery(project);

  return (
    <Page>
      <PageHeader title="Integrations" description="Services and tools connected to this project." />
      <div className="flex flex-col gap-6">
        {!project ? (
          <Skeleton className="h-40 w-full rounded-lg" />
        ) : project.parent_project_ref ? (
          <Card>
            <Card.Header>
              <Card.Title>GitHub</Card.Title>
            </Card.Header>
            <Card.Content className="py-4 text-[13px] text-muted">
              A preview branch follows the repository of its parent project:{' '}
              <Link to={`/project/${project.parent_project_ref}/settings/integrations`} className="text-accent hover:underline">
                manage the connection there
              </Link>
              .
            </Card.Content>
          </Card>
        ) : (
          <GitHubConnectionCard
            project={project}
            connection={github.data}
            failed={github.isError}
            canWrite={can(role, 'integrations.github_connections:write')}
          />
        )}
        <Card>
          <Card.Header>
            <Card.Title>Other connections</Card.Title>
          </Card.Header>
          <ul className="divide-y divide-border">
            {otherConnections(ref).map((connection) => (
              <li key={connection.title} className="flex flex-wrap items-center justify-between gap-3 px-4 py-4">
                <div className="min-w-0 max-w-xl">
                  <h3 className="text-[13px] font-medium">{connection.title}</h3>
                  <p className="mt-0.5 text-xs text-muted">{connection.description}</p>
                </div>
                <Link to={connection.to} className="inline-flex items-center gap-1 text-[13px] text-accent hover:underline">
                  {connection.action}
                  <ArrowUpRight className="size-3.5" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
          <Card.Content className="border-t border-border text-xs text-muted">
            Basin has no marketplace integrations (Vercel, Slack, cloud providers): what reaches the project goes through the keys, tokens
            and connection strings above.
          </Card.Content>
        </Card>
      </div>
    </Page>
  );
}

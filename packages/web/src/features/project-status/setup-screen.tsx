import { BookOpen, LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SUPPORT_PROMPT_AFTER_MS } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { ClientLibrariesSection, ExampleProjectsSection } from '../examples/examples-sections';
import { ProjectStatusBadge } from '../projects/project-status-badge';
import { supportTicketUrl } from './support-link';
import { useDeadlinePassed } from './use-deadline';

const POSTGRES_DOCS_URL = 'https://www.postgresql.org/docs/current/';

/** When the wait began: the project's creation, or when this page opened if that is later or unknown. */
function waitStart(project: Project, openedAt: number): number {
  const created = Date.parse(project.inserted_at);
  return Number.isFinite(created) && created <= openedAt ? created : openedAt;
}

/** The full-page screen while a project is COMING_UP or UNKNOWN (spec part 1 §2, "Project status screens"). */
export function SetupScreen({ project }: { project: Project }) {
  const [openedAt] = useState(() => Date.now());
  const offerSupport = useDeadlinePassed(waitStart(project, openedAt) + SUPPORT_PROMPT_AFTER_MS);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6">
      <div className="flex items-start gap-3">
        <Spinner className="mt-1 size-5 text-accent" label="Setting up project" />
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-lg font-medium tracking-tight">{project.name}</h1>
            <ProjectStatusBadge status={project.status} />
          </div>
          <p className="text-[13px] text-muted">
            We are starting the Postgres database and the API of this project. This page updates by itself when it is ready.
          </p>
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <Card.Content className="flex flex-col gap-2 py-4">
            <Card.Title>While you wait</Card.Title>
            <p className="text-[13px] text-muted">Read up on tables, roles and row level security in Postgres.</p>
            <a
              href={POSTGRES_DOCS_URL}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex w-fit items-center gap-1.5 text-[13px] text-accent hover:underline"
            >
              <BookOpen className="size-3.5" aria-hidden="true" />
              PostgreSQL documentation
            </a>
          </Card.Content>
        </Card>
        <Card>
          <Card.Content className="flex flex-col gap-2 py-4">
            <Card.Title>Not working?</Card.Title>
            <p className="text-[13px] text-muted">
              Setting up usually takes a few seconds. If nothing changes, try refreshing the page after a couple of minutes.
            </p>
            {offerSupport ? (
              <p className="text-[13px] text-muted">
                Still no connection after 2 minutes?{' '}
                <Link
                  to={supportTicketUrl({ ref: project.ref, subject: `Project ${project.name} is not coming up` })}
                  className="inline-flex items-center gap-1 text-accent hover:underline"
                >
                  <LifeBuoy className="size-3.5" aria-hidden="true" />
                  Open a support ticket
                </Link>
              </p>
            ) : null}
          </Card.Content>
        </Card>
      </div>

      {project.status === 'COMING_UP' ? (
        <>
          <ClientLibrariesSection />
          <ExampleProjectsSection />
        </>
      ) : null}
    </div>
  );
}

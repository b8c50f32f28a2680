import { Braces } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';

/**
 * /project/:ref/api/graphiql — where the docs panel's GraphiQL link leads. GraphQL needs the
 * pg_graphql extension, which Basin's Postgres builds do not ship, so the page says so and points
 * to what the project does serve.
 */
export function GraphiqlPage() {
  const { ref = '' } = useParams();
  return (
    <Page>
      <PageHeader title="GraphiQL" description="An in-browser explorer for a project's GraphQL API." />
      <EmptyState
        icon={<Braces className="size-6" aria-hidden="true" />}
        title="GraphQL is not available on this project"
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button size="sm" asChild>
              <Link to={`/project/${ref}/settings/api`}>API settings</Link>
            </Button>
            <Button size="sm" variant="ghost" asChild>
              <Link to={`/project/${ref}/database/extensions`}>Database extensions</Link>
            </Button>
          </div>
        }
      >
        A GraphQL API is built by the pg_graphql extension, and the Postgres that Basin runs does not include it. Every table, view and
        function of the exposed schemas is served by the REST API instead: open API Docs in the top bar for examples.
      </EmptyState>
    </Page>
  );
}

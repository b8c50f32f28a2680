import { KeyRound } from 'lucide-react';
import { pageTitle } from '@basin/core';
import { useAccessTokensQuery } from '../../data/access-tokens/use-access-tokens-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { AccessTokensTable } from './access-tokens-table';
import { GenerateTokenDialog } from './generate-token-dialog';

/** /account/tokens — the signed-in user's personal access tokens, for the Supabase CLI and scripts. */
export function AccessTokensPage() {
  useDocumentTitle(pageTitle({ page: 'Access tokens' }));
  const tokens = useAccessTokensQuery();

  return (
    <Page wide>
      <PageHeader
        title="Access tokens"
        description={
          <>
            Let the Supabase CLI and your scripts call the management API (<code className="font-mono text-xs">/api/v1</code>) as you, with
            your own permissions.
          </>
        }
        actions={tokens.isSuccess && tokens.data.length > 0 ? <GenerateTokenDialog /> : null}
      />
      {tokens.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading access tokens">
          <Skeleton className="h-9 w-full rounded-lg" />
          <Skeleton className="h-9 w-full rounded-lg" />
          <Skeleton className="h-9 w-full rounded-lg" />
        </div>
      ) : tokens.isError ? (
        <ErrorFallback onRetry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <EmptyState icon={<KeyRound className="size-6" aria-hidden="true" />} title="No access tokens" action={<GenerateTokenDialog />}>
          Generate a token for the Supabase CLI, e.g. to deploy edge functions from your machine or from CI.
        </EmptyState>
      ) : (
        <AccessTokensTable tokens={tokens.data} />
      )}
    </Page>
  );
}

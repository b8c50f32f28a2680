import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { can } from '@basin/core';
import type { Lint } from '@basin/core/schemas';
import { useUnacknowledgeLintMutation } from '../../data/advisors/use-acknowledgement-mutations';
import { useLintsQuery, useRefreshLintsMutation } from '../../data/advisors/use-lints-query';
import { useProjectRole } from '../../data/use-project-role';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { AcknowledgeDialog } from './acknowledge-dialog';
import { ADVISOR_TABS, groupLints, type AdvisorTab } from './lint-groups';
import { LintRow } from './lint-row';

/** The advisors (spec part 2 §2): findings by level, each with the page that fixes it. */
export function AdvisorsPage() {
  const { ref = '' } = useParams();
  const role = useProjectRole(ref);
  const lints = useLintsQuery(ref);
  const refresh = useRefreshLintsMutation(ref);
  const unacknowledge = useUnacknowledgeLintMutation(ref);
  const [tab, setTab] = useState<AdvisorTab>('ERROR');
  const [acknowledging, setAcknowledging] = useState<Lint | null>(null);
  const groups = groupLints(lints.data ?? []);
  const current = ADVISOR_TABS.find((candidate) => candidate.id === tab) ?? ADVISOR_TABS[0];
  const shown = groups[tab];
  const canAcknowledge = can(role, 'advisors.acknowledgements:write');

  return (
    <Page wide>
      <PageHeader
        title="Advisors"
        description="Security and performance checks of your database and project settings."
        actions={
          <Button size="sm" onClick={() => refresh.mutate()} loading={refresh.isPending}>
            <RefreshCw className="size-3.5" aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      <div role="tablist" aria-label="Findings" className="mb-4 flex gap-1 border-b border-border">
        {ADVISOR_TABS.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            onClick={() => setTab(id)}
            className={cn(
              '-mb-px cursor-pointer border-b-2 px-3 py-2 text-[13px]',
              tab === id ? 'border-accent font-medium text-foreground' : 'border-transparent text-muted hover:text-foreground',
            )}
          >
            {label} <span className="text-subtle">{lints.data ? groups[id].length : ''}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={current?.label}>
        {lints.isError ? (
          <ErrorFallback onRetry={() => void lints.refetch()} />
        ) : !lints.data ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : shown.length === 0 ? (
          <EmptyState title={current?.empty?.title ?? ''}>{current?.empty?.detail}</EmptyState>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border bg-surface">
            {shown.map((lint) => (
              <LintRow
                key={lint.cache_key}
                projectRef={ref}
                lint={lint}
                canAcknowledge={canAcknowledge}
                onAcknowledge={setAcknowledging}
                onUnacknowledge={(item) => unacknowledge.mutate(item.cache_key)}
              />
            ))}
          </ul>
        )}
      </div>
      <AcknowledgeDialog projectRef={ref} lint={acknowledging} onClose={() => setAcknowledging(null)} />
    </Page>
  );
}

import { BILLING_MESSAGES, HOURS_PER_MONTH, monthlyComputeEstimateUsd, totalMonthlyComputeEstimateUsd } from '@basin/core';
import { useSearchParams } from 'react-router';
import { useProjectsQuery } from '../../data/projects/use-projects-query';
import { amount } from '../../lib/format-price';
import { Alert } from '../../ui/alert';
import { Sheet } from '../../ui/sheet';
import { Skeleton } from '../../ui/skeleton';
import { PITR_PROMPT_SOURCE } from '../backups/pitr-prompt';
import { ErrorFallback } from '../errors/error-fallback';
import { PitrAddonHint } from './pitr-addon-hint';

/** What the organization's projects would cost a month at their compute sizes, project by project. */
function ComputeEstimate({ slug }: { slug: string }) {
  const projects = useProjectsQuery(slug);
  if (projects.isPending) return <Skeleton className="h-24 w-full rounded-lg" />;
  if (projects.isError) return <ErrorFallback onRetry={() => void projects.refetch()} />;
  if (projects.data.length === 0) return <p className="text-[13px] text-muted">No projects yet, so nothing to estimate.</p>;

  const total = totalMonthlyComputeEstimateUsd(projects.data.map((project) => project.infra_compute_size));
  return (
    <table className="w-full text-[13px]">
      <caption className="sr-only">Estimated compute cost per project this month</caption>
      <thead className="text-left text-xs text-muted">
        <tr className="border-b border-border">
          <th className="py-2 font-normal">Project</th>
          <th className="py-2 font-normal">Compute size</th>
          <th className="py-2 text-right font-normal">Per month</th>
        </tr>
      </thead>
      <tbody>
        {projects.data.map((project) => (
          <tr key={project.ref} className="border-b border-border">
            <td className="py-2">{project.name}</td>
            <td className="py-2 text-muted">{project.infra_compute_size}</td>
            <td className="py-2 text-right tabular-nums">{amount(monthlyComputeEstimateUsd(project.infra_compute_size))}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2} className="py-2 text-left font-medium">
            Estimated compute this month
          </th>
          <td className="py-2 text-right font-medium tabular-nums">{amount(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * The cost control panel (`?panel=costControl`): no spend cap to set, and what compute would cost.
 * From the PITR page's prompt (`&source=backupsPitr`) it first says where PITR is turned on.
 */
export function CostControlPanel({ slug }: { slug: string }) {
  const [params] = useSearchParams();
  return (
    <Sheet.Content title="Cost control" side="right" className="w-[560px]">
      <div className="flex flex-col gap-4 p-4">
        {params.get('source') === PITR_PROMPT_SOURCE ? <PitrAddonHint slug={slug} /> : null}
        <Alert title="No spend cap">{BILLING_MESSAGES.noSpendCap}</Alert>
        <p className="text-[13px] text-muted">
          For comparison with a hosted platform: each project&apos;s compute size at its hourly price for {HOURS_PER_MONTH} hours, the
          paused ones included at the size they come back on.
        </p>
        <ComputeEstimate slug={slug} />
      </div>
    </Sheet.Content>
  );
}

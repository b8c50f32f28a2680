import { planSummary, USAGE_METRIC_TEXTS } from '@basin/core';
import type { PlanId, UsageMetric } from '@basin/core/schemas';
import { cn } from '../../ui/cn';
import { formatAmount, quotaPercent } from './format';

/** One figure against its quota: the amount, the share of the quota, and a bar (amber past 80%, red past the quota). */
export function UsageMeter({ metric, plan, unmeasured }: { metric: UsageMetric; plan: PlanId; unmeasured: string }) {
  const text = USAGE_METRIC_TEXTS[metric.metric];
  const percent = quotaPercent(metric);
  const id = `usage-${metric.metric}`;
  return (
    <div className="flex flex-col gap-2 px-4 py-4" role="group" aria-labelledby={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={id} className="text-[13px] font-medium">
          {text.label}
        </h3>
        <p className="text-[13px] tabular-nums">
          {metric.usage === null ? (
            <span className="text-muted">{unmeasured}</span>
          ) : (
            <>
              <span className="font-medium">{formatAmount(metric.usage, metric.unit)}</span>
              {metric.quota === null ? (
                <span className="text-muted"> · no quota on the {planSummary(plan).name} plan</span>
              ) : (
                <span className="text-muted">
                  {' '}
                  of {formatAmount(metric.quota, metric.unit)} ({percent! < 1 && percent! > 0 ? '<1' : Math.round(percent!)}%)
                </span>
              )}
            </>
          )}
        </p>
      </div>
      {metric.quota !== null ? (
        <div
          role="progressbar"
          aria-label={`${text.label} of the quota`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent === null ? undefined : Math.min(100, Math.round(percent))}
          className="h-1.5 w-full overflow-hidden rounded-full bg-surface-hover"
        >
          <div
            className={cn(
              'h-full rounded-full',
              percent === null ? '' : percent > 100 ? 'bg-danger' : percent > 80 ? 'bg-warning' : 'bg-accent',
            )}
            style={{ width: `${percent === null ? 0 : Math.max(percent > 0 ? 1 : 0, Math.min(100, percent))}%` }}
          />
        </div>
      ) : null}
      <p className="text-xs text-muted">{text.description}</p>
    </div>
  );
}

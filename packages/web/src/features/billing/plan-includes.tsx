import { Check } from 'lucide-react';
import type { PlanSummary } from '@basin/core';

/** What a plan switches on in Basin, one line per feature. */
export function PlanIncludes({ plan }: { plan: PlanSummary }) {
  return (
    <ul aria-label={`${plan.name} plan includes`} className="flex flex-col gap-1 text-xs text-muted">
      {plan.includes.map((line) => (
        <li key={line} className="flex items-start gap-1.5">
          <Check className="mt-0.5 size-3 shrink-0 text-accent" aria-hidden="true" />
          {line}
        </li>
      ))}
    </ul>
  );
}

import { REPORT_RANGE_LABELS, REPORT_RANGES } from '@basin/core';
import type { ReportRange } from '@basin/core/schemas';
import { useQueryParams } from '../../lib/use-query-params';
import { cn } from '../../ui/cn';

const isRange = (value: string | null): value is ReportRange => (REPORT_RANGES as readonly (string | null)[]).includes(value);

/** The range in the page's query string (`?range=1h|24h|7d`, 24 hours when absent), so a link keeps it. */
export function useReportRange(): [ReportRange, (range: ReportRange) => void] {
  const { params, update } = useQueryParams({ replace: true });
  const value = params.get('range');
  return [isRange(value) ? value : '24h', (range) => update({ range: range === '24h' ? null : range })];
}

export function RangePicker({ value, onChange }: { value: ReportRange; onChange: (range: ReportRange) => void }) {
  return (
    <div role="group" aria-label="Time range" className="inline-flex rounded-md border border-border-strong bg-surface p-0.5">
      {REPORT_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={value === range}
          onClick={() => onChange(range)}
          className={cn(
            'h-7 cursor-pointer rounded px-2.5 text-xs transition-colors',
            value === range ? 'bg-surface-hover font-medium text-foreground' : 'text-muted hover:text-foreground',
          )}
        >
          {REPORT_RANGE_LABELS[range]}
        </button>
      ))}
    </div>
  );
}

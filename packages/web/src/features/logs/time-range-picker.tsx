import { CalendarClock, ChevronDown } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/input';
import { Popover } from '../../ui/popover';
import { formatFullTime } from './format';
import {
  customRangeProblem,
  fromLocalInput,
  presetLabel,
  RANGE_PRESETS,
  toLocalInput,
  type RangePreset,
  type TimeRange,
} from './time-range';

/** The range in words: the preset's name, else 'MMM D, YYYY, hh:mma – MMM D, YYYY, hh:mma'. */
export function rangeLabel(preset: RangePreset | null, range: TimeRange): string {
  return preset ? presetLabel(preset) : `${formatFullTime(range.start)} – ${formatFullTime(range.end)}`;
}

function CustomRangeForm({ range, onApply }: { range: TimeRange; onApply: (range: TimeRange) => void }) {
  const [start, setStart] = useState(() => toLocalInput(range.start));
  const [end, setEnd] = useState(() => toLocalInput(range.end));
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const from = fromLocalInput(start);
    const to = fromLocalInput(end);
    const found = customRangeProblem(from, to);
    setProblem(found);
    if (!found) onApply({ start: from, end: to });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 border-t border-border pt-3">
      <p className="text-xs font-medium">Custom range</p>
      <label className="flex flex-col gap-1 text-xs text-muted">
        From
        <Input type="datetime-local" value={start} onChange={(event) => setStart(event.target.value)} invalid={Boolean(problem)} />
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        To
        <Input type="datetime-local" value={end} onChange={(event) => setEnd(event.target.value)} invalid={Boolean(problem)} />
      </label>
      {problem ? (
        <p role="alert" className="text-xs text-danger">
          {problem}
        </p>
      ) : null}
      <Button type="submit" size="sm" variant="primary" className="self-end">
        Apply range
      </Button>
    </form>
  );
}

/** Last 15 minutes, hour, 24 hours or 7 days (ending when the query runs), or a custom range. */
export function TimeRangePicker({
  preset,
  range,
  onPreset,
  onCustom,
}: {
  preset: RangePreset | null;
  range: TimeRange;
  onPreset: (preset: RangePreset) => void;
  onCustom: (range: TimeRange) => void;
}) {
  const [open, setOpen] = useState(false);
  const label = rangeLabel(preset, range);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button size="sm" aria-label={`Time range: ${label}`} className="max-w-[22rem]">
          <CalendarClock className="size-3.5" aria-hidden="true" />
          <span className="truncate">{label}</span>
          <ChevronDown className="size-3.5 text-muted" aria-hidden="true" />
        </Button>
      </Popover.Trigger>
      <Popover.Content label="Time range" className="w-72">
        <div role="group" aria-label="Time range presets" className="mb-3 flex flex-col gap-0.5">
          {RANGE_PRESETS.map((item) => (
            <button
              key={item.id}
              type="button"
              aria-pressed={preset === item.id}
              onClick={() => {
                setOpen(false);
                onPreset(item.id);
              }}
              className={cn(
                'flex h-7 cursor-pointer items-center rounded px-2 text-left text-[13px] hover:bg-surface-hover',
                preset === item.id && 'bg-surface-hover font-medium',
              )}
            >
              {item.label}
            </button>
          ))}
        </div>
        <CustomRangeForm
          range={range}
          onApply={(custom) => {
            setOpen(false);
            onCustom(custom);
          }}
        />
      </Popover.Content>
    </Popover>
  );
}

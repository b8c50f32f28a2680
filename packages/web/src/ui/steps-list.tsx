import { Check, Circle } from 'lucide-react';
import { cn } from './cn';
import { Spinner } from './spinner';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A job's steps in order: those before `current` (1-based) are checked, `current` is highlighted
 * (aria-current="step"), the rest wait. A `current` past the last step checks them all.
 */
export function StepsList({ label, steps, current }: { label: string; steps: readonly string[]; current: number }) {
  return (
    <ol aria-label={label} className="flex flex-col gap-1">
      {steps.map((step, index) => {
        const number = index + 1;
        const state = number < current ? 'done' : number === current ? 'current' : 'pending';
        return (
          <li
            key={step}
            aria-current={state === 'current' ? 'step' : undefined}
            data-state={state}
            className={cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-[13px]',
              state === 'current' && 'bg-accent-soft font-medium text-foreground',
              state === 'done' && 'text-foreground',
              state === 'pending' && 'text-subtle',
            )}
          >
            <span className="inline-flex size-4 shrink-0 items-center justify-center">
              {state === 'done' ? (
                <Check className="size-4 text-accent" aria-label="Done" />
              ) : state === 'current' ? (
                <Spinner className="size-4 text-accent" label="In progress" />
              ) : (
                <Circle className="size-3 text-subtle" aria-hidden="true" />
              )}
            </span>
            <span className="w-5 shrink-0 font-mono text-xs text-muted">{number}</span>
            {capitalize(step)}
          </li>
        );
      })}
    </ol>
  );
}

import { COMPUTE_SIZES, computeSizeLabel, type ComputeSize, type ComputeSizeId } from '@basin/core';
import { cataloguePrice } from '../../lib/format-price';
import { cn } from '../../ui/cn';

export const hourlyPrice = (size: ComputeSize) => `${cataloguePrice(size.hourlyUsd)} / hour`;
export const monthlyPrice = (size: ComputeSize) => `~$${Math.round(size.monthlyUsd).toLocaleString('en-US')} / month`;

/** Every size of the compute catalogue as a radio choice with its memory, CPU and prices; the running size is marked. */
export function ComputeSizePicker({
  value,
  current,
  onChange,
  disabled = false,
  className,
}: {
  value: string;
  current: string;
  onChange: (size: ComputeSizeId) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <fieldset className={cn('grid gap-2 sm:grid-cols-2', className)} disabled={disabled}>
      <legend className="sr-only">Compute size</legend>
      {COMPUTE_SIZES.map((size) => (
        <label
          key={size.id}
          className="flex cursor-pointer items-start gap-2 rounded-md border border-border px-3 py-2 text-[13px] has-checked:border-primary"
        >
          <input
            type="radio"
            name="compute-size"
            value={size.size}
            checked={value === size.size}
            onChange={() => onChange(size.size)}
            className="mt-1"
          />
          <span className="flex flex-col">
            <span className="font-medium">
              {size.name}
              {size.size === current ? ' (current)' : ''}
            </span>
            <span className="text-muted">{computeSizeLabel(size)}</span>
            <span className="text-muted">
              {hourlyPrice(size)} · {monthlyPrice(size)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

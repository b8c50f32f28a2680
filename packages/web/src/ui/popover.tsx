import { Popover as RadixPopover } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** A small panel anchored to its trigger (a form that belongs to a button); Escape closes it. */
function PopoverContent({
  children,
  align = 'start',
  className,
  label,
}: {
  children: ReactNode;
  align?: 'start' | 'end';
  className?: string;
  label: string;
}) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content
        align={align}
        sideOffset={6}
        aria-label={label}
        className={cn('z-50 w-80 rounded-md border border-border bg-surface p-3 shadow-lg focus:outline-none', className)}
      >
        {children}
      </RadixPopover.Content>
    </RadixPopover.Portal>
  );
}

export const Popover = Object.assign(RadixPopover.Root, {
  Trigger: RadixPopover.Trigger,
  Content: PopoverContent,
  Close: RadixPopover.Close,
});

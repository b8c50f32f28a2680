import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

interface SheetContentProps {
  title: string;
  /** For screen readers; the title when absent. */
  description?: string;
  /** Buttons or a menu beside the close button. */
  actions?: ReactNode;
  side?: 'left' | 'right';
  className?: string;
  children: ReactNode;
}

/** A panel that slides over the page from one side. */
function SheetContent({ title, description = title, actions, side = 'left', className, children }: SheetContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
      <RadixDialog.Content
        className={cn(
          'fixed inset-y-0 z-50 flex w-72 max-w-[85vw] flex-col border-border bg-surface shadow-xl focus:outline-none',
          side === 'left' ? 'left-0 border-r' : 'right-0 border-l',
          className,
        )}
      >
        <div className="flex h-12 shrink-0 items-center justify-between gap-2 border-b border-border px-4">
          <RadixDialog.Title className="truncate text-[13px] font-medium">{title}</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">{description}</RadixDialog.Description>
          <div className="flex items-center gap-1">
            {actions}
            <RadixDialog.Close
              aria-label="Close"
              className="inline-flex size-7 items-center justify-center rounded-md text-muted hover:bg-surface-hover hover:text-foreground"
            >
              <X className="size-4" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/**
 * Its own root rather than Radix's Root with fields added: Dialog adds its Content to that Root
 * object, which would otherwise replace Sheet.Content in whichever module loaded first.
 */
function SheetRoot(props: ComponentProps<typeof RadixDialog.Root>) {
  return <RadixDialog.Root {...props} />;
}

export const Sheet = Object.assign(SheetRoot, {
  Trigger: RadixDialog.Trigger,
  Content: SheetContent,
  Close: RadixDialog.Close,
});

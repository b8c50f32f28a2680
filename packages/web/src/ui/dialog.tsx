import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

const SIZES = { small: 'max-w-sm', medium: 'max-w-md', large: 'max-w-xl', xlarge: 'max-w-3xl' } as const;
export type DialogSize = keyof typeof SIZES;

interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  size?: DialogSize;
  children: ReactNode;
  className?: string;
}

/**
 * A centred modal, at most 80% of the viewport tall (its body scrolls). Escape and the close button
 * close it; focus moves to the first field (the close button comes last in the DOM so it is not the
 * first tabbable element).
 */
function DialogContent({ title, description, size = 'medium', children, className }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
      <RadixDialog.Content
        className={cn(
          'fixed top-[12vh] left-1/2 z-50 flex max-h-[80vh] w-[calc(100vw-2rem)] -translate-x-1/2 flex-col rounded-lg border border-border bg-surface shadow-xl',
          'focus:outline-none',
          SIZES[size],
          className,
        )}
      >
        <div className="shrink-0 border-b border-border px-5 py-3.5 pr-12">
          <RadixDialog.Title className="text-sm font-medium">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-0.5 text-xs text-muted">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
        </div>
        {children}
        <RadixDialog.Close
          aria-label="Close"
          className="absolute top-3 right-3 inline-flex size-7 items-center justify-center rounded-md text-muted hover:bg-surface-hover hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

function DialogBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('flex min-h-0 flex-col gap-4 overflow-y-auto px-5 py-4', className)}>{children}</div>;
}

function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="flex shrink-0 justify-end gap-2 border-t border-border px-5 py-3">{children}</div>;
}

export const Dialog = Object.assign(RadixDialog.Root, {
  Trigger: RadixDialog.Trigger,
  Content: DialogContent,
  Body: DialogBody,
  Footer: DialogFooter,
  Close: RadixDialog.Close,
});

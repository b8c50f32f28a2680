import { TriangleExclamationPoint } from 'lucide-react';
import { MESSAGES } from '@basin/core';
import { Button } from '../../ui/button';

/** The spec's error boundary screen (part 1 §8): title, notice and a Try again button. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex h-full min-h-64 w-full flex-col items-center justify-center gap-3 px-6 text-center">
      <TriangleExclamationPoint className="size-6 text-warning" aria-hidden="true" />
      <h2 className="text-base font-medium">{MESSAGES.genericError}</h2>
      <p className="max-w-sm text-[13px] text-muted">{MESSAGES.errorBoundaryDetail}</p>
      <Button onClick={onRetry}>{MESSAGES.tryAgain}</Button>
    </div>
  );
}

import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../lib/toast';
import { COPY_LABEL_RESET_MS } from '@basin/core';
import { copyToClipboard } from '../lib/clipboard';
import { Button } from './button';

/** Copies `value`; the label reads 'Copy', then 'Copied' for `resetAfterMs` (3 s by default, spec part 1 §9). */
export function CopyButton({
  value,
  resetAfterMs = COPY_LABEL_RESET_MS,
  className,
}: {
  value: string;
  resetAfterMs?: number;
  className?: string;
}) {
  // Counts copies, so copying again restarts the timer.
  const [copiedAt, setCopiedAt] = useState(0);

  useEffect(() => {
    if (copiedAt === 0) return;
    const timer = setTimeout(() => setCopiedAt(0), resetAfterMs);
    return () => clearTimeout(timer);
  }, [copiedAt, resetAfterMs]);

  async function copy() {
    try {
      await copyToClipboard(value);
      setCopiedAt((count) => count + 1);
    } catch (error) {
      toast.error(`Failed to copy: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const copied = copiedAt > 0;
  return (
    <Button size="sm" className={className} onClick={copy}>
      {copied ? <Check className="size-3.5 text-accent" aria-hidden="true" /> : <Copy className="size-3.5" aria-hidden="true" />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

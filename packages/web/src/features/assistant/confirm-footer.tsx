import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Tooltip } from '../../ui/tooltip';

/** The footer of a tool card that waits for the member: what the assistant wants, a note, Skip and the action. */
export function ConfirmFooter({
  message,
  note,
  confirmLabel,
  onSkip,
  onConfirm,
  skipLabel = 'Skip',
  busy = false,
  disabledReason,
}: {
  message: string;
  note?: ReactNode;
  confirmLabel: string;
  onSkip: () => void;
  onConfirm: () => void;
  skipLabel?: string;
  busy?: boolean;
  disabledReason?: string;
}) {
  return (
    <div role="group" aria-label={message} className="flex flex-wrap items-center gap-2 border-t border-border bg-surface-muted px-3 py-2">
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="text-xs font-medium">{message}</p>
        {note ? <p className="text-xs text-warning">{note}</p> : null}
      </div>
      <Button size="sm" onClick={onSkip} disabled={busy}>
        {skipLabel}
      </Button>
      <Tooltip content={disabledReason} wrapDisabled>
        <Button size="sm" variant="primary" onClick={onConfirm} loading={busy} disabled={Boolean(disabledReason)}>
          {confirmLabel}
        </Button>
      </Tooltip>
    </div>
  );
}

import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Input } from '../../ui/input';

/**
 * A read-only value with a copy button; secret values stay masked until revealed. While the value
 * cannot be used (the JWT secret is being replaced), `notice` stands in for it. `footer` goes
 * under the value (e.g. when a key was last used).
 */
export function SecretField({
  label,
  hint,
  value,
  secret = false,
  notice,
  copyResetMs,
  footer,
}: {
  label: string;
  hint?: ReactNode;
  value: string;
  secret?: boolean;
  notice?: string;
  copyResetMs?: number;
  footer?: ReactNode;
}) {
  const id = useId();
  const [revealed, setRevealed] = useState(!secret);
  const shown = revealed ? value : '•'.repeat(40);

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium">
        {label}
      </label>
      {hint ? <div className="text-xs text-muted">{hint}</div> : null}
      <div className="flex items-center gap-2">
        <Input id={id} readOnly mono value={notice ?? shown} />
        {secret && !notice ? (
          <Button size="sm" onClick={() => setRevealed((r) => !r)} aria-label={revealed ? `Hide ${label}` : `Reveal ${label}`}>
            {revealed ? <EyeOff className="size-3.5" aria-hidden="true" /> : <Eye className="size-3.5" aria-hidden="true" />}
            {revealed ? 'Hide' : 'Reveal'}
          </Button>
        ) : null}
        {notice ? null : <CopyButton value={value} resetAfterMs={copyResetMs} />}
      </div>
      {footer ? <div className="text-xs text-muted">{footer}</div> : null}
    </div>
  );
}

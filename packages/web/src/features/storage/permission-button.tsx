import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../../ui/button';
import { Tooltip } from '../../ui/tooltip';

/** A button that is disabled, with the reason as its tooltip (keyboard-reachable), when the member may not use it. */
export function PermissionButton({
  allowed,
  reason,
  children,
  ...props
}: ButtonProps & { allowed: boolean; reason: string; children: ReactNode }) {
  if (allowed) return <Button {...props}>{children}</Button>;
  return (
    <Tooltip content={reason} wrapDisabled>
      <Button {...props} disabled>
        {children}
      </Button>
    </Tooltip>
  );
}

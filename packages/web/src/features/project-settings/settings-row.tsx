import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Tooltip } from '../../ui/tooltip';

/** Why a lifecycle action is unavailable while the project is in another status. */
export const NOT_ACTIVE_HINT = 'Available while the project is active and healthy';

/** Whether a lifecycle action can run, and why not: it needs the permission and a healthy project. */
export interface ActionState {
  disabled: boolean;
  hint: string | null;
}

export function lifecycleActionState(permission: { allowed: boolean; hint: string | null }, active: boolean): ActionState {
  if (!permission.allowed) return { disabled: true, hint: permission.hint };
  return active ? { disabled: false, hint: null } : { disabled: true, hint: NOT_ACTIVE_HINT };
}

/** One action of a settings card: what it does on the left, its button on the right. */
export function SettingsRow({ title, description, action }: { title: string; description: ReactNode; action: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-4">
      <div className="flex min-w-0 max-w-xl flex-col gap-0.5">
        <h3 className="text-[13px] font-medium">{title}</h3>
        <div className="text-xs text-muted">{description}</div>
      </div>
      {action}
    </div>
  );
}

/** The button that opens an action's dialog; when disabled, its tooltip says why. */
export function ActionTrigger({
  state,
  icon: Icon,
  label,
  primary = false,
}: {
  state: ActionState;
  icon: LucideIcon;
  label: ReactNode;
  primary?: boolean;
}) {
  return (
    <Tooltip content={state.hint} wrapDisabled>
      <Dialog.Trigger asChild>
        <Button variant={primary ? 'primary' : undefined} disabled={state.disabled}>
          <Icon className="size-3.5" aria-hidden="true" />
          {label}
        </Button>
      </Dialog.Trigger>
    </Tooltip>
  );
}

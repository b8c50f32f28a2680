import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { DATABASE_SETTINGS_MESSAGES } from '@basin/core';
import { DatabasePassword, type Organization } from '@basin/core/schemas';
import { useResetDatabasePasswordMutation } from '../../data/projects/use-reset-database-password-mutation';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { permissionState } from '../organizations/permission-state';
import { ActionTrigger, type ActionState, lifecycleActionState, SettingsRow } from '../project-settings/settings-row';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 24 characters from the browser's strong random source (no look-alike characters). */
export function generatePassword(length = 24): string {
  const bytes = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(bytes, (value) => ALPHABET[value % ALPHABET.length]).join('');
}

function ResetPasswordDialog({ projectRef, state }: { projectRef: string; state: ActionState }) {
  const [open, onOpenChange] = useState(false);
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const reset = useResetDatabasePasswordMutation(projectRef, {
    onSuccess: () => onOpenChange(false),
    onError: (failure) => setError(DATABASE_SETTINGS_MESSAGES.resetFailed(failure.message)),
  });
  const change = (next: boolean) => {
    if (!next) {
      setPassword('');
      setError(undefined);
    }
    onOpenChange(next);
  };
  function confirm() {
    const checked = DatabasePassword.safeParse(password);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    reset.mutate({ password });
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={change}
      title="Reset database password"
      description="The postgres role gets the new password at once."
      variant="danger"
      confirmLabel="Reset password"
      loading={reset.isPending}
      onConfirm={confirm}
      trigger={<ActionTrigger state={state} icon={KeyRound} label="Reset database password" />}
    >
      <p className="text-[13px] text-muted">
        Sessions already open stay connected. Every new connection needs the new password: update your apps&apos; connection strings and
        environment variables. The dashboard and edge functions switch to it by themselves.
      </p>
      <Field id={`${id}-password`} label="New password" error={error} description="12 to 128 printable characters, no spaces.">
        <div className="flex gap-2">
          <Input
            {...fieldControlProps(`${id}-password`, { error, description: true })}
            mono
            autoComplete="new-password"
            spellCheck={false}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button onClick={() => setPassword(generatePassword())}>Generate a password</Button>
        </div>
      </Field>
    </ConfirmDialog>
  );
}

/** Database password: reset it (Owners and Administrators, while the database runs), with a confirmation. */
export function ResetPasswordCard({
  projectRef,
  organization,
  running,
}: {
  projectRef: string;
  organization: Organization | undefined;
  running: boolean;
}) {
  const state = lifecycleActionState(permissionState(organization, 'projects:update', DATABASE_SETTINGS_MESSAGES.resetForbidden), running);
  return (
    <Card>
      <Card.Header>
        <Card.Title>Database password</Card.Title>
      </Card.Header>
      <SettingsRow
        title="Reset the password of the postgres role"
        description="The role your connection string logs in as. Basin keeps the password encrypted, like every password it stores."
        action={<ResetPasswordDialog projectRef={projectRef} state={state} />}
      />
    </Card>
  );
}

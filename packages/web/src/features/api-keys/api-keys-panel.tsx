import { useEffect } from 'react';
import { API_KEYS_MESSAGES, KEY_COPY_LABEL_RESET_MS, keyLastUsedHint } from '@basin/core';
import type { ApiKeyLastUsed, ApiKeyRole, JwtSecretUpdateStatusValue, ProjectSettings } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { SecretField } from './secret-field';

const KEY_FIELDS: { role: ApiKeyRole; label: string; hint: string; secret: boolean }[] = [
  { role: 'anon', label: 'anon public', hint: 'Safe to use in a browser when row level security is on for your tables.', secret: false },
  { role: 'service_role', label: 'service_role secret', hint: 'Bypasses row level security. Never share it publicly.', secret: true },
];

/** What the keys show instead of themselves while the secret is being replaced or after that failed. */
export function jwtNotice(status: JwtSecretUpdateStatusValue | undefined): string | undefined {
  if (status === 'Updating') return API_KEYS_MESSAGES.updating;
  if (status === 'Failed') return API_KEYS_MESSAGES.updateFailed;
  return undefined;
}

/** When each key was last used; nothing while that loads. */
export interface KeysLastUsed {
  data: ApiKeyLastUsed[] | undefined;
  isError: boolean;
}

function lastUsedHint(lastUsed: KeysLastUsed, role: ApiKeyRole): string | undefined {
  const entry = lastUsed.data?.find((item) => item.role === role);
  return entry ? keyLastUsedHint(entry.last_used_at, new Date()) : undefined;
}

/** The anon public key and the service_role secret key, for members who may read them, with when each was last used. */
export function ApiKeysPanel({
  settings,
  isError,
  canReadKeys,
  jwtStatus,
  lastUsed,
}: {
  settings: ProjectSettings | undefined;
  isError: boolean;
  canReadKeys: boolean | undefined;
  jwtStatus: JwtSecretUpdateStatusValue | undefined;
  lastUsed: KeysLastUsed;
}) {
  useEffect(() => {
    if (isError && canReadKeys) toast.error(API_KEYS_MESSAGES.keysFailedToast);
  }, [isError, canReadKeys]);

  return (
    <Card>
      <Card.Header>
        <Card.Title>Project API keys</Card.Title>
      </Card.Header>
      <Card.Content className="flex flex-col gap-5 py-4">
        {canReadKeys === false ? (
          <Alert tone="warning" title={API_KEYS_MESSAGES.noPermission} />
        ) : isError ? (
          <Alert tone="danger" title={API_KEYS_MESSAGES.keysFailedToast} />
        ) : !settings || canReadKeys === undefined ? (
          <Skeleton className="h-32 w-full" />
        ) : (
          <>
            {KEY_FIELDS.map(({ role, label, hint, secret }) => {
              const key = settings.service_api_keys.find((item) => item.tags === role);
              return key ? (
                <SecretField
                  key={role}
                  label={label}
                  hint={hint}
                  value={key.api_key}
                  secret={secret}
                  notice={jwtNotice(jwtStatus)}
                  copyResetMs={KEY_COPY_LABEL_RESET_MS}
                  footer={lastUsedHint(lastUsed, role)}
                />
              ) : null;
            })}
            {lastUsed.isError ? (
              <p role="alert" className="text-xs text-danger">
                {API_KEYS_MESSAGES.lastUsedFailed}
              </p>
            ) : null}
          </>
        )}
      </Card.Content>
    </Card>
  );
}

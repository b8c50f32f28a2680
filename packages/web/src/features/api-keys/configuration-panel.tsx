import { useState } from 'react';
import { API_KEYS_MESSAGES } from '@basin/core';
import type { ProjectApiUrl, ProjectSettings } from '@basin/core/schemas';
import { useRotateJwtSecretMutation } from '../../data/api-keys/use-project-settings';
import { OTHER_API_URL_LABEL, otherApiUrlHint } from '../../data/projects/project-api-urls';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';
import { SecretField } from './secret-field';

/**
 * The project's API URL (and the other one it answers on, from the project's `apiUrls`) and JWT
 * secret, and the rotation of that secret behind a typed confirmation.
 */
export function ConfigurationPanel({
  projectRef,
  otherUrl,
  settings,
  isError,
  canRotate,
  updating,
}: {
  projectRef: string;
  otherUrl: ProjectApiUrl | undefined;
  settings: ProjectSettings | undefined;
  isError: boolean;
  canRotate: boolean;
  updating: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateJwtSecretMutation(projectRef);

  return (
    <Card>
      <Card.Header>
        <Card.Title>Project configuration</Card.Title>
      </Card.Header>
      <Card.Content className="flex flex-col gap-5 py-4">
        {isError ? (
          <Alert tone="danger" title={API_KEYS_MESSAGES.configFailed} />
        ) : !settings ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <>
            <SecretField
              label="URL"
              hint="The base URL of the project's API, as createClient takes it."
              value={`${settings.app_config.protocol}://${settings.app_config.endpoint}`}
            />
            {otherUrl ? <SecretField label={OTHER_API_URL_LABEL} hint={otherApiUrlHint(otherUrl)} value={otherUrl.url} /> : null}
            {settings.jwt_secret === null ? null : (
              <SecretField
                label="JWT Secret"
                hint="Signs and verifies the project's API keys."
                value={settings.jwt_secret}
                secret
                notice={updating ? API_KEYS_MESSAGES.updating : undefined}
              />
            )}
            {canRotate ? (
              <div>
                <Button variant="danger" loading={rotate.isPending || updating} onClick={() => setConfirming(true)}>
                  Generate a new JWT secret
                </Button>
              </div>
            ) : null}
          </>
        )}
      </Card.Content>
      <TypeToConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Generate a new JWT secret?"
        variant="danger"
        confirmLabel="Generate new secret"
        confirmString={projectRef}
        loading={rotate.isPending}
        onConfirm={() => rotate.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        <p className="text-[13px] text-muted">
          The anon and service_role keys are signed again with the new secret. Every client that uses the current keys stops working until
          it gets the new ones.
        </p>
      </TypeToConfirmDialog>
    </Card>
  );
}

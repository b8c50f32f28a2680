import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { API_KEYS_MESSAGES, can, KEY_COPY_LABEL_RESET_MS } from '@basin/core';
import type { ApiKeyRole, ProjectSettings } from '@basin/core/schemas';
import {
  useJwtSecretUpdateStatusQuery,
  useProjectSettingsQuery,
  useRotateJwtSecretMutation,
} from '../../data/api-keys/use-project-settings';
import { useProjectRole } from '../../data/use-project-role';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { Tooltip } from '../../ui/tooltip';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';
import { jwtNotice } from './api-keys-panel';
import { SecretField } from './secret-field';

/** The two kinds of key the hosted platform names, and which of Basin's keys plays each part. */
const KINDS: { role: ApiKeyRole; title: string; hosted: string; badge: string; use: string; secret: boolean }[] = [
  {
    role: 'anon',
    title: 'Publishable key',
    hosted: 'sb_publishable_…',
    badge: 'anon',
    use: 'Safe to ship in web pages and mobile apps once row level security protects your tables: requests with it run as the anon role, and as authenticated once a user signs in.',
    secret: false,
  },
  {
    role: 'service_role',
    title: 'Secret key',
    hosted: 'sb_secret_…',
    badge: 'service_role',
    use: 'For your servers, edge functions and jobs only: requests with it run as service_role, which bypasses row level security. Never put it in a browser.',
    secret: true,
  },
];

function KeyCard({ settings, role, notice }: { settings: ProjectSettings; role: ApiKeyRole; notice: string | undefined }) {
  const kind = KINDS.find((each) => each.role === role)!;
  const key = settings.service_api_keys.find((item) => item.tags === role);
  return (
    <Card>
      <Card.Header>
        <Card.Title>{kind.title}</Card.Title>
        <Badge tone={kind.secret ? 'warning' : 'neutral'}>{kind.badge}</Badge>
      </Card.Header>
      <Card.Content className="flex flex-col gap-3 py-4">
        <p className="text-[13px] text-muted">{kind.use}</p>
        {key ? (
          <SecretField
            label={`${kind.badge} key`}
            value={key.api_key}
            secret={kind.secret}
            notice={notice}
            copyResetMs={KEY_COPY_LABEL_RESET_MS}
          />
        ) : null}
      </Card.Content>
    </Card>
  );
}

/** Why Basin has a publishable and a secret key but not the hosted platform's new key format. */
function KeyFormatCard({ projectRef }: { projectRef: string }) {
  return (
    <Card>
      <Card.Header>
        <Card.Title>About these keys</Card.Title>
      </Card.Header>
      <Card.Content className="flex flex-col gap-2 py-4 text-[13px] text-muted">
        <p>
          Basin&apos;s keys are JSON Web Tokens signed with the project&apos;s JWT secret (what the hosted platform now calls legacy keys):
          one publishable (anon) key and one secret (service_role) key, which every Supabase client library accepts as they are.
        </p>
        <p>
          Opaque keys ({KINDS.map((kind) => kind.hosted).join(' and ')}), several secret keys side by side and revoking one of them alone
          are not available: rotating replaces both keys at once.
        </p>
        <p>
          The JWT secret itself and the project URL are on the{' '}
          <Link to={`/project/${projectRef}/settings/api`} className="text-accent hover:underline">
            API settings
          </Link>{' '}
          page, with when each key was last used.
        </p>
      </Card.Content>
    </Card>
  );
}

function RotateKeys({ projectRef, allowed, updating }: { projectRef: string; allowed: boolean; updating: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateJwtSecretMutation(projectRef);
  return (
    <>
      <Tooltip content={allowed ? null : API_KEYS_MESSAGES.rotateForbidden} wrapDisabled>
        <Button variant="danger" disabled={!allowed} loading={rotate.isPending || updating} onClick={() => setConfirming(true)}>
          <RefreshCw className="size-3.5" aria-hidden="true" />
          Rotate keys
        </Button>
      </Tooltip>
      <TypeToConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rotate the project's API keys?"
        variant="danger"
        confirmLabel="Rotate keys"
        confirmString={projectRef}
        loading={rotate.isPending}
        onConfirm={() => rotate.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        <p className="text-[13px] text-muted">
          A new JWT secret signs a new publishable and a new secret key. The current keys, and every signed-in user&apos;s session, stop
          working at once: update your apps, functions and servers with the new keys.
        </p>
      </TypeToConfirmDialog>
    </>
  );
}

/** /project/:ref/settings/api-keys/new — the project's publishable and secret keys, what each is for, and their rotation. */
export function ApiKeysPage() {
  const { ref = '' } = useParams();
  const role = useProjectRole(ref);
  const canRead = can(role, 'service_api_keys:read');
  const settings = useProjectSettingsQuery(ref);
  const jwtStatus = useJwtSecretUpdateStatusQuery(ref);
  const status = jwtStatus.data?.status ?? settings.data?.jwtSecretUpdateStatus.status;
  const notice = jwtNotice(status);

  return (
    <Page>
      <PageHeader
        title="API Keys"
        description="The keys your applications present to the project's APIs."
        actions={
          canRead ? <RotateKeys projectRef={ref} allowed={can(role, 'project.settings:write')} updating={status === 'Updating'} /> : null
        }
      />
      <div className="flex flex-col gap-6">
        {notice ? <Alert tone={status === 'Failed' ? 'danger' : 'info'} title={notice} /> : null}
        {role === undefined || (canRead && !settings.data && !settings.isError) ? (
          <Skeleton className="h-48 w-full rounded-lg" />
        ) : !canRead ? (
          <Alert tone="warning" title={API_KEYS_MESSAGES.noPermission} />
        ) : settings.isError ? (
          <Alert tone="danger" title={API_KEYS_MESSAGES.keysFailedToast} />
        ) : (
          KINDS.map((kind) => <KeyCard key={kind.role} settings={settings.data!} role={kind.role} notice={notice} />)
        )}
        <KeyFormatCard projectRef={ref} />
      </div>
    </Page>
  );
}

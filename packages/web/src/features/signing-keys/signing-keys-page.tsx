import { useState } from 'react';
import { useParams } from 'react-router';
import { can } from '@basin/core';
import { SIGNING_KEYS_MESSAGES, type SigningKey, type SigningKeyAlgorithm, type SigningKeyStatus } from '@basin/core/schemas';
import { useProjectSettingsQuery } from '../../data/api-keys/use-project-settings';
import {
  useCreateSigningKeyMutation,
  useDeleteSigningKeyMutation,
  useUpdateSigningKeyMutation,
} from '../../data/signing-keys/use-signing-key-mutations';
import { useSigningKeysQuery } from '../../data/signing-keys/use-signing-keys-query';
import { useProjectRole } from '../../data/use-project-role';
import { formatDateTime } from '../../lib/format-date';
import { Alert } from '../../ui/alert';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { DataRow, DataTable } from '../../ui/data-table';
import { Input } from '../../ui/input';
import { Page, PageHeader } from '../../ui/page';
import { RadioGroup } from '../../ui/radio-group';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { PermissionButton } from '../storage/permission-button';

const STATUS: Record<SigningKeyStatus, { label: string; tone: BadgeTone }> = {
  in_use: { label: 'In use', tone: 'success' },
  standby: { label: 'Standby', tone: 'info' },
  previously_used: { label: 'Previously used', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'danger' },
};

const TYPE: Record<SigningKey['algorithm'], string> = {
  ES256: 'ECC (P-256)',
  RS256: 'RSA (2048)',
  HS256: 'Legacy HS256 (shared secret)',
};

/** A change a member asks for, confirmed in a dialog first. */
interface Change {
  key: SigningKey;
  status: SigningKeyStatus | 'deleted';
  title: string;
  description: string;
  confirm: string;
  danger?: boolean;
}

/** What may be done with a key from where it is; rotating to the standby key is the page's main action. */
function changesOf(key: SigningKey): Change[] {
  const legacy = key.algorithm === 'HS256';
  if (legacy) {
    return key.status === 'in_use'
      ? []
      : [
          {
            key,
            status: 'in_use',
            title: 'Sign with the legacy secret again?',
            description:
              'New access tokens are signed with the shared secret (HS256); the key in use now moves to previously used and keeps verifying.',
            confirm: 'Use the legacy secret',
          },
        ];
  }
  const revoke: Change = {
    key,
    status: 'revoked',
    title: 'Revoke this key?',
    description:
      'Every access token it signed stops working at once, in REST, storage, functions, realtime and auth: users signed in with such a token must refresh or sign in again.',
    confirm: 'Revoke key',
    danger: true,
  };
  if (key.status === 'previously_used') {
    return [
      {
        key,
        status: 'standby',
        title: 'Move this key to standby?',
        description: 'It keeps verifying, and you can rotate back to it.',
        confirm: 'Move to standby',
      },
      revoke,
    ];
  }
  if (key.status === 'standby') return [revoke];
  if (key.status === 'revoked') {
    return [
      {
        key,
        status: 'deleted',
        title: 'Delete this key?',
        description: 'A revoked key verifies nothing; deleting it removes it from this list.',
        confirm: 'Delete key',
        danger: true,
      },
    ];
  }
  return [];
}

function CreateKeyDialog({ projectRef, open, onOpenChange }: { projectRef: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [algorithm, setAlgorithm] = useState<SigningKeyAlgorithm>('ES256');
  const create = useCreateSigningKeyMutation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create a standby key"
      description="A standby key is published in the JWKS at once but signs nothing until you rotate to it, so verifiers can fetch it first."
      confirmLabel="Create standby key"
      loading={create.isPending}
      onConfirm={() => create.mutate({ ref: projectRef, body: { algorithm } }, { onSuccess: () => onOpenChange(false) })}
    >
      <p id="signing-key-algorithm" className="mb-2 text-[13px] font-medium">
        Algorithm
      </p>
      <RadioGroup
        value={algorithm}
        onValueChange={(value) => setAlgorithm(value as SigningKeyAlgorithm)}
        labelledBy="signing-key-algorithm"
      >
        <RadioGroup.Item value="ES256" description="Elliptic curve P-256: small keys and tokens, fast to verify. Recommended.">
          ES256 (ECC)
        </RadioGroup.Item>
        <RadioGroup.Item value="RS256" description="RSA 2048: for verifiers that support nothing else.">
          RS256 (RSA)
        </RadioGroup.Item>
      </RadioGroup>
    </ConfirmDialog>
  );
}

function KeyRow({ signingKey, allowed, onChange }: { signingKey: SigningKey; allowed: boolean; onChange: (change: Change) => void }) {
  const status = STATUS[signingKey.status];
  return (
    <DataRow>
      <td className="px-4 py-3">
        <Badge tone={status.tone}>{status.label}</Badge>
      </td>
      <td className="px-4 py-3 font-mono text-xs">{signingKey.algorithm === 'HS256' ? '—' : signingKey.id}</td>
      <td className="px-4 py-3">{TYPE[signingKey.algorithm]}</td>
      <td className="px-4 py-3 whitespace-nowrap text-muted">{formatDateTime(signingKey.created_at)}</td>
      <td className="px-4 py-3">
        <div className="flex justify-end gap-2">
          {changesOf(signingKey).map((change) => (
            <PermissionButton
              key={change.status}
              allowed={allowed}
              reason={SIGNING_KEYS_MESSAGES.forbidden}
              size="sm"
              onClick={() => onChange(change)}
            >
              {change.confirm}
            </PermissionButton>
          ))}
        </div>
      </td>
    </DataRow>
  );
}

/** /project/:ref/settings/jwt — the keys access tokens are signed with: make a standby key, rotate to it, revoke old ones. */
export function SigningKeysPage() {
  const { ref = '' } = useParams();
  const keys = useSigningKeysQuery(ref);
  const settings = useProjectSettingsQuery(ref);
  const role = useProjectRole(ref);
  const allowed = can(role, 'project.settings:write');
  const update = useUpdateSigningKeyMutation();
  const remove = useDeleteSigningKeyMutation();
  const [creating, setCreating] = useState(false);
  const [change, setChange] = useState<Change | null>(null);
  const standby = keys.data?.keys.find((key) => key.status === 'standby');
  const jwksUrl = settings.data
    ? `${settings.data.app_config.protocol}://${settings.data.app_config.endpoint}/auth/v1/.well-known/jwks.json`
    : '';

  const apply = (chosen: Change) => {
    const done = { onSuccess: () => setChange(null) };
    if (chosen.status === 'deleted') remove.mutate({ ref, id: chosen.key.id }, done);
    else update.mutate({ ref, id: chosen.key.id, status: chosen.status }, done);
  };
  const rotate = (key: SigningKey): Change => ({
    key,
    status: 'in_use',
    title: 'Rotate to the standby key?',
    description:
      'New access tokens are signed with the standby key from now on. The key in use moves to previously used and keeps verifying, so no one is signed out.',
    confirm: 'Rotate keys',
  });

  return (
    <Page>
      <PageHeader
        title="JWT Signing Keys"
        description="The keys your users' access tokens are signed with. Tokens of every key in use, in standby or previously used verify everywhere; the anon and service_role keys stay signed with the legacy secret."
        actions={
          standby ? (
            <PermissionButton
              allowed={allowed}
              reason={SIGNING_KEYS_MESSAGES.forbidden}
              variant="primary"
              onClick={() => setChange(rotate(standby))}
            >
              Rotate keys
            </PermissionButton>
          ) : (
            <PermissionButton
              allowed={allowed}
              reason={SIGNING_KEYS_MESSAGES.forbidden}
              variant="primary"
              onClick={() => setCreating(true)}
              disabled={!keys.data}
            >
              Create standby key
            </PermissionButton>
          )
        }
      />
      {keys.isError ? (
        <ErrorFallback onRetry={() => void keys.refetch()} />
      ) : !keys.data ? (
        <Skeleton className="h-64 w-full rounded-lg" />
      ) : (
        <div className="flex flex-col gap-4">
          {role && !allowed ? <Alert title="These keys are read-only for you">{SIGNING_KEYS_MESSAGES.forbidden}.</Alert> : null}
          <DataTable columns={['Status', 'Key ID', 'Type', 'Created']} actions>
            {keys.data.keys.map((key) => (
              <KeyRow key={key.id} signingKey={key} allowed={allowed} onChange={setChange} />
            ))}
          </DataTable>
          <Card>
            <Card.Header>
              <Card.Title>Public keys (JWKS)</Card.Title>
            </Card.Header>
            <Card.Content className="flex flex-col gap-2 py-4">
              <p className="text-[13px] text-muted">
                Verify access tokens without asking the auth server: supabase-js&apos;s <code>getClaims()</code> and any JWT library read
                the asymmetric keys from this URL. Tokens signed with the legacy secret are checked by the server instead.
              </p>
              {jwksUrl ? (
                <div className="flex items-center gap-2">
                  <Input readOnly aria-label="JWKS URL" value={jwksUrl} className="font-mono text-xs" />
                  <CopyButton value={jwksUrl} />
                </div>
              ) : (
                <Skeleton className="h-8 w-full" />
              )}
            </Card.Content>
          </Card>
        </div>
      )}
      <CreateKeyDialog projectRef={ref} open={creating} onOpenChange={setCreating} />
      {change ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setChange(null)}
          title={change.title}
          description={change.description}
          confirmLabel={change.confirm}
          variant={change.danger ? 'danger' : 'primary'}
          loading={update.isPending || remove.isPending}
          onConfirm={() => apply(change)}
        />
      ) : null}
    </Page>
  );
}

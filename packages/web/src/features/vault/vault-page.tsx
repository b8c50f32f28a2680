import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { can, VAULT_MESSAGES } from '@basin/core';
import type { VaultSecret } from '@basin/core/schemas';
import { useProjectRole } from '../../data/use-project-role';
import { useVaultSecretsQuery } from '../../data/vault/use-vault-secrets-query';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { SecretDialog } from './secret-dialog';
import { SecretsTable } from './secrets-table';

const SQL_EXAMPLE = `select vault.create_secret('sk_live_…', 'stripe_key', 'Stripe live key');

select decrypted_secret
  from vault.decrypted_secrets
 where name = 'stripe_key';`;

/** How the vault is used from SQL, and what its encryption protects against (instances/vault-schema.ts). */
function HowItWorks() {
  return (
    <Card>
      <Card.Header>
        <Card.Title>Using the Vault</Card.Title>
      </Card.Header>
      <Card.Content className="flex flex-col gap-3 py-4 text-[13px]">
        <p className="text-muted">
          Secrets live in your database, in <code className="font-mono text-xs text-foreground">vault.secrets</code>, encrypted with this
          project&apos;s key. Write them with <code className="font-mono text-xs text-foreground">vault.create_secret</code> and{' '}
          <code className="font-mono text-xs text-foreground">vault.update_secret</code>, read them from{' '}
          <code className="font-mono text-xs text-foreground">vault.decrypted_secrets</code>:
        </p>
        <pre className="overflow-x-auto rounded-md border border-border bg-surface-muted p-3 font-mono text-xs">{SQL_EXAMPLE}</pre>
        <ul className="list-disc space-y-1 pl-5 text-muted">
          <li>
            The key is kept outside the database&apos;s files: backups, branch copies and dumps hold ciphertext only. A branch with data
            reads its parent&apos;s secrets.
          </li>
          <li>
            <code className="font-mono text-xs text-foreground">postgres</code> and{' '}
            <code className="font-mono text-xs text-foreground">service_role</code> read the values;{' '}
            <code className="font-mono text-xs text-foreground">anon</code>,{' '}
            <code className="font-mono text-xs text-foreground">authenticated</code> and the read-only role cannot. To let your app use a
            secret, read it in a function of yours that only the roles you choose may call.
          </li>
        </ul>
      </Card.Content>
    </Card>
  );
}

/** /project/:ref/settings/vault — the project's secrets, stored encrypted in its database. */
export function VaultPage() {
  const { ref = '' } = useParams();
  const role = useProjectRole(ref);
  const allowed = can(role, 'database.credentials:read');
  const secrets = useVaultSecretsQuery(ref, { enabled: allowed });
  const [editing, setEditing] = useState<VaultSecret | 'new' | undefined>();

  const addButton = allowed ? (
    <Button variant="primary" onClick={() => setEditing('new')}>
      <Plus className="size-3.5" aria-hidden="true" />
      Add new secret
    </Button>
  ) : null;

  return (
    <Page wide>
      <PageHeader
        title="Vault"
        description="Secrets your database keeps encrypted: API keys, tokens and passwords for your SQL, triggers and functions."
        actions={addButton}
      />
      <div className="flex flex-col gap-6">
        {!role ? (
          <Skeleton className="h-40 w-full rounded-lg" />
        ) : !allowed ? (
          <Alert tone="warning" title={VAULT_MESSAGES.noPermission} />
        ) : secrets.isError && !secrets.data ? (
          <Alert tone="danger" title={VAULT_MESSAGES.listFailed}>
            <p>{secrets.error.message}</p>
            <Button size="sm" className="mt-2" onClick={() => void secrets.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : !secrets.data ? (
          <Skeleton className="h-40 w-full rounded-lg" />
        ) : secrets.data.length === 0 ? (
          <EmptyState icon={<KeyRound className="size-6" aria-hidden="true" />} title="No secrets yet" action={addButton}>
            Keep credentials here rather than in your tables or code: they are encrypted before they are stored.
          </EmptyState>
        ) : (
          <SecretsTable projectRef={ref} secrets={secrets.data} canWrite={allowed} onEdit={setEditing} />
        )}
        <HowItWorks />
      </div>
      <SecretDialog
        projectRef={ref}
        secret={editing === 'new' ? undefined : editing}
        open={editing !== undefined}
        onOpenChange={(open) => (open ? undefined : setEditing(undefined))}
      />
    </Page>
  );
}

import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { VAULT_MESSAGES } from '@basin/core';
import type { VaultSecret } from '@basin/core/schemas';
import { useDeleteVaultSecretMutation } from '../../data/vault/use-vault-secret-mutations';
import { useDecryptedVaultSecretQuery } from '../../data/vault/use-vault-secrets-query';
import { formatDateTime } from '../../lib/format-date';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { DataRow, DataTable } from '../../ui/data-table';
import { Spinner } from '../../ui/spinner';

const labelOf = (secret: VaultSecret) => secret.name ?? secret.id;

/** The value, hidden until asked for; asked for again each time it is shown. */
function SecretValue({ projectRef, secret }: { projectRef: string; secret: VaultSecret }) {
  const [shown, setShown] = useState(false);
  const value = useDecryptedVaultSecretQuery(projectRef, secret.id, { enabled: shown });
  const label = labelOf(secret);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Button
        size="icon"
        variant="ghost"
        aria-label={shown ? `Hide ${label}` : `Reveal ${label}`}
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      >
        {shown ? <EyeOff className="size-3.5" aria-hidden="true" /> : <Eye className="size-3.5" aria-hidden="true" />}
      </Button>
      {!shown ? (
        <span className="font-mono text-xs text-subtle" aria-label="Hidden value">
          ••••••••••••
        </span>
      ) : value.isPending ? (
        <Spinner className="size-3.5" />
      ) : value.isError ? (
        <span role="alert" className="text-xs text-danger">
          {VAULT_MESSAGES.revealFailed(value.error.message)}
        </span>
      ) : value.data.decrypted_secret === null ? (
        <span className="text-xs text-warning">{VAULT_MESSAGES.undecryptable}</span>
      ) : (
        <>
          <code className="max-w-64 truncate font-mono text-xs" title={value.data.decrypted_secret} data-testid={`secret-value-${label}`}>
            {value.data.decrypted_secret}
          </code>
          <CopyButton value={value.data.decrypted_secret} />
        </>
      )}
    </div>
  );
}

/** The project's secrets: name, description, value on request, when made and changed; edit and delete for those who may. */
export function SecretsTable({
  projectRef,
  secrets,
  canWrite,
  onEdit,
}: {
  projectRef: string;
  secrets: VaultSecret[];
  canWrite: boolean;
  onEdit: (secret: VaultSecret) => void;
}) {
  const [deleting, setDeleting] = useState<VaultSecret | undefined>();
  const remove = useDeleteVaultSecretMutation(projectRef, { onSuccess: () => setDeleting(undefined) });
  return (
    <>
      <DataTable columns={['Name', 'Description', 'Value', 'Created', 'Updated']} actions={canWrite}>
        {secrets.map((secret) => (
          <DataRow key={secret.id}>
            <td className="px-4 py-2 font-mono text-xs font-medium">{secret.name ?? <span className="text-subtle">(no name)</span>}</td>
            <td className="max-w-56 truncate px-4 py-2 text-muted" title={secret.description}>
              {secret.description || '—'}
            </td>
            <td className="px-4 py-2">
              <SecretValue projectRef={projectRef} secret={secret} />
            </td>
            <td className="px-4 py-2 whitespace-nowrap text-muted">{formatDateTime(secret.created_at)}</td>
            <td className="px-4 py-2 whitespace-nowrap text-muted">{formatDateTime(secret.updated_at)}</td>
            {canWrite ? (
              <td className="px-4 py-2">
                <div className="flex justify-end gap-1">
                  <Button size="icon" variant="ghost" aria-label={`Edit ${labelOf(secret)}`} onClick={() => onEdit(secret)}>
                    <Pencil className="size-3.5" aria-hidden="true" />
                  </Button>
                  <Button size="icon" variant="ghost" aria-label={`Delete ${labelOf(secret)}`} onClick={() => setDeleting(secret)}>
                    <Trash2 className="size-3.5" aria-hidden="true" />
                  </Button>
                </div>
              </td>
            ) : null}
          </DataRow>
        ))}
      </DataTable>
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => (open ? undefined : setDeleting(undefined))}
        title="Delete secret"
        description={deleting ? labelOf(deleting) : undefined}
        variant="danger"
        confirmLabel="Delete secret"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        <p className="text-[13px] text-muted">
          The row leaves vault.secrets for good: SQL and functions that read{' '}
          <code className="font-mono text-xs text-foreground">{deleting ? labelOf(deleting) : ''}</code> from vault.decrypted_secrets find
          nothing from now on.
        </p>
      </ConfirmDialog>
    </>
  );
}

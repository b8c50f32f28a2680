import type { SecretItem } from '@basin/core/schemas';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteSecretsMutation } from '../../data/functions/use-delete-secrets-mutation';
import { formatDateTime } from '../../lib/format-date';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataRow, DataTable } from '../../ui/data-table';

/** The secrets by name, with the digest of each value (the values themselves never come back). */
export function SecretsTable({
  projectRef,
  secrets,
  canWrite,
  onUpdate,
}: {
  projectRef: string;
  secrets: SecretItem[];
  canWrite: boolean;
  onUpdate: (name: string) => void;
}) {
  const [deleting, setDeleting] = useState<string | undefined>();
  const remove = useDeleteSecretsMutation({ onSuccess: () => setDeleting(undefined) });
  return (
    <>
      <DataTable columns={['Name', 'Digest (SHA-256)', 'Updated']} actions={canWrite}>
        {secrets.map((secret) => (
          <DataRow key={secret.name}>
            <td className="px-4 py-2 font-mono text-xs font-medium">{secret.name}</td>
            <td className="px-4 py-2 font-mono text-xs text-muted" title={secret.value}>
              {secret.value.slice(0, 16)}…
            </td>
            <td className="px-4 py-2 whitespace-nowrap text-muted">{secret.updated_at ? formatDateTime(secret.updated_at) : '—'}</td>
            {canWrite ? (
              <td className="px-4 py-2">
                <div className="flex justify-end gap-1">
                  <Button size="icon" variant="ghost" aria-label={`Update ${secret.name}`} onClick={() => onUpdate(secret.name)}>
                    <Pencil className="size-3.5" aria-hidden="true" />
                  </Button>
                  <Button size="icon" variant="ghost" aria-label={`Delete ${secret.name}`} onClick={() => setDeleting(secret.name)}>
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
        description={deleting}
        variant="danger"
        confirmLabel="Delete secret"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ ref: projectRef, names: [deleting] })}
      >
        <p className="text-[13px] text-muted">
          Functions no longer find <code className="font-mono text-xs text-foreground">{deleting}</code> with Deno.env.get from their next
          request on.
        </p>
      </ConfirmDialog>
    </>
  );
}

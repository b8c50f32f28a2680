import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AccessToken } from '@basin/core/schemas';
import { useDeleteAccessTokenMutation } from '../../data/access-tokens/use-delete-access-token-mutation';
import { formatDateTime } from '../../lib/format-date';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataRow, DataTable } from '../../ui/data-table';

function Expiry({ expiresAt, now }: { expiresAt: string | null; now: number }) {
  if (expiresAt === null) return <span className="text-muted">Never</span>;
  if (Date.parse(expiresAt) <= now) return <Badge tone="danger">Expired {formatDateTime(expiresAt)}</Badge>;
  return <span className="text-muted">{formatDateTime(expiresAt)}</span>;
}

/** The tokens by name and alias (the tokens themselves never come back), each deleted after a confirmation. */
export function AccessTokensTable({ tokens }: { tokens: AccessToken[] }) {
  const [deleting, setDeleting] = useState<AccessToken | undefined>();
  const remove = useDeleteAccessTokenMutation({ onSuccess: () => setDeleting(undefined) });
  const now = Date.now();
  return (
    <>
      <DataTable columns={['Name', 'Token', 'Created', 'Last used', 'Expires']} actions>
        {tokens.map((token) => (
          <DataRow key={token.id} aria-label={token.name}>
            <td className="max-w-64 truncate px-4 py-2 font-medium whitespace-nowrap" title={token.name}>
              {token.name}
            </td>
            <td className="px-4 py-2 font-mono text-xs text-muted">{token.token_alias}…</td>
            <td className="px-4 py-2 whitespace-nowrap text-muted">{formatDateTime(token.created_at)}</td>
            <td className="px-4 py-2 whitespace-nowrap text-muted">
              {token.last_used_at ? formatDateTime(token.last_used_at) : 'Never used'}
            </td>
            <td className="px-4 py-2 whitespace-nowrap">
              <Expiry expiresAt={token.expires_at} now={now} />
            </td>
            <td className="px-4 py-2">
              <div className="flex justify-end">
                <Button size="icon" variant="ghost" aria-label={`Delete ${token.name}`} onClick={() => setDeleting(token)}>
                  <Trash2 className="size-3.5" aria-hidden="true" />
                </Button>
              </div>
            </td>
          </DataRow>
        ))}
      </DataTable>
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => (open ? undefined : setDeleting(undefined))}
        title="Delete access token"
        description={deleting?.name}
        variant="danger"
        confirmLabel="Delete token"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        <p className="text-[13px] text-muted">
          Whatever uses <span className="font-medium text-foreground">{deleting?.name}</span> (
          <code className="font-mono text-xs">{deleting?.token_alias}…</code>), the Supabase CLI or a CI job, is refused from its next
          request on. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

import type { SqlError, TableChangeInput, TableChangeResult } from '@basin/core/schemas';
import { useState } from 'react';
import { isApiError } from '../../data/fetcher';
import { useTableChangeMutation } from '../../data/pg-meta/use-table-change-mutation';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

/**
 * A panel's two steps: the change as edited, then its SQL (asked of the server with a dry run)
 * with the button that runs it. Either answer's refusal shows in the panel.
 */
export function useChangePreview(ref: string, onApplied: (result: TableChangeResult, change: TableChangeInput) => void) {
  const [previewed, setPreviewed] = useState<{ change: TableChangeInput; sql: string } | null>(null);
  const dryRun = useTableChangeMutation({ onSuccess: (result, { change }) => setPreviewed({ change, sql: result.sql }) });
  const run = useTableChangeMutation({ onSuccess: (result, { change }) => onApplied(result, change) });
  return {
    sql: previewed?.sql ?? null,
    error: dryRun.error ?? run.error,
    pending: dryRun.isPending || run.isPending,
    preview(change: TableChangeInput) {
      run.reset();
      dryRun.mutate({ ref, change, dryRun: true });
    },
    run() {
      if (previewed) run.mutate({ ref, change: previewed.change });
    },
    back() {
      setPreviewed(null);
      dryRun.reset();
      run.reset();
    },
  };
}

export type ChangePreview = ReturnType<typeof useChangePreview>;

/** Postgres's message with its detail and hint, or the API's refusal of the change. */
export function ChangeError({ error }: { error: Error | null }) {
  if (!error) return null;
  const body = isApiError(error) ? (error.body as Partial<SqlError> | undefined) : undefined;
  return (
    <Alert tone="danger" title={isApiError(error, 422) ? 'Postgres refused the change; nothing was applied' : 'The change was refused'}>
      <p>{error.message}</p>
      {body?.detail ? <p>{body.detail}</p> : null}
      {body?.hint ? <p>Hint: {body.hint}</p> : null}
    </Alert>
  );
}

export function SqlPreview({ sql }: { sql: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-[13px] font-medium">This SQL will run in one transaction:</p>
      <pre
        aria-label="SQL preview"
        className="overflow-x-auto rounded-md border border-border bg-surface-muted p-3 font-mono text-xs whitespace-pre-wrap"
      >
        {sql}
      </pre>
    </div>
  );
}

/** The panel's buttons: Cancel and Preview SQL while editing; Back and the run button under the SQL. */
export function ChangeFooter({ preview, runLabel, onCancel }: { preview: ChangePreview; runLabel: string; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2 border-t border-border px-4 py-3">
      {preview.sql === null ? (
        <>
          <Button onClick={onCancel} disabled={preview.pending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={preview.pending}>
            Preview SQL
          </Button>
        </>
      ) : (
        <>
          <Button onClick={preview.back} disabled={preview.pending}>
            Back
          </Button>
          <Button variant="primary" loading={preview.pending} onClick={preview.run}>
            {runLabel}
          </Button>
        </>
      )}
    </div>
  );
}

import { useState } from 'react';
import { REPORT_LABEL_MAX_LENGTH, REPORT_SQL_MAX_LENGTH } from '@basin/core';
import type { Report } from '@basin/core/schemas';
import { useAddReportItemMutation } from '../../data/reports/use-add-report-item-mutation';
import { useSnippetsQuery } from '../../data/snippets/use-snippets-query';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { Textarea } from '../../ui/textarea';

type Source = 'snippet' | 'sql';

/**
 * Adds a chart at the end of the report: one of the member's SQL snippets (its SQL is copied, so
 * every member sees the same chart) or a query written here.
 */
export function AddChartDialog({ report, open, onOpenChange }: { report: Report; open: boolean; onOpenChange: (open: boolean) => void }) {
  const snippets = useSnippetsQuery(open ? report.project_ref : undefined);
  const [source, setSource] = useState<Source>('snippet');
  const [snippetId, setSnippetId] = useState('');
  const [sql, setSql] = useState('');
  const [label, setLabel] = useState('');
  const add = useAddReportItemMutation({ onSuccess: () => onOpenChange(false) });
  const usable = snippets.data?.filter((snippet) => snippet.sql.trim()) ?? [];
  const ready = source === 'snippet' ? Boolean(snippetId) : Boolean(sql.trim());

  function reset(next: boolean) {
    if (next) {
      setSource('snippet');
      setSnippetId('');
      setSql('');
      setLabel('');
    }
    onOpenChange(next);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={reset}
      title="Add a chart"
      description="Charts run read-only, as each member who opens the report."
      size="large"
      confirmLabel="Add chart"
      loading={add.isPending}
      confirmDisabled={!ready}
      onConfirm={() =>
        add.mutate({
          ref: report.project_ref,
          reportId: report.id,
          ...(source === 'snippet' ? { snippet_id: snippetId } : { sql: sql.trim() }),
          ...(label.trim() ? { label: label.trim() } : {}),
        })
      }
    >
      <div role="radiogroup" aria-label="Chart source" className="inline-flex self-start rounded-md border border-border-strong p-0.5">
        {(
          [
            ['snippet', 'From a snippet'],
            ['sql', 'Write SQL'],
          ] as const
        ).map(([value, text]) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={source === value}
            onClick={() => setSource(value)}
            className={cn(
              'h-7 cursor-pointer rounded px-2.5 text-xs',
              source === value ? 'bg-surface-hover font-medium' : 'text-muted hover:text-foreground',
            )}
          >
            {text}
          </button>
        ))}
      </div>
      {source === 'snippet' ? (
        snippets.isPending ? (
          <Skeleton className="h-8 w-full" />
        ) : snippets.isError ? (
          <p role="alert" className="text-[13px] text-danger">
            Failed to load your snippets: {snippets.error.message}
          </p>
        ) : usable.length === 0 ? (
          <p className="text-[13px] text-muted">
            You have no saved snippets with SQL in this project yet. Save one in the SQL editor, or write SQL here.
          </p>
        ) : (
          <div className="flex flex-col gap-1.5 text-[13px] font-medium">
            <span id="add-chart-snippet">Snippet</span>
            <Select labelledBy="add-chart-snippet" value={snippetId} onValueChange={setSnippetId} placeholder="Choose a snippet">
              {usable.map((snippet) => (
                <Select.Item key={snippet.id} value={snippet.id}>
                  {snippet.name}
                </Select.Item>
              ))}
            </Select>
          </div>
        )
      ) : (
        <label className="flex flex-col gap-1.5 text-[13px] font-medium">
          SQL
          <Textarea
            value={sql}
            onChange={(event) => setSql(event.target.value)}
            rows={6}
            maxLength={REPORT_SQL_MAX_LENGTH}
            className="font-mono text-xs"
            placeholder="select date_trunc('day', created_at) as day, count(*) from orders group by 1"
          />
        </label>
      )}
      <label className="flex flex-col gap-1.5 text-[13px] font-medium">
        Label <span className="font-normal text-muted">{source === 'snippet' ? "(the snippet's name when empty)" : '(optional)'}</span>
        <Input value={label} onChange={(event) => setLabel(event.target.value)} maxLength={REPORT_LABEL_MAX_LENGTH} />
      </label>
    </ConfirmDialog>
  );
}

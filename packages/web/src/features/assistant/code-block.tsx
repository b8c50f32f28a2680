import { Play } from 'lucide-react';
import { useState } from 'react';
import { ASSISTANT_MESSAGES } from '@basin/core';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { useAssistantProject } from './assistant-context';
import type { ResultRow } from './chart-data';
import { splitCodeBlockProps } from './code-block-props';
import { ConfirmFooter } from './confirm-footer';
import { ResultWidget } from './result-widget';
import { runAssistantSql } from './sql-run';
import { track } from '../../data/telemetry/track';

type Run =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'confirm-write'; message: string }
  | { kind: 'done'; rows: ResultRow[] }
  | { kind: 'failed'; message: string };

/**
 * A SQL block the assistant suggests: Run query runs it read-only; one that turns out to write
 * asks first. Its properties comment (title, isChart, xAxis, yAxis) shapes the result.
 */
function RunnableSql({ code, title, chart }: { code: string; title: string; chart: { isChart: boolean; xAxis?: string; yAxis?: string } }) {
  const { projectRef, hasConnection } = useAssistantProject();
  const [run, setRun] = useState<Run>({ kind: 'idle' });

  async function execute(readOnly: boolean) {
    track('assistant_suggestion_run_query_clicked', { projectRef });
    if (!hasConnection) {
      setRun({ kind: 'failed', message: ASSISTANT_MESSAGES.noConnection });
      return;
    }
    setRun({ kind: 'running' });
    const outcome = await runAssistantSql(projectRef, code, { readOnly });
    if (outcome.kind === 'rows') setRun({ kind: 'done', rows: outcome.rows });
    else if (outcome.kind === 'needs-write-confirmation') setRun({ kind: 'confirm-write', message: outcome.message });
    else setRun({ kind: 'failed', message: outcome.message });
  }

  return (
    <>
      <div className="flex items-center gap-1 border-t border-border px-2 py-1">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void execute(true)}
          loading={run.kind === 'running'}
          aria-label={`Run query ${title}`}
        >
          <Play className="size-3" aria-hidden="true" />
          Run query
        </Button>
      </div>
      {run.kind === 'confirm-write' ? (
        <ConfirmFooter
          message={ASSISTANT_MESSAGES.confirmQuery}
          note={`It failed as a read (${run.message}). This query changes your database: run it only if that is what you want.`}
          confirmLabel="Run Query"
          onSkip={() => setRun({ kind: 'idle' })}
          onConfirm={() => void execute(false)}
        />
      ) : run.kind === 'done' || run.kind === 'failed' ? (
        <div className="border-t border-border p-2">
          <ResultWidget
            sql={code}
            label={title}
            rows={run.kind === 'done' ? run.rows : undefined}
            error={run.kind === 'failed' ? run.message : undefined}
            settings={{ view: chart.isChart ? 'chart' : 'table', xKey: chart.xAxis, yKey: chart.yAxis }}
          />
        </div>
      ) : null}
    </>
  );
}

/** A fenced code block of the assistant's answer, with its properties comment taken out (spec part 2 §2). */
export function CodeBlock({ language, code: raw }: { language: string | undefined; code: string }) {
  const { code, props } = splitCodeBlockProps(raw);
  const title = props?.title ?? props?.name ?? language ?? 'Code';
  const runnable = (language === 'sql' || language === 'pgsql') && props !== undefined && code.trim() !== '';
  return (
    <div className="flex flex-col overflow-hidden rounded-md border border-border" data-testid="code-block" data-block-id={props?.id}>
      <div className="flex items-center gap-2 border-b border-border bg-surface-muted px-3 py-1 text-xs">
        <span className="truncate font-medium">{title}</span>
        <span className="ml-auto" />
        <CopyButton value={code} />
      </div>
      <pre className="max-h-[300px] overflow-auto px-3 py-2 font-mono text-xs whitespace-pre">
        <code>{code}</code>
      </pre>
      {runnable ? (
        <RunnableSql code={code} title={title} chart={{ isChart: props.isChart === true, xAxis: props.xAxis, yAxis: props.yAxis }} />
      ) : null}
    </div>
  );
}

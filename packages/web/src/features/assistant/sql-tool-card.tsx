import { DatabaseZap } from 'lucide-react';
import { useState } from 'react';
import { ASSISTANT_MESSAGES } from '@basin/core';
import { Spinner } from '../../ui/spinner';
import { useAssistantProject } from './assistant-context';
import { ConfirmFooter } from './confirm-footer';
import { ResultWidget } from './result-widget';
import { runAssistantSql } from './sql-run';
import { sqlToolInput, sqlToolOutput } from './tool-inputs';
import type { ToolPart } from './tool-part';

const WRITE_NOTE = 'This query changes your database: run it only if that is what you want.';

/**
 * The execute_sql tool (spec part 2 §2, §4). The dashboard runs it, as the member, once they press
 * Run Query; a read runs read-only first and, when that fails as a write would, asks again as a
 * write. The rows (or 'Error: …', or the skip) go back to the model as the tool's output.
 */
export function SqlToolCard({ part, waiting, onOutput }: { part: ToolPart; waiting: boolean; onOutput: (output: unknown) => void }) {
  const { projectRef, hasConnection } = useAssistantProject();
  const input = sqlToolInput(part.input);
  const [running, setRunning] = useState(false);
  const [reflagged, setReflagged] = useState<string | undefined>(undefined);
  const isWrite = input.isWriteQuery || reflagged !== undefined;

  async function run() {
    if (!hasConnection) {
      onOutput(ASSISTANT_MESSAGES.queryError(ASSISTANT_MESSAGES.noConnection));
      return;
    }
    setRunning(true);
    const outcome = await runAssistantSql(projectRef, input.sql, { readOnly: !isWrite });
    setRunning(false);
    if (outcome.kind === 'needs-write-confirmation') setReflagged(outcome.message);
    else if (outcome.kind === 'rows') onOutput(outcome.rows);
    else onOutput(ASSISTANT_MESSAGES.queryError(outcome.message));
  }

  const title = input.label || 'SQL query';
  const output = part.state === 'output-available' ? sqlToolOutput(part.output) : undefined;

  return (
    <div className="flex flex-col overflow-hidden rounded-md border border-border" data-testid="sql-tool-card">
      <div className="flex items-center gap-2 border-b border-border bg-surface-muted px-3 py-1.5 text-xs">
        <DatabaseZap className="size-3.5 text-accent" aria-hidden="true" />
        <span className="truncate font-medium">{title}</span>
        {part.state === 'input-streaming' ? (
          <span className="ml-auto flex items-center gap-1.5 text-muted">
            <Spinner className="size-3" />
            {ASSISTANT_MESSAGES.writingSql}
          </span>
        ) : null}
      </div>
      {input.sql && (part.state !== 'output-available' || output?.kind !== 'rows') ? (
        <pre className="max-h-[300px] overflow-auto px-3 py-2 font-mono text-xs whitespace-pre-wrap" data-testid="sql-tool-query">
          {input.sql}
        </pre>
      ) : null}
      {part.state === 'output-error' ? (
        <p role="alert" className="border-t border-border px-3 py-2 text-xs text-danger">
          {ASSISTANT_MESSAGES.sqlFailed} {part.errorText}
        </p>
      ) : null}
      {output?.kind === 'rows' ? (
        <ResultWidget sql={input.sql} label={input.label} rows={output.rows} settings={input.chart} />
      ) : output?.kind === 'error' ? (
        <ResultWidget sql={input.sql} label={input.label} error={output.message} />
      ) : output?.kind === 'skipped' ? (
        <p className="border-t border-border px-3 py-2 text-xs text-muted">Skipped: the query was not run.</p>
      ) : output?.kind === 'other' ? (
        <p className="border-t border-border px-3 py-2 text-xs text-muted">{output.text}</p>
      ) : null}
      {part.state === 'input-available' && waiting ? (
        <ConfirmFooter
          message={ASSISTANT_MESSAGES.confirmQuery}
          note={reflagged !== undefined ? `It failed as a read (${reflagged}). ${WRITE_NOTE}` : input.isWriteQuery ? WRITE_NOTE : undefined}
          confirmLabel="Run Query"
          busy={running}
          onSkip={() => onOutput(ASSISTANT_MESSAGES.skippedQuery)}
          onConfirm={() => void run()}
        />
      ) : null}
    </div>
  );
}

import { Bot } from 'lucide-react';
import { lineColumnOf, SQL_EDITOR_MESSAGES } from '@basin/core';
import type { SqlResult } from '@basin/core/schemas';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import type { SqlRunError } from '../../data/sql/use-run-sql-mutation';
import { ResultsGrid } from './results-grid';

export type RunState =
  { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; result: SqlResult } | { kind: 'failed'; error: Error; sql: string };

function summary(result: SqlResult): string {
  const count = result.rowCount ?? result.rows.length;
  if (result.fields.length) return `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
  return result.command ? `${result.command}${result.rowCount === null ? '' : ` ${result.rowCount}`}` : 'Success. No rows returned';
}

function isSqlRunError(error: Error): error is SqlRunError {
  return error.name === 'SqlRunError';
}

/**
 * Below the editor: the grid with its row count and run time, the truncation notice, or the error
 * with its position and 'Debug with Assistant'.
 */
export function ResultPanel({ state, onDebug }: { state: RunState; onDebug?: (error: Error, sql: string) => void }) {
  if (state.kind === 'idle')
    return <p className="p-4 text-sm text-muted">Run a query with Ctrl+Enter (⌘+Enter on a Mac) to see its results here.</p>;
  if (state.kind === 'running') return <p className="p-4 text-sm text-muted">Running…</p>;
  if (state.kind === 'failed') {
    const { error } = state;
    const at = isSqlRunError(error) && error.position ? lineColumnOf(state.sql, error.position) : undefined;
    return (
      <div className="p-4" role="alert">
        <p className="font-mono text-sm text-danger">ERROR: {error.message}</p>
        {at && (
          <p className="mt-1 text-sm text-muted" data-testid="error-position">
            At line {at.line}, column {at.column}
          </p>
        )}
        {isSqlRunError(error) && error.hint && <p className="mt-1 text-sm text-muted">Hint: {error.hint}</p>}
        {onDebug && (
          <Button size="sm" className="mt-3" onClick={() => onDebug(error, state.sql)}>
            <Bot className="size-3.5" aria-hidden="true" />
            Debug with Assistant
          </Button>
        )}
      </div>
    );
  }
  const { result } = state;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-3 border-b border-border px-3 py-1.5 text-xs text-muted">
        <span data-testid="result-summary">{summary(result)}</span>
        <span data-testid="run-time">{result.durationMs.toLocaleString('en-US')} ms</span>
      </div>
      {result.truncated && (
        <Alert tone="warning" className="m-2" title="Results truncated">
          {SQL_EDITOR_MESSAGES.truncated(result.rows.length)}
        </Alert>
      )}
      {result.fields.length > 0 ? (
        <div className="min-h-0 flex-1">
          <ResultsGrid fields={result.fields} rows={result.rows} />
        </div>
      ) : (
        <p className="p-4 text-sm text-muted">Success. No rows returned</p>
      )}
    </div>
  );
}

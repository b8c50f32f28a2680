import type { FunctionInvocation } from '@basin/core/schemas';
import { RotateCw } from 'lucide-react';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DataRow } from '../../ui/data-table';

const statusTone = (status: number): BadgeTone => (status >= 500 ? 'danger' : status >= 400 ? 'warning' : 'success');

/** Milliseconds as people read them: `12 ms`, `1.4 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** `Mar 4, 21:05:09` in local time: invocations a second apart read apart. */
export function formatInvocationTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}, ${date.toLocaleTimeString('en-GB', { hour12: false })}`;
}

/** The newest invocations: status, method and path, duration, memory, time. */
export function InvocationsCard({
  invocations,
  loading,
  error,
  fetching,
  onReload,
}: {
  invocations: FunctionInvocation[] | undefined;
  loading: boolean;
  error: string | undefined;
  fetching: boolean;
  onReload: () => void;
}) {
  return (
    <Card>
      <Card.Header>
        <Card.Title>Recent invocations</Card.Title>
        <Button variant="ghost" size="icon" aria-label="Reload invocations and logs" onClick={onReload} disabled={fetching}>
          <RotateCw className={fetching ? 'size-3.5 animate-spin' : 'size-3.5'} aria-hidden="true" />
        </Button>
      </Card.Header>
      {error && !invocations ? (
        <Card.Content className="text-[13px] text-danger">{error}</Card.Content>
      ) : loading || !invocations ? (
        <Card.Content className="text-[13px] text-muted">Loading…</Card.Content>
      ) : invocations.length === 0 ? (
        <Card.Content className="text-[13px] text-muted">
          No invocations yet. Call the function&apos;s URL and they show here within seconds.
        </Card.Content>
      ) : (
        <div className="max-h-96 overflow-auto">
          <table className="w-full text-left text-[13px]" aria-label="Recent invocations">
            <thead className="sticky top-0 border-b border-border bg-surface-muted text-xs text-muted">
              <tr>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2 font-medium">Request</th>
                <th className="px-4 py-2 font-medium">Duration</th>
                <th className="px-4 py-2 font-medium">Memory</th>
                <th className="px-4 py-2 font-medium">Time</th>
              </tr>
            </thead>
            <tbody>
              {invocations.map((invocation, index) => (
                <DataRow key={`${invocation.execution_id ?? ''}-${invocation.timestamp}-${index}`}>
                  <td className="px-4 py-1.5">
                    <Badge tone={statusTone(invocation.status)}>{invocation.status}</Badge>
                    {invocation.error_code ? <span className="ml-1.5 text-xs text-danger">{invocation.error_code}</span> : null}
                  </td>
                  <td className="max-w-72 truncate px-4 py-1.5 font-mono text-xs">
                    <span className="font-medium">{invocation.method}</span> <span className="text-muted">{invocation.path}</span>
                  </td>
                  <td className="px-4 py-1.5 text-muted tabular-nums">{formatDuration(invocation.execution_time_ms)}</td>
                  <td className="px-4 py-1.5 whitespace-nowrap text-muted tabular-nums">
                    {invocation.memory_used_mb === null ? '—' : `${invocation.memory_used_mb.toFixed(1)} MB`}
                  </td>
                  <td className="px-4 py-1.5 whitespace-nowrap text-muted tabular-nums" title={invocation.timestamp}>
                    {formatInvocationTime(invocation.timestamp)}
                  </td>
                </DataRow>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

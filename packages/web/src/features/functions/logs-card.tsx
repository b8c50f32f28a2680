import type { FunctionLogLine } from '@basin/core/schemas';
import { Card } from '../../ui/card';
import { cn } from '../../ui/cn';

const LEVEL_CLASS: Record<FunctionLogLine['level'], string> = {
  log: 'text-muted',
  info: 'text-info',
  warning: 'text-warning',
  error: 'text-danger',
};

const time = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString(undefined, { hour12: false });
};

/** The workers' console output and lifecycle events (boot, shutdown, uncaught errors), newest first. */
export function LogsCard({ logs, loading, error }: { logs: FunctionLogLine[] | undefined; loading: boolean; error?: string }) {
  return (
    <Card>
      <Card.Header>
        <Card.Title>Logs</Card.Title>
        <span className="text-xs text-muted">console.log and friends, boot and shutdown</span>
      </Card.Header>
      {error && !logs ? (
        <Card.Content className="text-[13px] text-danger">{error}</Card.Content>
      ) : loading || !logs ? (
        <Card.Content className="text-[13px] text-muted">Loading…</Card.Content>
      ) : logs.length === 0 ? (
        <Card.Content className="text-[13px] text-muted">
          No log lines yet: what the function prints with console.log shows here.
        </Card.Content>
      ) : (
        <ol aria-label="Function logs" className="max-h-96 overflow-auto py-1 font-mono text-xs">
          {logs.map((line, index) => (
            <li key={`${line.timestamp}-${index}`} className="flex gap-3 px-4 py-0.5 hover:bg-surface-muted">
              <time dateTime={line.timestamp} className="shrink-0 text-subtle tabular-nums">
                {time(line.timestamp)}
              </time>
              <span className={cn('w-16 shrink-0', line.event_type === 'Log' ? LEVEL_CLASS[line.level] : 'text-subtle')}>
                {line.event_type === 'Log' ? line.level : line.event_type.toLowerCase()}
              </span>
              <span className={cn('min-w-0 whitespace-pre-wrap break-words', line.event_type === 'UncaughtException' && 'text-danger')}>
                {line.event_message}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

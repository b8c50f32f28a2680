import type { UIMessage } from 'ai';
import { Check, ChevronRight, CircleAlert, Wrench } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/spinner';
import { EdgeFunctionToolCard } from './edge-function-tool-card';
import { SqlToolCard } from './sql-tool-card';
import { isToolPart, type ToolPart, toolNameOf } from './tool-part';

const Markdown = lazy(() => import('./markdown'));

/** The server's own tools, as one line each. */
const SERVER_TOOL_LABELS: Record<string, string> = {
  list_policies: 'Listed the policies',
  search_docs: 'Searched the docs',
  rename_chat: 'Renamed the chat',
};

function ServerToolPart({ part }: { part: ToolPart }) {
  const name = toolNameOf(part);
  const label = SERVER_TOOL_LABELS[name] ?? `Used ${name}`;
  if (part.state === 'input-streaming' || part.state === 'input-available') {
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted">
        <Spinner className="size-3" />
        {label}…
      </p>
    );
  }
  if (part.state === 'output-error') {
    return (
      <p className="flex items-center gap-1.5 text-xs text-danger">
        <CircleAlert className="size-3" aria-hidden="true" />
        {label}: {part.errorText}
      </p>
    );
  }
  const output = 'output' in part ? part.output : undefined;
  return (
    <details className="group text-xs text-muted">
      <summary className="flex cursor-pointer list-none items-center gap-1.5">
        <Check className="size-3 text-accent" aria-hidden="true" />
        <Wrench className="size-3" aria-hidden="true" />
        {label}
        <ChevronRight className="size-3 transition-transform group-open:rotate-90" aria-hidden="true" />
      </summary>
      <pre className="mt-1 max-h-48 overflow-auto rounded bg-surface-muted p-2 font-mono whitespace-pre-wrap">
        {typeof output === 'string' ? output : JSON.stringify(output, null, 2)}
      </pre>
    </details>
  );
}

function Reasoning({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <details className="group text-xs text-muted" open={streaming || undefined}>
      <summary className="flex cursor-pointer list-none items-center gap-1">
        <ChevronRight className="size-3 transition-transform group-open:rotate-90" aria-hidden="true" />
        {streaming ? 'Thinking…' : 'Reasoning'}
      </summary>
      <p className="mt-1 border-l-2 border-border pl-2 whitespace-pre-wrap">{text}</p>
    </details>
  );
}

/** Blinks at the end of an answer while it streams. */
export function BlinkingCursor() {
  return (
    <span
      data-testid="streaming-cursor"
      aria-hidden="true"
      className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-foreground align-text-bottom"
    />
  );
}

/**
 * The parts of one message: text (Markdown for the assistant), reasoning, and the tools' cards.
 * `waitingPart` is the index of the part the member must act on (the last message's last part).
 */
export function MessageParts({
  message,
  waitingPart,
  onToolOutput,
}: {
  message: UIMessage;
  waitingPart: number | undefined;
  onToolOutput: (tool: string, toolCallId: string, output: unknown) => void;
}) {
  return (
    <>
      {message.parts.map((part, index) => {
        const key = `${message.id}-${index}`;
        if (part.type === 'text') {
          if (!part.text) return null;
          if (message.role === 'user')
            return (
              <p key={key} className="text-[13px] whitespace-pre-wrap">
                {part.text}
              </p>
            );
          return (
            <Suspense key={key} fallback={<p className="text-[13px] whitespace-pre-wrap">{part.text}</p>}>
              <Markdown text={part.text} />
            </Suspense>
          );
        }
        if (part.type === 'reasoning')
          return part.text ? <Reasoning key={key} text={part.text} streaming={part.state === 'streaming'} /> : null;
        if (!isToolPart(part)) return null;
        const name = toolNameOf(part);
        const answer = (output: unknown) => onToolOutput(name, part.toolCallId, output);
        if (name === 'execute_sql')
          return <SqlToolCard key={part.toolCallId} part={part} waiting={waitingPart === index} onOutput={answer} />;
        if (name === 'deploy_edge_function')
          return <EdgeFunctionToolCard key={part.toolCallId} part={part} waiting={waitingPart === index} onOutput={answer} />;
        return <ServerToolPart key={part.toolCallId} part={part} />;
      })}
    </>
  );
}

/** The index of the last part that shows something (step boundaries show nothing). */
export function lastShownPart(message: UIMessage): number {
  return message.parts.findLastIndex((part) => part.type !== 'step-start');
}

import { ChevronRight, Radio } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../ui/badge';
import { cn } from '../../ui/cn';
import { CopyButton } from '../../ui/copy-button';
import { EmptyState } from '../../ui/empty-state';
import {
  formatMessageTime,
  type InspectorMessage,
  type InspectorMessageType,
  MESSAGE_TYPE_LABELS,
  previewPayload,
} from './inspector-messages';
import { INSPECTOR_MESSAGES } from './inspector-schema';

const TYPE_TONES: Record<InspectorMessageType, BadgeTone> = { broadcast: 'info', presence: 'neutral', postgres_changes: 'success' };

function MessageRow({ message }: { message: InspectorMessage }) {
  const [open, setOpen] = useState(false);
  const detailsId = `realtime-message-${message.id}`;
  const json = JSON.stringify(message.payload, null, 2) ?? String(message.payload);
  return (
    <li className="border-b border-border last:border-b-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen(!open)}
        className="flex w-full cursor-pointer items-center gap-3 px-3 py-2 text-left hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:outline-none"
      >
        <ChevronRight className={cn('size-3.5 shrink-0 text-muted transition-transform', open && 'rotate-90')} aria-hidden="true" />
        <time dateTime={message.receivedAt.toISOString()} className="w-24 shrink-0 font-mono text-xs text-muted tabular-nums">
          {formatMessageTime(message.receivedAt)}
        </time>
        <Badge tone={TYPE_TONES[message.type]} className="w-28 justify-center">
          {MESSAGE_TYPE_LABELS[message.type]}
        </Badge>
        <span className="w-28 shrink-0 truncate font-mono text-xs font-medium">{message.event}</span>
        <span className="min-w-0 flex-1 truncate font-mono text-xs text-muted">{previewPayload(message.payload)}</span>
      </button>
      {open ? (
        <div id={detailsId} className="relative border-t border-border bg-surface-muted">
          <div className="absolute top-1.5 right-1.5">
            <CopyButton value={json} />
          </div>
          <pre aria-label="Payload" className="max-h-80 overflow-auto p-3 pr-20 font-mono text-xs leading-relaxed">
            <code>{json}</code>
          </pre>
        </div>
      ) : null}
    </li>
  );
}

/** What the channel heard, newest first; each row opens to its whole payload. */
export function MessageList({ messages, joined }: { messages: InspectorMessage[]; joined: boolean }) {
  if (messages.length === 0)
    return (
      <EmptyState icon={<Radio className="size-6" aria-hidden="true" />} title={`${INSPECTOR_MESSAGES.noMessages}…`} className="border-0">
        {joined ? INSPECTOR_MESSAGES.noMessagesHint : INSPECTOR_MESSAGES.notJoinedHint}
      </EmptyState>
    );
  return (
    <ol aria-label="Messages" aria-live="polite" className="flex flex-col">
      {messages.map((message) => (
        <MessageRow key={message.id} message={message} />
      ))}
    </ol>
  );
}

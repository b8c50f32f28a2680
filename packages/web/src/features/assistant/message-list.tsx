import type { UIMessage } from 'ai';
import { ArrowDown, Pencil, Sparkles } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { BlinkingCursor, lastShownPart, MessageParts } from './message-parts';
import { MessageRating, type Rating } from './message-rating';

/** How close to the end (px) still counts as at the bottom. */
const BOTTOM_SLACK = 48;

function MessageRoot({ role, editing, children }: { role: UIMessage['role']; editing?: boolean; children: ReactNode }) {
  const user = role === 'user';
  return (
    <article
      aria-label={user ? 'Your message' : 'Assistant message'}
      className={cn(
        'group relative flex flex-col gap-2',
        user ? 'ml-10 self-end rounded-lg bg-surface-muted px-3 py-2' : 'mr-2',
        editing && 'ring-2 ring-accent',
      )}
    >
      {children}
    </article>
  );
}

function MessageActions({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-1 opacity-70 group-focus-within:opacity-100 group-hover:opacity-100">{children}</div>;
}

/** One message: `Message.Parts` then `Message.Actions`. */
export const Message = Object.assign(MessageRoot, { Parts: MessageParts, Actions: MessageActions });

export interface MessageListProps {
  messages: UIMessage[];
  /** An answer is on its way: the cursor blinks at its end. */
  loading: boolean;
  /** Tool cards ask for the member's answer only when nothing streams. */
  ready: boolean;
  editingId: string | undefined;
  ratings: Record<string, Rating>;
  onEdit: (message: UIMessage) => void;
  onRate: (message: UIMessage, rating: Rating, reason?: string) => void;
  onToolOutput: (tool: string, toolCallId: string, output: unknown) => void;
  footer?: ReactNode;
}

/** The conversation with a scroll-to-bottom button; it follows new text while the member is at the end. */
export function MessageList({ messages, loading, ready, editingId, ratings, onEdit, onRate, onToolOutput, footer }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const last = messages.at(-1);

  function measure() {
    const element = scroller.current;
    if (!element) return;
    setAtBottom(element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK);
  }

  function scrollToBottom(smooth: boolean) {
    const element = scroller.current;
    if (!element) return;
    if (typeof element.scrollTo === 'function') element.scrollTo({ top: element.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    else element.scrollTop = element.scrollHeight;
  }

  // New text keeps the view at the end, unless the member scrolled up to read.
  useLayoutEffect(() => {
    if (atBottom) scrollToBottom(false);
  });

  useEffect(() => {
    scrollToBottom(false);
  }, []);

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={measure}
        className="flex h-full flex-col gap-4 overflow-y-auto px-4 py-4"
        role="log"
        aria-label="Conversation"
        aria-live="polite"
      >
        {messages.map((message, index) => {
          const isLast = index === messages.length - 1;
          const waitingPart = isLast && ready && message.role === 'assistant' ? lastShownPart(message) : undefined;
          return (
            <Message key={message.id} role={message.role} editing={message.id === editingId}>
              {message.role === 'assistant' ? (
                <span className="flex items-center gap-1.5 text-xs font-medium text-muted">
                  <Sparkles className="size-3 text-accent" aria-hidden="true" />
                  Assistant
                </span>
              ) : null}
              <Message.Parts message={message} waitingPart={waitingPart} onToolOutput={onToolOutput} />
              {isLast && loading && message.role === 'assistant' ? <BlinkingCursor /> : null}
              {message.role === 'user' ? (
                <div className="absolute top-1 -left-8 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100">
                  <Button variant="ghost" size="icon" aria-label="Edit message" onClick={() => onEdit(message)}>
                    <Pencil className="size-3" aria-hidden="true" />
                  </Button>
                </div>
              ) : !(isLast && loading) ? (
                <Message.Actions>
                  <MessageRating rated={ratings[message.id]} onRate={(rating, reason) => onRate(message, rating, reason)} />
                </Message.Actions>
              ) : null}
            </Message>
          );
        })}
        {loading && last?.role !== 'assistant' ? (
          <div className="mr-2 flex flex-col gap-2" aria-label="Assistant is answering">
            <span className="flex items-center gap-1.5 text-xs font-medium text-muted">
              <Sparkles className="size-3 text-accent" aria-hidden="true" />
              Assistant
            </span>
            <BlinkingCursor />
          </div>
        ) : null}
        {footer}
      </div>
      {!atBottom ? (
        <Button
          size="sm"
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full shadow-md"
          onClick={() => scrollToBottom(true)}
        >
          <ArrowDown className="size-3.5" aria-hidden="true" />
          Scroll to bottom
        </Button>
      ) : null}
    </div>
  );
}

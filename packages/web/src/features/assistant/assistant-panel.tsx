import { MessageSquarePlus, Sparkles, X } from 'lucide-react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';

const IDEAS = [
  'Create a back-end',
  'Health check',
  'Query your data',
  'Set up RLS policies',
  'Create a function',
  'Generate sample data',
];

/** The AI assistant panel (spec part 2 §2). For now: header, the empty state and a disabled input. */
export function AssistantPanel({ onClose, className }: { onClose: () => void; className?: string }) {
  return (
    <aside role="complementary" aria-label="AI assistant" className={cn('flex h-full flex-col bg-surface', className)}>
      <header className="flex h-11 shrink-0 items-center justify-between gap-2 border-b border-border px-3">
        <div className="flex items-center gap-2 text-[13px] font-medium">
          <Sparkles className="size-4 text-accent" aria-hidden="true" />
          Assistant
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label="New chat" disabled>
            <MessageSquarePlus className="size-4" aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label="Close assistant" onClick={onClose}>
            <X className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </header>
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 py-8">
        <div className="flex flex-col gap-1.5">
          <h2 className="text-base font-medium">How can I assist you?</h2>
          <p className="text-[13px] text-muted">
            The assistant will know your database schema, write and run SQL, and build edge functions. Chat arrives in
            a later release.
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-xs font-medium tracking-wide text-subtle uppercase">Ideas</h3>
          <ul className="flex flex-col gap-1">
            {IDEAS.map((idea) => (
              <li key={idea} className="rounded-md border border-border px-3 py-2 text-[13px] text-muted">
                {idea}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-border p-3">
        <textarea
          rows={3}
          disabled
          aria-label="Message"
          placeholder="Chat to Postgres..."
          className="max-h-64 w-full resize-none rounded-md border border-border-strong bg-surface-muted px-3 py-2 text-[13px] placeholder:text-subtle disabled:cursor-not-allowed"
        />
      </div>
    </aside>
  );
}

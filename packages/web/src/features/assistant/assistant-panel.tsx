import { Sparkles, X } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { PageSpinner } from '../../ui/spinner';

/** The panel's content (chat, markdown, tool cards) loads when the panel first opens, not with the project home. */
const AssistantPanelBody = lazy(() => import('./assistant-panel-loader'));

function Loading({ onClose }: { onClose: () => void }) {
  return (
    <>
      <header className="flex h-11 shrink-0 items-center justify-between gap-2 border-b border-border px-2">
        <div className="flex items-center gap-2 px-1 text-[13px] font-medium">
          <Sparkles className="size-4 text-accent" aria-hidden="true" />
          Assistant
        </div>
        <Button variant="ghost" size="icon" aria-label="Close assistant" onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
        </Button>
      </header>
      <PageSpinner label="Loading the assistant" />
    </>
  );
}

/** The AI assistant panel (spec part 2 §2), on the right of the project layout. */
export function AssistantPanel({ onClose, className }: { onClose: () => void; className?: string }) {
  return (
    <aside role="complementary" aria-label="AI assistant" className={cn('flex h-full flex-col bg-surface', className)}>
      <Suspense fallback={<Loading onClose={onClose} />}>
        <AssistantPanelBody onClose={onClose} />
      </Suspense>
    </aside>
  );
}

import { FileCode, X } from 'lucide-react';
import { Button } from '../../ui/button';
import type { AttachedSnippet } from './assistant-requests';

/** The SQL snippets attached to the chat, above the input; each can be removed (its SQL shows on hover). */
export function AttachedSnippets({ snippets, onRemove }: { snippets: readonly AttachedSnippet[]; onRemove: (key: string) => void }) {
  if (snippets.length === 0) return null;
  return (
    <ul aria-label="Attached snippets" className="flex flex-wrap gap-1">
      {snippets.map((snippet) => (
        <li
          key={snippet.key}
          title={snippet.sql}
          className="flex max-w-full items-center gap-1 rounded-md border border-border bg-surface-hover py-0.5 pr-0.5 pl-2 text-xs"
        >
          <FileCode className="size-3 shrink-0 text-muted" aria-hidden="true" />
          <span className="truncate">{snippet.name}</span>
          <Button
            variant="ghost"
            size="icon"
            className="size-5 shrink-0"
            aria-label={`Remove ${snippet.name}`}
            onClick={() => onRemove(snippet.key)}
          >
            <X className="size-3" aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

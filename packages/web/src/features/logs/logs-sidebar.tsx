import { ChevronRight, FileCode2, Star, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { LOG_SOURCES } from '@basin/core';
import { cn } from '../../ui/cn';
import { formatDay } from './format';
import type { SavedLogQuery } from './saved-queries';
import type { QueryTemplate } from './templates';

const ITEM =
  'flex w-full cursor-pointer flex-col items-start gap-0.5 rounded-md px-2 py-1.5 text-left hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

function Section({ title, children, defaultOpen = true }: { title: string; children: ReactNode; defaultOpen?: boolean }) {
  return (
    <details open={defaultOpen} className="group">
      <summary className="flex cursor-pointer list-none items-center gap-1 px-2 py-1 text-[11px] font-medium tracking-wide text-subtle uppercase">
        <ChevronRight className="size-3 transition-transform group-open:rotate-90" aria-hidden="true" />
        {title}
      </summary>
      <div className="flex flex-col gap-0.5 pb-2">{children}</div>
    </details>
  );
}

/** Templates, the user's saved queries and the log sources' columns, beside the editor. */
export function LogsSidebar({
  templates,
  saved,
  savedReady,
  onOpen,
  onDelete,
}: {
  templates: readonly QueryTemplate[];
  saved: readonly SavedLogQuery[];
  savedReady: boolean;
  onOpen: (sql: string) => void;
  onDelete: (query: SavedLogQuery) => void;
}) {
  const [openSource, setOpenSource] = useState<string | null>(null);
  return (
    <aside aria-label="Log queries" className="hidden w-60 shrink-0 flex-col overflow-y-auto border-r border-border bg-surface p-2 md:flex">
      <Section title="Templates">
        <ul aria-label="Templates">
          {templates.map((template) => (
            <li key={template.id}>
              <button type="button" className={ITEM} onClick={() => onOpen(template.sql)} title={template.sql}>
                <span className="flex items-center gap-1.5 text-[13px]">
                  <FileCode2 className="size-3.5 text-muted" aria-hidden="true" />
                  {template.label}
                </span>
                <span className="text-[11px] text-muted">{template.description}</span>
              </button>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Saved queries">
        {!savedReady ? null : saved.length === 0 ? (
          <p className="px-2 text-xs text-muted">Queries you save appear here (kept in this browser).</p>
        ) : (
          <ul aria-label="Saved queries">
            {saved.map((query) => (
              <li key={query.id} className="group/saved relative">
                <button type="button" className={cn(ITEM, 'pr-8')} onClick={() => onOpen(query.sql)} title={query.sql}>
                  <span className="flex items-center gap-1.5 text-[13px]">
                    <Star className="size-3.5 text-muted" aria-hidden="true" />
                    <span className="truncate">{query.name}</span>
                  </span>
                  <span className="text-[11px] text-muted">Saved {formatDay(query.saved_at)}</span>
                </button>
                <button
                  type="button"
                  aria-label={`Delete saved query ${query.name}`}
                  onClick={() => onDelete(query)}
                  className="absolute top-1.5 right-1 inline-flex size-6 cursor-pointer items-center justify-center rounded text-muted opacity-0 group-hover/saved:opacity-100 hover:text-danger focus-visible:opacity-100"
                >
                  <Trash2 className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Sources" defaultOpen={false}>
        <ul aria-label="Sources">
          {LOG_SOURCES.map((source) => (
            <li key={source.name}>
              <button
                type="button"
                aria-expanded={openSource === source.name}
                className={ITEM}
                onClick={() => setOpenSource(openSource === source.name ? null : source.name)}
                title={source.description}
              >
                <span className="font-mono text-xs">{source.name}</span>
              </button>
              {openSource === source.name ? (
                <ul aria-label={`Columns of ${source.name}`} className="mb-1 ml-3 border-l border-border pl-2">
                  {source.columns.map((column) => (
                    <li
                      key={column.name}
                      className="flex items-baseline justify-between gap-2 py-0.5 text-[11px]"
                      title={column.description}
                    >
                      <span className="font-mono">{column.name}</span>
                      <span className="truncate text-subtle">{column.type}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
    </aside>
  );
}

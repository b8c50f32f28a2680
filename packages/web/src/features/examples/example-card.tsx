import { ExternalLink } from 'lucide-react';
import type { ExampleApp } from '@basin/core';
import { FrameworkIcon } from './framework-icon';

/** An example project; opens its source in a new tab. */
export function ExampleCard({ app }: { app: ExampleApp }) {
  return (
    <li>
      <a
        href={app.url}
        target="_blank"
        rel="noreferrer noopener"
        className="group flex h-full gap-3 rounded-lg border border-border bg-surface p-3 transition-colors hover:border-border-strong hover:bg-surface-muted"
      >
        <FrameworkIcon framework={app.framework} />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-1.5">
            <h4 className="truncate text-[13px] font-medium">{app.title}</h4>
            <ExternalLink className="size-3 shrink-0 text-subtle opacity-0 group-hover:opacity-100" aria-hidden="true" />
          </div>
          <p className="mt-0.5 line-clamp-2 text-xs text-muted">{app.description}</p>
        </div>
      </a>
    </li>
  );
}

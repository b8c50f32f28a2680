import { BookOpen, FolderGit2 } from 'lucide-react';
import { Badge } from '../../ui/badge';
import { clientLibraryBadge, type ClientLibrary } from '@basin/core';

export function ClientLibraryCard({ library }: { library: ClientLibrary }) {
  const badge = clientLibraryBadge(library);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-3">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-[13px] font-medium">{library.language}</h4>
        {badge ? <Badge>{badge}</Badge> : null}
      </div>
      <div className="flex gap-3 text-xs">
        <a
          href={library.docsUrl}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1 text-muted hover:text-foreground"
        >
          <BookOpen className="size-3.5" aria-hidden="true" />
          Docs
        </a>
        <a
          href={library.githubUrl}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1 text-muted hover:text-foreground"
        >
          <FolderGit2 className="size-3.5" aria-hidden="true" />
          GitHub
        </a>
      </div>
    </li>
  );
}

import { Ellipsis, FileCode, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { Snippet } from '@basin/core/schemas';
import { useSnippetsQuery } from '../../data/snippets/use-snippets-query';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { DropdownMenu } from '../../ui/dropdown-menu';
import { DeleteSnippetDialog, RenameSnippetDialog } from './snippet-dialogs';

function SnippetItem({ snippet, openId }: { snippet: Snippet; openId: string | undefined }) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | undefined>();
  const close = (open: boolean) => !open && setDialog(undefined);
  return (
    <li className="group flex items-center">
      <NavLink
        to={`/project/${snippet.project_ref}/sql/${snippet.id}`}
        className={({ isActive }) =>
          cn(
            'flex min-w-0 flex-1 items-center gap-2 rounded px-2 py-1.5 text-[13px] hover:bg-surface-hover',
            isActive ? 'bg-surface-hover text-foreground' : 'text-muted',
          )
        }
      >
        <FileCode className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">{snippet.name}</span>
      </NavLink>
      <DropdownMenu>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${snippet.name}`}>
            <Ellipsis className="size-3.5" aria-hidden="true" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content>
          <DropdownMenu.Item onSelect={() => setDialog('rename')}>Rename query</DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => setDialog('delete')}>Delete query</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu>
      <RenameSnippetDialog snippet={snippet} open={dialog === 'rename'} onOpenChange={close} />
      <DeleteSnippetDialog snippet={snippet} open={dialog === 'delete'} onOpenChange={close} isOpen={snippet.id === openId} />
    </li>
  );
}

/** The side column: a new query, then the member's saved queries, last changed first. */
export function SnippetList({ projectRef, openId }: { projectRef: string; openId: string | undefined }) {
  const { data: snippets, isPending, error } = useSnippetsQuery(projectRef);
  return (
    <aside aria-label="Queries" className="flex h-full w-60 shrink-0 flex-col border-r border-border">
      <div className="flex items-center justify-between px-3 py-2">
        <h2 className="text-[13px] font-medium">SQL Editor</h2>
        <Button asChild size="sm">
          <Link to={`/project/${projectRef}/sql`}>
            <Plus className="size-3.5" aria-hidden="true" />
            New query
          </Link>
        </Button>
      </div>
      <ul className="flex min-h-0 flex-1 flex-col gap-0.5 overflow-y-auto px-2 pb-2">
        {isPending && <li className="px-2 text-xs text-muted">Loading queries…</li>}
        {error && <li className="px-2 text-xs text-danger">Failed to load queries: {error.message}</li>}
        {snippets?.length === 0 && <li className="px-2 text-xs text-muted">No saved queries yet</li>}
        {snippets?.map((snippet) => (
          <SnippetItem key={snippet.id} snippet={snippet} openId={openId} />
        ))}
      </ul>
    </aside>
  );
}

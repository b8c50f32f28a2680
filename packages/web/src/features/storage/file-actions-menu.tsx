import { MoreHorizontal } from 'lucide-react';
import { STORAGE_MESSAGES } from '@basin/core/schemas';
import { Button } from '../../ui/button';
import { DropdownMenu } from '../../ui/dropdown-menu';

export interface FileActions {
  download: () => void;
  copyPublicUrl?: () => void;
  signUrl: () => void;
  /** Move or rename the file. */
  move: () => void;
  remove: () => void;
}

/** A file's actions; those that change or share it need storage:write. */
export function FileActionsMenu({ name, canWrite, actions }: { name: string; canWrite: boolean; actions: FileActions }) {
  return (
    <DropdownMenu>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
          <MoreHorizontal className="size-4" aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Item onSelect={actions.download}>Download</DropdownMenu.Item>
        {actions.copyPublicUrl ? <DropdownMenu.Item onSelect={actions.copyPublicUrl}>Copy public URL</DropdownMenu.Item> : null}
        <DropdownMenu.Item disabled={!canWrite} onSelect={actions.signUrl}>
          Get signed URL
        </DropdownMenu.Item>
        <DropdownMenu.Item disabled={!canWrite} onSelect={actions.move}>
          Move
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Item disabled={!canWrite} className="text-danger" onSelect={actions.remove}>
          Delete
        </DropdownMenu.Item>
        {!canWrite ? <DropdownMenu.Label>{STORAGE_MESSAGES.noWritePermission}</DropdownMenu.Label> : null}
      </DropdownMenu.Content>
    </DropdownMenu>
  );
}

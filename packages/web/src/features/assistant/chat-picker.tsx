import { Check, ChevronDown, MessageSquarePlus, Pencil, Search, Settings2, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ASSISTANT_MESSAGES } from '@basin/core';
import { CHAT_NAME_MAX_LENGTH, type Chat } from '@basin/core/schemas';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';
import { Popover } from '../../ui/popover';

export const NEW_CHAT_NAME = ASSISTANT_MESSAGES.defaultChatName;

function RenameForm({ chat, onRename, onDone }: { chat: Chat; onRename: (name: string) => void; onDone: () => void }) {
  const [name, setName] = useState(chat.name);
  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed && trimmed !== chat.name) onRename(trimmed);
    onDone();
  }
  return (
    <form onSubmit={submit} className="flex items-center gap-1 px-1 py-0.5">
      <Input
        autoFocus
        aria-label="Chat name"
        value={name}
        maxLength={CHAT_NAME_MAX_LENGTH}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onDone();
          }
        }}
        className="h-7"
      />
      <Button type="submit" variant="ghost" size="icon" aria-label="Save name">
        <Check className="size-3.5" aria-hidden="true" />
      </Button>
    </form>
  );
}

/**
 * The chat picker of the assistant's header (spec part 2 §2): search, rename, delete (only when
 * there is more than one chat), new chat, permission settings and close.
 */
export function ChatPicker({
  chats,
  activeId,
  title,
  onSelect,
  onNewChat,
  onRename,
  onDelete,
  onPermissionSettings,
}: {
  chats: Chat[];
  activeId: string | undefined;
  title: string;
  onSelect: (chatId: string) => void;
  onNewChat: () => void;
  onRename: (chatId: string, name: string) => void;
  onDelete: (chatId: string) => void;
  onPermissionSettings: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [renaming, setRenaming] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState<Chat | undefined>(undefined);
  const shown = chats.filter((chat) => chat.name.toLowerCase().includes(search.trim().toLowerCase()));
  const mayDelete = chats.length > 1;

  function close() {
    setOpen(false);
    setRenaming(undefined);
    setSearch('');
  }

  return (
    <>
      <Popover open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
        <Popover.Trigger asChild>
          <Button variant="ghost" size="sm" aria-label={`Chats: ${title}`} className="max-w-56 min-w-0 text-foreground">
            <span className="truncate">{title}</span>
            <ChevronDown className="size-3 shrink-0" aria-hidden="true" />
          </Button>
        </Popover.Trigger>
        <Popover.Content label="Chats" className="flex w-72 flex-col gap-2 p-2">
          <div className="flex items-center gap-1">
            <div className="relative flex-1">
              <Search className="pointer-events-none absolute top-2 left-2 size-3.5 text-subtle" aria-hidden="true" />
              <Input
                aria-label="Search chats"
                placeholder="Search chats..."
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className="h-7 pl-7"
              />
            </div>
            <Button variant="ghost" size="icon" aria-label="Close chats" onClick={close}>
              <X className="size-3.5" aria-hidden="true" />
            </Button>
          </div>
          <ul className="flex max-h-64 flex-col gap-0.5 overflow-y-auto" aria-label="Chats">
            {shown.length === 0 ? <li className="px-2 py-1.5 text-xs text-muted">No chats match.</li> : null}
            {shown.map((chat) =>
              renaming === chat.id ? (
                <li key={chat.id}>
                  <RenameForm chat={chat} onRename={(name) => onRename(chat.id, name)} onDone={() => setRenaming(undefined)} />
                </li>
              ) : (
                <li key={chat.id} className={cn('group flex items-center rounded-sm', chat.id === activeId && 'bg-surface-hover')}>
                  <button
                    type="button"
                    aria-current={chat.id === activeId || undefined}
                    className="min-w-0 flex-1 cursor-pointer truncate px-2 py-1.5 text-left text-[13px] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    onClick={() => {
                      onSelect(chat.id);
                      close();
                    }}
                  >
                    {chat.name}
                  </button>
                  <Button variant="ghost" size="icon" aria-label={`Rename ${chat.name}`} onClick={() => setRenaming(chat.id)}>
                    <Pencil className="size-3" aria-hidden="true" />
                  </Button>
                  {mayDelete ? (
                    <Button variant="ghost" size="icon" aria-label={`Delete ${chat.name}`} onClick={() => setDeleting(chat)}>
                      <Trash2 className="size-3" aria-hidden="true" />
                    </Button>
                  ) : null}
                </li>
              ),
            )}
          </ul>
          <div className="flex flex-col gap-0.5 border-t border-border pt-2">
            <Button
              variant="ghost"
              size="sm"
              className="justify-start"
              onClick={() => {
                onNewChat();
                close();
              }}
            >
              <MessageSquarePlus className="size-3.5" aria-hidden="true" />
              New chat
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="justify-start"
              onClick={() => {
                close();
                onPermissionSettings();
              }}
            >
              <Settings2 className="size-3.5" aria-hidden="true" />
              Permission settings
            </Button>
          </div>
        </Popover.Content>
      </Popover>
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(next) => !next && setDeleting(undefined)}
        title="Delete chat"
        description={deleting ? `“${deleting.name}” and its messages are deleted for good.` : undefined}
        variant="danger"
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting) onDelete(deleting.id);
          setDeleting(undefined);
        }}
      />
    </>
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Snippet } from '@basin/core/schemas';
import { useDeleteSnippetMutation } from '../../data/snippets/use-delete-snippet-mutation';
import { useUpdateSnippetMutation } from '../../data/snippets/use-update-snippet-mutation';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';

interface DialogProps {
  snippet: Snippet;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RenameSnippetDialog({ snippet, open, onOpenChange }: DialogProps) {
  const [name, setName] = useState(snippet.name);
  const rename = useUpdateSnippetMutation({ onSuccess: () => onOpenChange(false) });
  const trimmed = name.trim();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setName(snippet.name);
        onOpenChange(next);
      }}
      title="Rename query"
      confirmLabel="Rename"
      loading={rename.isPending}
      confirmDisabled={!trimmed || trimmed === snippet.name}
      onConfirm={() => rename.mutate({ ref: snippet.project_ref, id: snippet.id, name: trimmed })}
    >
      <label className="flex flex-col gap-1.5 text-[13px]">
        Name
        <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={256} autoFocus />
      </label>
    </ConfirmDialog>
  );
}

/** Type-to-confirm, then back to a new query when the open snippet was the one deleted. */
export function DeleteSnippetDialog({ snippet, open, onOpenChange, isOpen }: DialogProps & { isOpen: boolean }) {
  const navigate = useNavigate();
  const remove = useDeleteSnippetMutation({
    onSuccess: () => {
      onOpenChange(false);
      if (isOpen) void navigate(`/project/${snippet.project_ref}/sql`, { replace: true });
    },
  });
  return (
    <TypeToConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${snippet.name}?`}
      variant="danger"
      confirmString={snippet.name}
      confirmLabel="Delete query"
      loading={remove.isPending}
      onConfirm={() => remove.mutate({ ref: snippet.project_ref, id: snippet.id })}
    >
      <p className="text-[13px] text-muted">The saved query is removed for good. Its results were never stored.</p>
    </TypeToConfirmDialog>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { EMPTY_FOLDER_PLACEHOLDER } from '@basin/core/schemas';
import { storageKeys } from '../../data/storage/keys';
import { uploadObject } from '../../data/storage/upload-object';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { folderNameProblem } from './object-names';

/** A new folder under `folder`: kept by an empty `.emptyFolderPlaceholder` object, as Supabase's dashboard does. */
export function CreateFolderDialog({
  projectRef,
  bucket,
  folder,
  existing,
  open,
  onOpenChange,
  onCreated,
}: {
  projectRef: string;
  bucket: string;
  folder: string;
  existing: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (path: string) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setName('');
      setError(undefined);
    }
  }

  async function create() {
    const problem = folderNameProblem(name, existing);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const path = `${folder}${name.trim()}/`;
      await uploadObject({
        ref: projectRef,
        bucket,
        name: `${path}${EMPTY_FOLDER_PLACEHOLDER}`,
        file: new Blob([], { type: 'application/octet-stream' }),
      });
      await queryClient.invalidateQueries({ queryKey: storageKeys.objectsOf(projectRef, bucket) });
      toast.success(`Created folder ${name.trim()}`);
      onOpenChange(false);
      onCreated(path);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create a folder"
      description={`In ${bucket}/${folder}`}
      confirmLabel="Create folder"
      loading={saving}
      onConfirm={() => void create()}
    >
      <Field id={id} label="Folder name" error={error}>
        <Input
          {...fieldControlProps(id, { error })}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
    </ConfirmDialog>
  );
}

import type { StorageObject } from '@basin/core/schemas';
import { CreateFolderDialog } from './create-folder-dialog';
import { DeleteFilesDialog } from './delete-files-dialog';
import { MoveFileDialog } from './move-file-dialog';
import { SignedUrlDialog } from './signed-url-dialog';

/** Which of the file browser's dialogs is open, with what it is about. */
export type FileBrowserDialog =
  { kind: 'folder' } | { kind: 'delete'; paths: string[] } | { kind: 'sign'; path: string } | { kind: 'move'; path: string } | null;

export interface FileBrowserDialogsProps {
  projectRef: string;
  bucket: string;
  folder: string;
  /** The folder's entries (a new folder's name must differ from theirs). */
  entries: StorageObject[];
  dialog: FileBrowserDialog;
  onClose: () => void;
  onFolderCreated: (path: string) => void;
  onDeleted: (paths: string[]) => void;
  onMoved: (from: string, to: string) => void;
}

/** The file browser's dialogs: create a folder, delete files and folders, move a file, get a signed URL. */
export function FileBrowserDialogs({
  projectRef,
  bucket,
  folder,
  entries,
  dialog,
  onClose,
  onFolderCreated,
  onDeleted,
  onMoved,
}: FileBrowserDialogsProps) {
  const onOpenChange = (open: boolean) => !open && onClose();
  return (
    <>
      <CreateFolderDialog
        projectRef={projectRef}
        bucket={bucket}
        folder={folder}
        existing={entries.map((entry) => entry.name)}
        open={dialog?.kind === 'folder'}
        onOpenChange={onOpenChange}
        onCreated={onFolderCreated}
      />
      {dialog?.kind === 'delete' ? (
        <DeleteFilesDialog
          projectRef={projectRef}
          bucket={bucket}
          paths={dialog.paths}
          open
          onOpenChange={onOpenChange}
          onDeleted={() => onDeleted(dialog.paths)}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveFileDialog
          projectRef={projectRef}
          bucket={bucket}
          path={dialog.path}
          open
          onOpenChange={onOpenChange}
          onMoved={(to) => onMoved(dialog.path, to)}
        />
      ) : null}
      {dialog?.kind === 'sign' ? (
        <SignedUrlDialog projectRef={projectRef} bucket={bucket} path={dialog.path} open onOpenChange={onOpenChange} />
      ) : null}
    </>
  );
}

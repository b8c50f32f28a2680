import { Download, FolderInput } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { formatBytes, STORAGE_MESSAGES, type StorageObject } from '@basin/core/schemas';
import { objectPath } from '../../data/storage/paths';
import { formatDateTime } from '../../lib/format-date';
import { Button } from '../../ui/button';
import { previewKind } from './object-names';
import { PermissionButton } from './permission-button';
import { DetailFields } from '../../ui/detail-fields';
import { Sheet } from '../../ui/sheet';

const PREVIEW_BYTES = 64 * 1024;

function TextPreview({ url }: { url: string }) {
  const [text, setText] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { headers: { range: `bytes=0-${PREVIEW_BYTES - 1}` }, credentials: 'same-origin', signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        setText(await response.text());
      })
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [url]);
  if (failed) return <p className="text-xs text-muted">The preview could not be loaded.</p>;
  if (text === undefined) return <p className="text-xs text-muted">Loading the preview…</p>;
  return (
    <pre
      aria-label="Preview"
      tabIndex={0}
      className="max-h-80 overflow-auto rounded-md border border-border bg-surface-muted p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap"
    >
      {text}
    </pre>
  );
}

/** The file's details beside the list (`?file=` in the URL): size, type, dates, a preview of images and text, and its actions. */
export function FileDetailsPanel({
  projectRef,
  bucket,
  path,
  entry,
  actions,
  canWrite = false,
  onMove,
  onClose,
}: {
  projectRef: string;
  bucket: string;
  /** The open file's full name, or null. */
  path: string | null;
  entry: StorageObject | undefined;
  actions?: ReactNode;
  /** Whether the member may move the file (storage:write). */
  canWrite?: boolean;
  onMove?: () => void;
  onClose: () => void;
}) {
  const name = path?.split('/').pop() ?? '';
  const url = path ? objectPath(projectRef, bucket, path) : '';
  const kind = previewKind(entry?.metadata?.mimetype);
  return (
    <Sheet open={Boolean(path)} onOpenChange={(open) => !open && onClose()}>
      <Sheet.Content
        side="right"
        title={name}
        description="Details of the file"
        className="w-[28rem] max-w-[92vw]"
        actions={entry ? actions : null}
      >
        <div className="flex flex-col gap-4 p-5">
          {!entry ? (
            <p className="text-[13px] text-muted">This file is not in the folder any more.</p>
          ) : (
            <>
              {kind === 'image' ? (
                <div className="flex justify-center rounded-md border border-border bg-surface-muted p-2">
                  <img src={`${url}?inline`} alt={`Preview of ${name}`} className="max-h-72 max-w-full object-contain" />
                </div>
              ) : kind === 'text' ? (
                <TextPreview url={`${url}?inline`} />
              ) : (
                <p className="rounded-md border border-dashed border-border-strong px-3 py-6 text-center text-xs text-muted">
                  No preview for this type of file.
                </p>
              )}
              <DetailFields
                rows={[
                  ['Name', <span className="font-mono text-xs">{path}</span>],
                  ['Size', entry.metadata?.size !== undefined ? formatBytes(entry.metadata.size) : '—'],
                  ['Type', entry.metadata?.mimetype ?? '—'],
                  ['Updated', entry.updated_at ? formatDateTime(entry.updated_at) : '—'],
                  ['Created', entry.created_at ? formatDateTime(entry.created_at) : '—'],
                  ['Cache control', entry.metadata?.cacheControl ?? '—'],
                ]}
              />
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  <a href={url} download={name}>
                    <Download className="size-3.5" aria-hidden="true" />
                    Download
                  </a>
                </Button>
                {onMove ? (
                  <PermissionButton allowed={canWrite} reason={STORAGE_MESSAGES.noWritePermission} onClick={onMove}>
                    <FolderInput className="size-3.5" aria-hidden="true" />
                    Move
                  </PermissionButton>
                ) : null}
              </div>
            </>
          )}
        </div>
      </Sheet.Content>
    </Sheet>
  );
}

import { Ban, CircleCheck, CircleX, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatBytes } from '@basin/core/schemas';
import { Button } from '../../ui/button';
import { isRunning, type Upload } from './use-uploads';

/**
 * The uploads of this visit: each file's progress with a Cancel button, then done, cancelled or
 * why it failed. After a cancel, focus moves to the next Cancel button (or the queue's Clear
 * button), not to the page's start.
 */
export function UploadQueue({ uploads, onCancel, onClear }: { uploads: Upload[]; onCancel: (id: number) => void; onClear: () => void }) {
  const section = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  const running = uploads.some(isRunning);
  useEffect(() => {
    if (!refocus.current || !section.current) return;
    refocus.current = false;
    const target = section.current.querySelector<HTMLElement>('[data-cancel], [data-clear]') ?? section.current;
    target.focus();
  });
  if (!uploads.length) return null;
  const cancel = (id: number) => {
    refocus.current = section.current?.contains(document.activeElement) ?? false;
    onCancel(id);
  };
  return (
    <section ref={section} tabIndex={-1} aria-label="Uploads" className="mb-3 rounded-lg border border-border bg-surface outline-none">
      <div className="flex items-center justify-between border-b border-border px-3 py-1.5">
        <h2 className="text-xs font-medium text-muted">{running ? 'Uploading…' : 'Uploads'}</h2>
        {!running ? (
          <Button variant="ghost" size="icon" aria-label="Clear the uploads" data-clear onClick={onClear}>
            <X className="size-3.5" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <ul className="flex max-h-48 flex-col overflow-y-auto">
        {uploads.map((upload) => {
          const percent = upload.total ? Math.round((upload.sent / upload.total) * 100) : upload.status === 'done' ? 100 : 0;
          return (
            <li key={upload.id} className="flex min-h-9 items-center gap-3 px-3 py-1 text-xs">
              <span className="min-w-0 flex-1 truncate" title={upload.name}>
                {upload.name}
              </span>
              {upload.status === 'failed' ? (
                <span className="flex items-center gap-1 text-danger" role="alert">
                  <CircleX className="size-3.5" aria-hidden="true" />
                  {upload.error}
                </span>
              ) : upload.status === 'done' ? (
                <span className="flex items-center gap-1 text-accent">
                  <CircleCheck className="size-3.5" aria-hidden="true" />
                  {formatBytes(upload.total)}
                </span>
              ) : upload.status === 'cancelled' ? (
                <span className="flex items-center gap-1 text-muted" role="status">
                  <Ban className="size-3.5" aria-hidden="true" />
                  Cancelled
                </span>
              ) : (
                <>
                  <progress
                    className="h-1.5 w-32 overflow-hidden rounded-full [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-surface-muted [&::-webkit-progress-value]:bg-accent"
                    max={100}
                    value={percent}
                    aria-label={`Upload of ${upload.name}`}
                  />
                  <span className="w-12 text-right text-muted tabular-nums">{upload.status === 'queued' ? 'Queued' : `${percent}%`}</span>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Cancel the upload of ${upload.name}`}
                    data-cancel
                    onClick={() => cancel(upload.id)}
                  >
                    Cancel
                  </Button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

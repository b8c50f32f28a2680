import { CircleCheck, CircleX, X } from 'lucide-react';
import { formatBytes } from '@basin/core/schemas';
import { Button } from '../../ui/button';
import type { Upload } from './use-uploads';

/** The uploads of this visit: each file's progress, then done or why it failed. */
export function UploadQueue({ uploads, onClear }: { uploads: Upload[]; onClear: () => void }) {
  if (!uploads.length) return null;
  const running = uploads.some((upload) => upload.status === 'uploading' || upload.status === 'queued');
  return (
    <section aria-label="Uploads" className="mb-3 rounded-lg border border-border bg-surface">
      <div className="flex items-center justify-between border-b border-border px-3 py-1.5">
        <h2 className="text-xs font-medium text-muted">{running ? 'Uploading…' : 'Uploads'}</h2>
        {!running ? (
          <Button variant="ghost" size="icon" aria-label="Clear the uploads" onClick={onClear}>
            <X className="size-3.5" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <ul className="flex max-h-48 flex-col overflow-y-auto">
        {uploads.map((upload) => {
          const percent = upload.total ? Math.round((upload.sent / upload.total) * 100) : upload.status === 'done' ? 100 : 0;
          return (
            <li key={upload.id} className="flex items-center gap-3 px-3 py-1.5 text-xs">
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
              ) : (
                <>
                  <progress
                    className="h-1.5 w-32 overflow-hidden rounded-full [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-surface-muted [&::-webkit-progress-value]:bg-accent"
                    max={100}
                    value={percent}
                    aria-label={`Upload of ${upload.name}`}
                  />
                  <span className="w-10 text-right text-muted tabular-nums">{percent}%</span>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

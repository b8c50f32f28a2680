import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { storageKeys } from '../../data/storage/keys';
import { uploadObject } from '../../data/storage/upload-object';
import { toast } from '../../lib/toast';

export interface Upload {
  id: number;
  name: string;
  sent: number;
  total: number;
  status: 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';
  error?: string;
}

const PARALLEL = 2;

/** Whether the upload may still be cancelled. */
export const isRunning = (upload: Upload) => upload.status === 'queued' || upload.status === 'uploading';

/**
 * Uploads files into a folder of the bucket, two at a time, each with its progress. `cancel`
 * aborts one (its request, or its turn if it has not started): the server writes an upload to a
 * temporary file and only keeps it once the whole body arrived, so nothing of it is left.
 */
export function useUploads(ref: string, bucket: string) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const next = useRef(0);
  /** One per upload not finished yet. */
  const controllers = useRef(new Map<number, AbortController>());

  const update = (id: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const start = useCallback(
    async (files: File[], folder: string) => {
      const batch = files.map((file) => ({
        file,
        upload: { id: next.current++, name: `${folder}${file.name}`, sent: 0, total: file.size, status: 'queued' as const },
      }));
      for (const { upload } of batch) controllers.current.set(upload.id, new AbortController());
      setUploads((current) => [...current.filter((upload) => upload.status !== 'done'), ...batch.map((item) => item.upload)]);
      let failed = 0;
      let cancelled = 0;
      const queue = [...batch];
      const worker = async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          const { file, upload } = item;
          const signal = controllers.current.get(upload.id)?.signal;
          if (signal?.aborted) {
            cancelled++;
            controllers.current.delete(upload.id);
            continue;
          }
          update(upload.id, { status: 'uploading' });
          try {
            await uploadObject({
              ref,
              bucket,
              name: upload.name,
              file,
              signal,
              onProgress: (sent, total) => update(upload.id, { sent, total }),
            });
            update(upload.id, { status: 'done', sent: file.size });
          } catch (error) {
            if (signal?.aborted) {
              cancelled++;
              update(upload.id, { status: 'cancelled' });
            } else {
              failed++;
              const message = error instanceof Error ? error.message : String(error);
              update(upload.id, { status: 'failed', error: message });
              toast.error(`Failed to upload ${file.name}: ${message}`);
            }
          } finally {
            controllers.current.delete(upload.id);
          }
          await queryClient.invalidateQueries({ queryKey: storageKeys.objectsOf(ref, bucket) });
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker));
      const done = batch.length - failed - cancelled;
      if (done > 0)
        toast.success(batch.length === 1 ? `Uploaded ${batch[0]!.file.name}` : `Uploaded ${done} ${done === 1 ? 'file' : 'files'}`);
    },
    [ref, bucket, queryClient],
  );

  /** Stops an upload that is queued or running; the queue says Cancelled at once. */
  const cancel = useCallback((id: number) => {
    const controller = controllers.current.get(id);
    if (!controller || controller.signal.aborted) return;
    controller.abort();
    setUploads((current) => current.map((upload) => (upload.id === id && isRunning(upload) ? { ...upload, status: 'cancelled' } : upload)));
  }, []);

  const clear = () => setUploads((current) => current.filter(isRunning));
  return { uploads, start, cancel, clear };
}

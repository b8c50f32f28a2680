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
  status: 'queued' | 'uploading' | 'done' | 'failed';
  error?: string;
}

const PARALLEL = 2;

/** Uploads files into a folder of the bucket, two at a time, each with its progress. */
export function useUploads(ref: string, bucket: string) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const next = useRef(0);

  const update = (id: number, change: Partial<Upload>) => setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const start = useCallback(
    async (files: File[], folder: string) => {
      const batch = files.map((file) => ({ file, upload: { id: next.current++, name: `${folder}${file.name}`, sent: 0, total: file.size, status: 'queued' as const } }));
      setUploads((current) => [...current.filter((upload) => upload.status !== 'done'), ...batch.map((item) => item.upload)]);
      let failed = 0;
      const queue = [...batch];
      const worker = async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          const { file, upload } = item;
          update(upload.id, { status: 'uploading' });
          try {
            await uploadObject({ ref, bucket, name: upload.name, file, onProgress: (sent, total) => update(upload.id, { sent, total }) });
            update(upload.id, { status: 'done', sent: file.size });
          } catch (error) {
            failed++;
            const message = error instanceof Error ? error.message : String(error);
            update(upload.id, { status: 'failed', error: message });
            toast.error(`Failed to upload ${file.name}: ${message}`);
          }
          await queryClient.invalidateQueries({ queryKey: storageKeys.objectsOf(ref, bucket) });
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker));
      const done = batch.length - failed;
      if (done > 0) toast.success(batch.length === 1 ? `Uploaded ${batch[0]!.file.name}` : `Uploaded ${done} ${done === 1 ? 'file' : 'files'}`);
    },
    [ref, bucket, queryClient],
  );

  const clear = () => setUploads((current) => current.filter((upload) => upload.status === 'uploading' || upload.status === 'queued'));
  return { uploads, start, clear };
}

import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../fetcher';
import { bundleFile, type BundleFile, type DeployMetadata } from './bundle';
import { functionKeys } from './keys';
import { functionPath } from './paths';

export interface FunctionBody {
  metadata: Partial<DeployMetadata> & { entrypoint_path: string };
  files: BundleFile[];
}

/**
 * `GET …/functions/{slug}/body`: the current version as a deploy sends it, a multipart form with a
 * `metadata` part and one `file` part per file. Errors are JSON, read by the usual fetcher.
 */
export async function getFunctionBody(ref: string | undefined, slug: string, signal?: AbortSignal): Promise<FunctionBody> {
  const path = functionPath(ref, slug, '/body');
  const response = await fetch(path, { credentials: 'same-origin', signal });
  if (!response.ok) {
    const body = await response.text();
    const message = (() => {
      try {
        return (JSON.parse(body) as { message?: string }).message;
      } catch {
        return undefined;
      }
    })();
    throw new ApiError(message ?? `Request failed with status ${response.status}`, response.status);
  }
  const form = await response.formData();
  const metadataPart = form.get('metadata');
  const metadataText = typeof metadataPart === 'string' ? metadataPart : metadataPart ? await metadataPart.text() : '{}';
  const metadata = JSON.parse(metadataText) as FunctionBody['metadata'];
  const files: BundleFile[] = [];
  for (const [name, value] of form.entries()) {
    if (name !== 'file' || typeof value === 'string') continue;
    files.push(await bundleFile(value.name, value));
  }
  files.sort((a, b) => (a.path === metadata.entrypoint_path ? -1 : b.path === metadata.entrypoint_path ? 1 : a.path.localeCompare(b.path)));
  return { metadata, files };
}

/** The function's current files, read when the code is opened for editing. */
export function useFunctionBodyQuery(ref: string | undefined, slug: string | undefined, { enabled = true } = {}) {
  return useQuery({
    queryKey: functionKeys.body(ref, slug),
    queryFn: ({ signal }) => getFunctionBody(ref, slug ?? '', signal),
    enabled: Boolean(ref && slug) && enabled,
  });
}

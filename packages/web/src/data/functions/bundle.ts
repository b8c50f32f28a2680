/** A function's files as the dashboard edits them, and the multipart form a deploy sends (as the Supabase CLI does). */
export interface BundleFile {
  /** Relative to the function's root, e.g. `index.ts` or `lib/greet.ts`. */
  path: string;
  /** The text (empty for a binary file, which is kept as `blob`). */
  content: string;
  /** A file that is not UTF-8 text: not editable, sent back as it came. */
  blob?: Blob;
}

export interface DeployMetadata {
  entrypoint_path: string;
  import_map_path?: string | null;
  verify_jwt: boolean;
  name: string;
}

/** `metadata` (JSON) then one `file` part per file, its filename being its path. */
export function deployForm(metadata: DeployMetadata, files: BundleFile[]): FormData {
  const form = new FormData();
  form.append('metadata', JSON.stringify(metadata));
  for (const file of files) form.append('file', file.blob ?? new Blob([file.content], { type: 'application/typescript' }), file.path);
  return form;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** A downloaded file part as a `BundleFile`: text when it decodes as UTF-8 without NUL bytes. */
export async function bundleFile(path: string, blob: Blob): Promise<BundleFile> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  try {
    const content = decoder.decode(bytes);
    if (!content.includes('\0')) return { path, content };
  } catch {
    // not text
  }
  return { path, content: '', blob };
}

/**
 * What a project's stored files take, measured where the bytes are, never read from
 * `storage.objects.metadata` (members may write any size there): on the file backend every file
 * under `<BASIN_DATA_DIR>/storage/<ref>/`, uploads being written (`.tmp`) included; on S3 the
 * sizes S3 lists under the project's prefix. Unfinished resumable uploads wait on this machine
 * whatever the backend, and count too. Part of the disk used (disk-usage.ts), so the quota's
 * warnings and read-only mode see the files. One walk of the folder (or one listing per 1,000
 * objects) per sampling round. The image variants kept for transformations
 * (`<BASIN_DATA_DIR>/storage/.transforms/<ref>/`, transform.ts) are the project's too.
 */
import type { PlatformContext } from '../../kernel/context.ts';
import { storageBackend, variantsRoot } from '../../storage/backend.ts';
import { bytesUnder } from '../../storage/disk-bytes.ts';
import { projectUploadsBytes } from '../../storage/resumable.ts';
import type { ProjectRow } from '../../store/projects.ts';

/** The bytes the project's stored files take; throws when they cannot be measured. */
export async function storedBytes(ctx: PlatformContext, row: ProjectRow): Promise<number> {
  const [objects, uploads, variants] = await Promise.all([
    storageBackend(ctx, row.ref).storedBytes(),
    projectUploadsBytes(ctx, row.ref),
    bytesUnder(variantsRoot(ctx, row.ref)),
  ]);
  return objects + uploads + variants;
}

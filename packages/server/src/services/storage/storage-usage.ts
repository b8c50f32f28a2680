/**
 * What a project's stored files take, measured where the bytes are, never read from
 * `storage.objects.metadata` (members may write any size there): on the file backend every file
 * under `<BASIN_DATA_DIR>/storage/<ref>/`, uploads being written (`.tmp`) included; on S3 the
 * sizes S3 lists under the project's prefix. Unfinished resumable uploads wait on this machine
 * whatever the backend, and count too. Part of the disk used (disk-usage.ts), so the quota's
 * warnings and read-only mode see the files. One walk of the folder (or one listing per 1,000
 * objects) per sampling round.
 */
import type { PlatformContext } from '../../kernel/context.ts';
import { storageBackend } from '../../storage/backend.ts';
import { projectUploadsBytes } from '../../storage/resumable.ts';
import type { ProjectRow } from '../../store/projects.ts';

/** The bytes the project's stored files take; throws when they cannot be measured. */
export async function storedBytes(ctx: PlatformContext, row: ProjectRow): Promise<number> {
  const [objects, uploads] = await Promise.all([storageBackend(ctx, row.ref).storedBytes(), projectUploadsBytes(ctx, row.ref)]);
  return objects + uploads;
}

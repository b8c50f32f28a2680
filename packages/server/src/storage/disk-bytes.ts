/**
 * The bytes the files under a folder take, as the file system says (never as rows say): every
 * regular file's size, a file linked under two names counted once (a copy of an object shares
 * its bytes). A folder that does not exist holds nothing; one that cannot be read is an error.
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const isCode = (error: unknown, ...codes: string[]) => codes.includes((error as NodeJS.ErrnoException).code ?? '');

export async function bytesUnder(root: string, include: (name: string) => boolean = () => true): Promise<number> {
  const seen = new Set<string>();
  let bytes = 0;
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      // The root missing is no files yet; a folder removed while walked had its files removed too.
      if (isCode(error, 'ENOENT')) continue;
      throw error;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (dir === root && !include(entry.name)) continue;
      if (entry.isDirectory()) pending.push(path);
      if (!entry.isFile()) continue;
      const stats = await lstat(path).catch((error: unknown) => {
        if (isCode(error, 'ENOENT')) return undefined;
        throw error;
      });
      if (!stats || seen.has(`${stats.dev}:${stats.ino}`)) continue;
      if (stats.nlink > 1) seen.add(`${stats.dev}:${stats.ino}`);
      bytes += stats.size;
    }
  }
  return bytes;
}

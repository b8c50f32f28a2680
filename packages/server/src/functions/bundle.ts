/**
 * A function version's files on disk, where its worker reads them: written once per version
 * into a temporary directory and renamed into place, so a worker never starts from half a bundle
 * and two platform processes writing the same version at once both end with a whole one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FunctionFile } from '../store/functions.ts';
import { MAIN_FILE, mainSource, SETUP_FILE, SETUP_SOURCE } from './bootstrap.ts';

export interface BundleDir {
  /** The version's directory: the bootstrap modules and `bundle/` (a worker sees it read-only). */
  dir: string;
  /** The function's own files: the only directory its worker may read. */
  bundleDir: string;
  mainFile: string;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** `a/b c.ts` as a relative module URL: each segment percent-encoded. */
const relativeUrl = (file: string) => `./bundle/${file.split('/').map(encodeURIComponent).join('/')}`;

export async function ensureBundle(
  root: string,
  key: { ref: string; slug: string; version: number; entrypointPath: string },
  loadFiles: () => Promise<FunctionFile[]>,
): Promise<BundleDir> {
  const dir = path.join(root, key.ref, key.slug, `v${key.version}`);
  const bundle = { dir, bundleDir: path.join(dir, 'bundle'), mainFile: path.join(dir, MAIN_FILE) };
  if (await exists(bundle.mainFile)) return bundle;
  const files = await loadFiles();
  const temporary = `${dir}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    for (const file of files) {
      const target = path.join(temporary, 'bundle', file.path);
      if (!target.startsWith(path.join(temporary, 'bundle') + path.sep)) throw new Error(`Unsafe file path ${file.path}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
    await mkdir(path.join(temporary, 'bundle'), { recursive: true });
    await writeFile(path.join(temporary, SETUP_FILE), SETUP_SOURCE);
    await writeFile(path.join(temporary, MAIN_FILE), mainSource(relativeUrl(key.entrypointPath)));
    await mkdir(path.dirname(dir), { recursive: true });
    await rename(temporary, dir).catch(async (error: NodeJS.ErrnoException) => {
      // Another process put the same version in place first: theirs is as good as ours.
      if (!(await exists(bundle.mainFile))) throw error;
    });
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
  return bundle;
}

/** Removes a function's files (all versions), or a whole project's. */
export async function removeBundles(root: string, ref: string, slug?: string): Promise<void> {
  await rm(slug ? path.join(root, ref, slug) : path.join(root, ref), { recursive: true, force: true });
}

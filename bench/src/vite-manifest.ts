import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The parts of Vite's build manifest (dist/.vite/manifest.json) the bench reads. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  /** Keys of chunks this one imports statically, i.e. that load with it. */
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export async function readManifest(distDir: string): Promise<Manifest | undefined> {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return undefined;
  return JSON.parse(await readFile(file, 'utf8')) as Manifest;
}

/** The key of the page's entry chunk (index.html's script), or of the first entry. */
export function entryKey(manifest: Manifest): string | undefined {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  return entries.find((key) => key.endsWith('index.html')) ?? entries[0];
}

/** The route module under src/routes/ whose path holds every word, shortest path first. */
export function routeKey(manifest: Manifest, words: readonly string[]): string | undefined {
  return Object.keys(manifest)
    .filter((key) => {
      const underRoutes = key.split('src/routes/')[1]?.toLowerCase();
      return underRoutes !== undefined && words.every((word) => underRoutes.includes(word));
    })
    .sort((a, b) => a.length - b.length)[0];
}

/** The JS files a chunk needs before it runs: its own and those of its static imports, transitively. */
export function staticJsFiles(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const files = new Set<string>();
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return files;
  seen.add(key);
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const imported of chunk.imports ?? []) {
    for (const file of staticJsFiles(manifest, imported, seen)) files.add(file);
  }
  return files;
}

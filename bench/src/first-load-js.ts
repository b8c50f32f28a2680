import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { upFrontScripts } from './html-scripts.ts';
import { entryKey, readManifest, routeKey, staticJsFiles } from './vite-manifest.ts';

export interface FirstLoadJs {
  gzipBytes: number;
  files: string[];
  /** What was counted, in words. */
  note: string;
}

/**
 * Gzipped size (level 9, file by file, as a server would send them) of the JS that must load
 * before a route shows: index.html's module scripts and preloads, the entry chunk, and the chunks
 * of the route and of the layout routes around it, with their static imports. Each route module
 * is named by words its path under src/routes/ holds. Undefined when the web is not built.
 */
export async function measureFirstLoadJs(distDir: string, routes: readonly (readonly string[])[]): Promise<FirstLoadJs | undefined> {
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) return undefined;

  const files = new Set(upFrontScripts(await readFile(indexHtml, 'utf8')));
  const { note, chunkFiles } = await manifestFiles(distDir, routes);
  for (const file of chunkFiles) files.add(file);

  let gzipBytes = 0;
  for (const file of files) gzipBytes += gzipSync(await readFile(path.join(distDir, file)), { level: 9 }).length;
  return { gzipBytes, files: [...files].sort(), note };
}

async function manifestFiles(distDir: string, routes: readonly (readonly string[])[]): Promise<{ note: string; chunkFiles: Set<string> }> {
  const manifest = await readManifest(distDir);
  if (!manifest) return { note: 'no .vite/manifest.json: index.html scripts only', chunkFiles: new Set() };
  const entry = entryKey(manifest);
  const chunkFiles = entry ? staticJsFiles(manifest, entry) : new Set<string>();
  const found: string[] = [];
  const missing: string[] = [];
  for (const words of routes) {
    const route = routeKey(manifest, words);
    if (!route) {
      missing.push(words.join('+'));
      continue;
    }
    found.push(path.basename(route));
    for (const file of staticJsFiles(manifest, route)) chunkFiles.add(file);
  }
  const counted = ['entry', ...found].join(' + ');
  return { note: missing.length ? `${counted}; no route chunk for ${missing.join(', ')}` : counted, chunkFiles };
}

/**
 * A .tar.gz of entries from several directories, all at the archive's root (node-tar's `tar.c`
 * takes one directory, its cwd). The entries are walked here, one after the other, each written
 * by node-tar's WriteEntry (header, then the file's bytes as they are read): at most one read
 * (16 MB) is held at a time. node-tar's Pack is not used: given two paths of one inode (a stored
 * file and its copy) it wrote after its end and threw outside any promise.
 */
import { createWriteStream, type Stats } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar';

export interface ArchiveTree {
  /** The directory the entries are taken from; their paths in the archive are relative to it. */
  cwd: string;
  /** Its entries to pack (a directory with all it holds). */
  paths: string[];
  /** Whether an entry (path relative to cwd) goes in; a directory left out takes its contents along. */
  keep?: (path: string, isDirectory: boolean) => boolean;
}

/** The tar end-of-archive marker: two zeroed 512-byte blocks. */
const END_OF_ARCHIVE = 1024;

/** `dev:ino` of a file already in the archive → where it is. */
type LinkCache = Map<`${number}:${number}`, string>;

/** Writes `trees` as a portable .tar.gz (no owners, no user names) to `file`. */
export async function writeTarGz(file: string, trees: ArchiveTree[], gzipLevel: number): Promise<void> {
  await pipeline(Readable.from(joined(trees)), createGzip({ level: gzipLevel }), createWriteStream(file, { mode: 0o600 }));
}

async function* joined(trees: ArchiveTree[]): AsyncGenerator<Buffer> {
  for (const tree of trees) {
    // Paths of one inode within a tree: the first is a file, the others hard links to it.
    const linkCache: LinkCache = new Map();
    for (const path of tree.paths) yield* entries(tree, path, linkCache);
  }
  yield Buffer.alloc(END_OF_ARCHIVE);
}

/** The entry at `path` (relative to the tree's cwd) and, for a directory, what it holds. */
async function* entries(tree: ArchiveTree, path: string, linkCache: LinkCache): AsyncGenerator<Buffer> {
  const absolute = join(tree.cwd, path);
  const stat: Stats = await lstat(absolute);
  if (tree.keep && !tree.keep(path, stat.isDirectory())) return;
  yield* new tar.WriteEntry(path, { cwd: tree.cwd, absolute, portable: true, linkCache, statCache: new Map([[absolute, stat]]) });
  if (!stat.isDirectory()) return;
  for (const name of (await readdir(absolute)).sort()) yield* entries(tree, `${path}/${name}`, linkCache);
}

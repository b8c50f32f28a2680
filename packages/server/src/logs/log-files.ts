/** Reading an instance's jsonlog files: which exist, which one Postgres writes now, and their lines from an offset. */
import { open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { JSON_LOG_FILE, LOG_DIRECTORY, STDERR_LOG_FILE } from '../instances/server-log.ts';
import { type LogLine, MAX_LINE_BYTES } from './jsonlog.ts';

const CHUNK_BYTES = 256 * 1024;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export const logPath = (dataDir: string, file: string) => join(dataDir, LOG_DIRECTORY, file);

/** The jsonlog files, oldest first, and the collector's stderr files. */
export async function listLogFiles(dataDir: string): Promise<{ json: string[]; stderr: string[] }> {
  try {
    const names = (await readdir(join(dataDir, LOG_DIRECTORY))).sort();
    return { json: names.filter((name) => JSON_LOG_FILE.test(name)), stderr: names.filter((name) => STDERR_LOG_FILE.test(name)) };
  } catch (error) {
    if (isMissing(error)) return { json: [], stderr: [] };
    throw error;
  }
}

/** The jsonlog file Postgres writes now (its `current_logfiles`); undefined while it is not running. */
export async function currentLogFile(dataDir: string): Promise<string | undefined> {
  try {
    const line = (await readFile(join(dataDir, 'current_logfiles'), 'utf8')).split('\n').find((each) => each.startsWith('jsonlog '));
    return line ? basename(line.slice('jsonlog '.length).trim()) : undefined;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export async function removeLogFile(dataDir: string, file: string): Promise<void> {
  await rm(logPath(dataDir, file), { force: true });
}

/**
 * The whole lines of `path` from `offset` (the start of a line), until about `maxBytes` are read
 * (a line is never split; one longer line is read to its end), and the offset after the last.
 * Each line keeps at most MAX_LINE_BYTES; the rest is skipped without being held. A last line
 * without its newline is left for later, unless `final` (the file is no longer written).
 */
export async function readLines(
  path: string,
  offset: number,
  maxBytes: number,
  final: boolean,
): Promise<{ lines: LogLine[]; end: number }> {
  const handle = await open(path, 'r');
  const lines: LogLine[] = [];
  let kept: Buffer[] = [];
  let keptBytes = 0;
  let lineStart = offset;
  let position = offset;
  const keep = (part: Buffer) => {
    if (keptBytes >= MAX_LINE_BYTES) return;
    const taken = part.subarray(0, MAX_LINE_BYTES - keptBytes);
    kept.push(Buffer.from(taken));
    keptBytes += taken.length;
  };
  const finishLine = (end: number) => {
    const bytes = end - lineStart;
    lines.push({ text: Buffer.concat(kept).toString('utf8'), bytes, cut: bytes > keptBytes });
    kept = [];
    keptBytes = 0;
  };
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      const data = chunk.subarray(0, bytesRead);
      let from = 0;
      for (;;) {
        const newline = data.indexOf(10, from);
        if (newline < 0) {
          keep(data.subarray(from));
          break;
        }
        keep(data.subarray(from, newline));
        finishLine(position + newline);
        lineStart = position + newline + 1;
        from = newline + 1;
        if (lineStart - offset >= maxBytes) return { lines, end: lineStart };
      }
      position += bytesRead;
    }
    if (final && position > lineStart) {
      finishLine(position);
      lineStart = position;
    }
    return { lines, end: lineStart };
  } finally {
    await handle.close();
  }
}

/** The file's size in bytes; 0 when it is gone. */
export async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
}

/** The offset just after the last newline before `size`: where a skip to the end of a file lands on a line boundary. */
export async function lastLineEnd(path: string, size: number): Promise<number> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(size, MAX_LINE_BYTES));
    for (let end = size; end > 0; end -= buffer.length) {
      const start = Math.max(0, end - buffer.length);
      const { bytesRead } = await handle.read(buffer, 0, end - start, start);
      const newline = buffer.subarray(0, bytesRead).lastIndexOf(10);
      if (newline >= 0) return start + newline + 1;
    }
    return 0;
  } finally {
    await handle.close();
  }
}

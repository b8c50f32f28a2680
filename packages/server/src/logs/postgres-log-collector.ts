/**
 * Tails every running instance's jsonlog files (instances/server-log.ts), where the driver says they
 * are (serverLogRoot; projects whose driver has none are left out), into postgres_logs. Each
 * batch of lines is stored in one transaction with the file and offset reached, so a restarted
 * platform resumes exactly where the store says, and two replicas never store a batch twice (the
 * position moves only from where the batch started). A file is removed once it is read to its end
 * and Postgres has moved on to the next one; a project that stops being tailed (paused, deleted)
 * keeps its position for when it runs again.
 *
 * A member can make the server log fast (RAISE LOG in a loop): a project gets at most ROUND_BYTES
 * a round, and a backlog beyond MAX_BACKLOG_BYTES is skipped with one line saying so.
 */
import type { ProjectStatus } from '@basin/core';
import type { InstanceDriver } from '../instances/types.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { transaction } from '../store/db.ts';
import * as positions from '../store/postgres-logs.ts';
import type { LogPosition, PostgresLogEntry } from '../store/postgres-logs.ts';
import { entryOfLine } from './jsonlog.ts';
import { currentLogFile, fileSize, lastLineEnd, listLogFiles, logPath, readLines, removeLogFile } from './log-files.ts';
import { keepsLogs } from './retention.ts';

/** Statuses whose instance runs (or is stopping): its files are read. */
const TAILED: ProjectStatus[] = ['ACTIVE_HEALTHY', 'PAUSE_FAILED', 'PAUSING', 'RESTARTING', 'RESIZING', 'UPGRADING'];
const ROUND_BYTES = 4 * 1024 * 1024;
const BATCH_BYTES = 512 * 1024;
const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;
const DEFAULT_INTERVAL_MS = 1_000;

/** Starts a round every `intervalMs` (after the previous one ends); the answer stops it. */
export function startPostgresLogCollector(ctx: PlatformContext, intervalMs = DEFAULT_INTERVAL_MS): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const tick = () => {
    round = collectPostgresLogs(ctx)
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'postgres log round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  timer = setTimeout(tick, intervalMs).unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await round;
  };
}

/** One round over every running project. */
export async function collectPostgresLogs(ctx: PlatformContext, driver: InstanceDriver = ctx.driver): Promise<void> {
  const { rows } = await ctx.db.query<{ ref: string; created_at: Date; file: string | null; offset: string | null }>(
    `select p.ref, p.created_at, l.file, l."offset" from projects p left join postgres_log_positions l on l.ref = p.ref
     where p.status = any($1)`,
    [TAILED],
  );
  for (const row of rows) {
    const root = driver.serverLogRoot(row.ref);
    if (root === undefined) continue;
    const position = row.file === null ? undefined : { file: row.file, offset: Number(row.offset) };
    try {
      await collectProject(ctx, row.ref, root, row.created_at, position);
    } catch (error) {
      // Its files moved under us (a restore, an upgrade's swap, a deletion): the next round sees.
      ctx.logger.warn({ err: error, ref: row.ref }, 'could not read the postgres log');
    }
  }
}

async function collectProject(
  ctx: PlatformContext,
  ref: string,
  dataDir: string,
  since: Date,
  start: LogPosition | undefined,
): Promise<void> {
  const files = await listLogFiles(dataDir);
  if (!files.json.length) return;
  const current = (await currentLogFile(dataDir)) ?? files.json.at(-1)!;
  for (const name of files.stderr) if (name.replace(/\.log$/, '.json') !== current) await removeLogFile(dataDir, name);
  for (const name of files.json) if (start && name < start.file && name !== current) await removeLogFile(dataDir, name);

  const pending = files.json.filter((name) => !start || name >= start.file);
  const sizes = await Promise.all(pending.map((name) => fileSize(logPath(dataDir, name))));
  const unread = pending.reduce((sum, name, i) => sum + Math.max(0, sizes[i]! - (name === start?.file ? start.offset : 0)), 0);
  if (unread === 0) return;
  if (unread > MAX_BACKLOG_BYTES) return skipBacklog(ctx, ref, dataDir, start, current, pending, unread);

  const keep = keepsLogs(ctx, ref);
  let at = start;
  let budget = ROUND_BYTES;
  for (const [i, name] of pending.entries()) {
    const final = name !== current;
    const size = sizes[i]!;
    // Past the end: the file was put back by an older copy of the data directory (a restore); read already.
    let offset = Math.min(at?.file === name ? at.offset : 0, size);
    while (offset < size && budget > 0) {
      const { lines, end } = await readLines(logPath(dataDir, name), offset, Math.min(budget, BATCH_BYTES), final);
      if (end === offset) break;
      const now = new Date();
      // Lines older than the project are its parent's, copied with the data directory (a branch).
      const entries = keep ? lines.flatMap((line) => entryOfLine(line, now) ?? []).filter((entry) => entry.at >= since) : [];
      const to = { file: name, offset: end };
      if (!(await storeBatch(ctx, ref, at, to, entries))) return; // another replica is reading this project
      budget -= end - offset;
      offset = end;
      at = to;
    }
    if (budget <= 0) return;
    if (final && offset >= size) await removeLogFile(dataDir, name);
  }
}

function storeBatch(
  ctx: PlatformContext,
  ref: string,
  from: LogPosition | undefined,
  to: LogPosition,
  entries: PostgresLogEntry[],
): Promise<boolean> {
  return transaction(ctx.db, async (client) => {
    if (!(await positions.movePosition(client, ref, from, to))) return false;
    await positions.insertMany(client, ref, entries);
    return true;
  });
}

/** Moves to the end of the current file, dropping what was not read, and says so in the log. */
async function skipBacklog(
  ctx: PlatformContext,
  ref: string,
  dataDir: string,
  start: LogPosition | undefined,
  current: string,
  pending: string[],
  unread: number,
): Promise<void> {
  const path = logPath(dataDir, current);
  const end = await lastLineEnd(path, await fileSize(path));
  const message = `Basin skipped ${unread} bytes of this database's log: it was written faster than the platform stores it`;
  const entry: PostgresLogEntry = {
    at: new Date(),
    severity: 'WARNING',
    errorCode: null,
    userName: null,
    databaseName: null,
    query: null,
    message,
    raw: { error_severity: 'WARNING', message, backend_type: 'basin log collector', skipped_bytes: unread },
  };
  if (!(await storeBatch(ctx, ref, start, { file: current, offset: end }, keepsLogs(ctx, ref) ? [entry] : []))) return;
  ctx.logger.warn({ ref, bytes: unread }, 'skipped a postgres log backlog');
  for (const name of pending) if (name !== current) await removeLogFile(dataDir, name);
}

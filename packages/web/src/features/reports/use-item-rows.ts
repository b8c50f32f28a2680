import { useQuery } from '@tanstack/react-query';
import { READ_ONLY_FAILURE_HINTS, SQL_RUNS_PER_MEMBER } from '@basin/core';
import type { SqlResult } from '@basin/core/schemas';
import { reportKeys } from '../../data/reports/keys';
import { runSql } from '../../data/sql/use-run-sql-mutation';

/** Whether a failure says the query writes (spec part 2 §4's read-only failures). */
export function isReadOnlyFailure(message: string): boolean {
  const text = message.toLowerCase();
  return READ_ONLY_FAILURE_HINTS.some((hint) => text.includes(hint));
}

/**
 * The SQL route runs at most SQL_RUNS_PER_MEMBER queries of a member at once (429 beyond): a report
 * of many charts runs them a few at a time, leaving a slot for the SQL editor or the assistant.
 */
const RUNS_AT_ONCE = Math.max(1, SQL_RUNS_PER_MEMBER - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(run: () => Promise<T>): Promise<T> {
  if (running >= RUNS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await run();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Runs an item's SQL through the SQL editor's route as the read-only role (`read_only`), whoever
 * looks at the report: a report chart never writes, however often the page opens and whatever the
 * text does (a COMMIT inside it included).
 */
export function useItemRows(ref: string, sql: string) {
  return useQuery<SqlResult>({
    queryKey: reportKeys.itemRows(ref, sql),
    queryFn: () => limited(() => runSql({ ref, query: sql, readOnly: true })),
    staleTime: 30_000,
  });
}

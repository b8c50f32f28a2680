import { ASSISTANT_MESSAGES, READ_ONLY_FAILURE_HINTS } from '@basin/core';
import type { SqlResult } from '@basin/core/schemas';
import { runSql } from '../../data/sql/use-run-sql-mutation';
import type { ResultRow } from './chart-data';

/**
 * Runs the assistant's SQL through the SQL editor's route. A read runs first as the project's
 * read-only role (the route's `read_only`), which can write nothing whatever the text does: when
 * it fails in a way that means it writes after all (spec part 2 §4: 'read-only transaction',
 * 'permission denied', 'must be owner'), the caller asks the member to confirm it as a write and
 * runs it again as the member.
 */

export function isReadOnlyFailure(message: string): boolean {
  const text = message.toLowerCase();
  return READ_ONLY_FAILURE_HINTS.some((hint) => text.includes(hint));
}

/** The rows as objects keyed by column (the route answers arrays in the order of its fields). */
export function rowsOf(result: SqlResult): ResultRow[] {
  return result.rows.map((values) => Object.fromEntries(result.fields.map((field, index) => [field.name, values[index] ?? null])));
}

export type SqlRunOutcome =
  { kind: 'rows'; rows: ResultRow[] } | { kind: 'needs-write-confirmation'; message: string } | { kind: 'failed'; message: string };

export async function runAssistantSql(ref: string | undefined, sql: string, { readOnly }: { readOnly: boolean }): Promise<SqlRunOutcome> {
  if (!ref) return { kind: 'failed', message: ASSISTANT_MESSAGES.noConnection };
  try {
    const result = await runSql({ ref, query: sql, readOnly });
    return { kind: 'rows', rows: rowsOf(result) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (readOnly && isReadOnlyFailure(message)) return { kind: 'needs-write-confirmation', message };
    return { kind: 'failed', message };
  }
}

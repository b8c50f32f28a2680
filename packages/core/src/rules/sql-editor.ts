/** Limits and messages of the SQL editor, shared by the server (which enforces) and the dashboard. */

/** A result keeps at most this many rows; the rest are read and dropped (`truncated: true`). */
export const SQL_RESULT_MAX_ROWS = 100_000;
/** ...and at most this much value text, so that wide rows cannot exhaust memory either. */
export const SQL_RESULT_MAX_BYTES = 64 * 1024 * 1024;
/** Each statement of a query is cancelled after this long. */
export const SQL_STATEMENT_TIMEOUT_MS = 60_000;
/** Queries one member may have running on one project at once. */
export const SQL_RUNS_PER_MEMBER = 4;

export const SQL_EDITOR_MESSAGES = {
  cannotSave: 'Your queries will not be saved as you do not have sufficient permissions',
  createFailed: (message: string) => `Failed to create new query: ${message}`,
  truncated: (shown: number) =>
    `Only the first ${shown.toLocaleString('en-US')} rows are shown: results are limited to ${SQL_RESULT_MAX_ROWS.toLocaleString('en-US')} rows or 64 MB.`,
  databaseUnavailable: "The project's database is not answering. Is the project paused?",
  untitled: 'Untitled query',
  noAnswer: 'The query did not finish in time and was stopped',
  busy: 'Too many queries are running on this database at once. Wait for one to finish and try again.',
} as const;

/**
 * Line and column (both 1-based) of a Postgres error position: a 1-based count of characters
 * (code points, not UTF-16 units) into the query text.
 */
export function lineColumnOf(sql: string, position: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  let index = 1;
  for (const char of sql) {
    if (index >= position) break;
    if (char === '\n') {
      line += 1;
      column = 1;
    } else column += 1;
    index += 1;
  }
  return { line, column };
}

/**
 * A log query as Postgres's own parser reads it (pgsql-parser: libpg_query in WebAssembly, loaded
 * on first use): exactly one SELECT, its text, and the parser warnings of spec part 2 §5. The
 * warnings never refuse a query: the store is Postgres, which runs WITH, subqueries and ILIKE.
 * The check is not what keeps a query in its project (the reader role and views are); it only
 * turns what cannot be a log query into a clear error before a session is taken.
 */
import { LOGS_MESSAGES, logQueryWarnings, type LogQueryWarning } from '@basin/core';
import { parse } from 'pgsql-parser';

export type CheckedLogQuery =
  { ok: true; statement: string; warnings: LogQueryWarning[] } | { ok: false; error: string; warnings: LogQueryWarning[] };

interface RawStatement {
  stmt?: Record<string, unknown>;
  stmt_location?: number;
  stmt_len?: number;
}

export async function checkLogQuery(sql: string): Promise<CheckedLogQuery> {
  let tree: { stmts?: RawStatement[] };
  try {
    tree = (await parse(sql)) as { stmts?: RawStatement[] };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error), warnings: [] };
  }
  const warnings = logQueryWarnings(tree);
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) return { ok: false, error: LOGS_MESSAGES.notOneStatement, warnings };
  const [only] = statements as [RawStatement];
  const select = only.stmt?.SelectStmt as { intoClause?: unknown } | undefined;
  if (!select) return { ok: false, error: LOGS_MESSAGES.notSelect, warnings };
  if (select.intoClause) return { ok: false, error: LOGS_MESSAGES.selectInto, warnings };
  return { ok: true, statement: statementText(sql, only), warnings };
}

/** The statement's own text, without a trailing semicolon: the parser's positions count UTF-8 bytes. */
function statementText(sql: string, statement: RawStatement): string {
  const bytes = Buffer.from(sql, 'utf8');
  const start = statement.stmt_location ?? 0;
  const end = statement.stmt_len ? start + statement.stmt_len : bytes.length;
  return bytes.subarray(start, end).toString('utf8');
}

/**
 * Why an import stopped, as its answer: 413 over the limit, 422 for the first bad line (the
 * parser's or Postgres's message, the file's line and the row), the data API's status for
 * anything else Postgres refused.
 */
import { TABLE_TRANSFER_MESSAGES } from '@basin/core';
import type { TableImportError } from '@basin/core/schemas';
import { CsvError } from 'csv-parse';
import pg from 'pg';
import { HttpError } from '../../../kernel/errors.ts';
import { BadRecord, type MappedRecords, TooLarge } from './csv-rows.ts';
import { asHttpError } from './transfer-errors.ts';

/** An import that reached a line it could not take: 422 with where it is. */
export class ImportFailed extends Error {
  constructor(readonly body: TableImportError) {
    super(body.message);
  }
}

/** `COPY items, line 3, column price: "abc"`: the line Postgres was reading, and its column. */
const COPY_CONTEXT = /^COPY [^\n]*?, line (\d+)(?:, column ([^:\n]+))?/;

/** `rows`: the records mapped here, whose lines COPY's are told apart from; none when COPY read the file's own bytes. */
export function importFailure(error: unknown, rows: MappedRecords | undefined, role: string): unknown {
  if (error instanceof TooLarge) return new HttpError(413, TABLE_TRANSFER_MESSAGES.tooLarge);
  if (error instanceof BadRecord) return new ImportFailed({ message: error.message, line: error.line, row: error.row });
  if (error instanceof CsvError) return new ImportFailed({ message: error.message, line: (error as CsvError & { lines?: number }).lines });
  if (error instanceof pg.DatabaseError) {
    const at = COPY_CONTEXT.exec(error.where ?? '');
    if (!at) return asHttpError(error, role);
    if (!rows) return new ImportFailed({ message: error.message, line: Number(at[1]), ...(at[2] ? { column: at[2] } : {}) });
    const row = rows.rowAtCopyLine(Number(at[1]));
    const line = row === undefined ? undefined : rows.lineOf(row);
    return new ImportFailed({
      message: error.message,
      ...(row === undefined ? {} : { row }),
      ...(line === undefined ? {} : { line }),
      ...(at[2] ? { column: at[2] } : {}),
    });
  }
  return error;
}

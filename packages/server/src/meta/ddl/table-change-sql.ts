import type { TableChange } from '@basin/core/schemas';
import type pg from 'pg';
import { alterTableStatements, alterTypeReferences, uniqueConstraints } from './alter-table-sql.ts';
import { resolveColumnTypes } from './column-type-sql.ts';
import { createTableStatements } from './create-table-sql.ts';
import { deleteTableStatement, duplicateTableStatements, truncateTableStatement } from './table-copy-sql.ts';

/**
 * The statements of a change, in order, read from the catalog the session sees (types, unique
 * constraints, generated columns). Unknown types answer 400; everything else Postgres judges.
 */
export async function tableChangeStatements(client: pg.ClientBase, change: TableChange): Promise<string[]> {
  switch (change.kind) {
    case 'create':
      return createTableStatements(change, await resolveColumnTypes(client, change.columns, change.schema));
    case 'alter': {
      const types = await resolveColumnTypes(client, alterTypeReferences(change), change.schema);
      return alterTableStatements(change, types, await uniqueConstraints(client, change));
    }
    case 'duplicate':
      return duplicateTableStatements(client, change);
    case 'truncate':
      return [truncateTableStatement(change)];
    case 'delete':
      return [deleteTableStatement(change)];
  }
}

/** The statements as the panel shows them and as they run: one after the other. */
export const statementsText = (statements: string[]) => statements.map((statement) => `${statement};`).join('\n');

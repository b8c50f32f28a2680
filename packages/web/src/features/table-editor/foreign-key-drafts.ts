import type { ForeignKeyAction } from '@basin/core';
import type { ForeignKeyDefinition } from '@basin/core/schemas';
import { draftKey } from './column-drafts';

/** A single-column foreign key as the panel edits it. */
export interface ForeignKeyDraft {
  key: string;
  column: string;
  table: string;
  referencedColumn: string;
  onUpdate: ForeignKeyAction;
  onDelete: ForeignKeyAction;
}

export const emptyForeignKey = (): ForeignKeyDraft => ({
  key: draftKey(),
  column: '',
  table: '',
  referencedColumn: '',
  onUpdate: 'NO ACTION',
  onDelete: 'NO ACTION',
});

/** The change's foreign key, referencing a table of the same schema. */
export const foreignKeyOf = (draft: ForeignKeyDraft, schema: string): ForeignKeyDefinition => ({
  columns: [draft.column],
  referenced_schema: schema,
  referenced_table: draft.table,
  referenced_columns: [draft.referencedColumn],
  on_update: draft.onUpdate,
  on_delete: draft.onDelete,
});

import type { ColumnType } from '@basin/core/schemas';
import { describe, expect, it } from 'vitest';
import { columnChanges, columnDefinitionOf, defaultOf, draftOf, emptyDraft, typeReferenceOf } from './column-drafts';
import { pgColumnFixture } from '../../test/fixtures';

const TYPES: ColumnType[] = [
  { id: 20, schema: 'pg_catalog', name: 'int8', format: 'bigint', kind: 'base', enums: [], comment: null },
  { id: 1009, schema: 'pg_catalog', name: '_text', format: 'text[]', kind: 'array', enums: [], comment: null },
  { id: 25, schema: 'pg_catalog', name: 'text', format: 'text', kind: 'base', enums: [], comment: null },
  { id: 1700, schema: 'pg_catalog', name: 'numeric', format: 'numeric', kind: 'base', enums: [], comment: null },
  { id: 9000, schema: 'public', name: 'mood', format: 'public.mood', kind: 'enum', enums: ['happy'], comment: null },
];

const COLUMN = pgColumnFixture('status', {
  ordinal_position: 2,
  data_type: 'USER-DEFINED',
  format: 'mood',
  type_id: 9000,
  default_value: "'it''s'::mood",
  enums: ['happy'],
});

describe('column drafts', () => {
  it('reads a default as a suggestion, identity, a literal or none', () => {
    expect(defaultOf('')).toBeNull();
    expect(defaultOf('identity')).toEqual({ kind: 'identity' });
    expect(defaultOf('NOW()')).toEqual({ kind: 'expression', expression: 'now()' });
    expect(defaultOf("it's")).toEqual({ kind: 'literal', value: "it's" });
  });

  it('names listed types by their schema and pg_type name, and leaves the others to the server', () => {
    expect(typeReferenceOf('public.mood', TYPES)).toEqual({ type: 'mood', type_schema: 'public' });
    expect(typeReferenceOf('text[]', TYPES)).toEqual({ type: '_text', type_schema: 'pg_catalog' });
    expect(typeReferenceOf('bigint', TYPES)).toEqual({ type: 'int8', type_schema: 'pg_catalog' });
    expect(typeReferenceOf('made_up', TYPES)).toEqual({ type: 'made_up' });
  });

  it('makes a primary key column not null', () => {
    const definition = columnDefinitionOf({ ...emptyDraft(), name: ' id ', type: 'int8', primaryKey: true }, TYPES);
    expect(definition).toMatchObject({ name: 'id', type: 'int8', nullable: false, primary_key: true, default: null, comment: null });
  });

  it('drops the old default before a type change, and sets the new one after', () => {
    const initial = draftOf(COLUMN, TYPES, false);
    const edited = { ...initial, type: 'text' };
    expect(columnChanges(initial, edited, TYPES).map((action) => action.action)).toEqual([
      'set_column_default',
      'set_column_type',
      'set_column_default',
    ]);
    expect(columnChanges(initial, edited, TYPES)[2]).toEqual({
      action: 'set_column_default',
      column: 'status',
      default: { kind: 'literal', value: "it's" },
    });
  });

  it('starts an edit from the column, and answers only what changed, the rename last', () => {
    const initial = draftOf(COLUMN, TYPES, false);
    expect(initial).toMatchObject({ name: 'status', type: 'public.mood', defaultText: "it's", nullable: true });
    expect(columnChanges(initial, initial, TYPES)).toEqual([]);
    const edited = { ...initial, name: 'state', type: 'text', using: 'status::text', defaultText: '', nullable: false };
    expect(columnChanges(initial, edited, TYPES)).toEqual([
      { action: 'set_column_default', column: 'status', default: null },
      { action: 'set_column_type', column: 'status', type: 'text', type_schema: 'pg_catalog', using: 'status::text' },
      { action: 'set_column_nullable', column: 'status', nullable: false },
      { action: 'rename_column', column: 'status', new_name: 'state' },
    ]);
  });
});

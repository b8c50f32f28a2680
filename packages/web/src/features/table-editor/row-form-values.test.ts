import type { PgColumn } from '@basin/core/schemas';
import { describe, expect, it } from 'vitest';
import { changedValues, fieldText, initialTexts, insertValues } from './row-form-values';

function column(name: string, overrides: Partial<PgColumn> = {}): PgColumn {
  return {
    id: `1.${name}`,
    table_id: 1,
    schema: 'public',
    table: 't',
    name,
    ordinal_position: 1,
    data_type: 'text',
    format: 'text',
    type_id: 25,
    default_value: null,
    is_nullable: true,
    is_identity: false,
    identity_generation: null,
    is_generated: false,
    is_updatable: true,
    is_unique: false,
    enums: [],
    comment: null,
    ...overrides,
  };
}

const COLUMNS = [
  column('id', { is_identity: true, identity_generation: 'ALWAYS', data_type: 'bigint', format: 'int8' }),
  column('name'),
  column('tags', { data_type: 'ARRAY', format: '_text' }),
  column('data', { data_type: 'jsonb', format: 'jsonb' }),
  column('total', { is_generated: true }),
];

describe('row form values', () => {
  it('shows values as text, NULL as an empty field', () => {
    expect(fieldText(null)).toBe('');
    expect(fieldText(5)).toBe('5');
    expect(fieldText({ a: [1] })).toBe('{"a":[1]}');
    expect(initialTexts(COLUMNS, { id: 1, name: 'Ada', tags: ['x'], data: null, total: 3 })).toEqual({
      id: '1',
      name: 'Ada',
      tags: '["x"]',
      data: '',
      total: '3',
    });
  });

  it('inserts the fields filled in; empty ones and generated columns take their default', () => {
    expect(insertValues(COLUMNS, { id: '9', name: 'Ada', tags: '', data: '{"a":1}', total: '3' })).toEqual({ name: 'Ada', data: { a: 1 } });
  });

  it('reads json and array fields as JSON when they are, as text otherwise', () => {
    expect(insertValues(COLUMNS, { tags: '["a","b"]', data: 'plain' })).toEqual({ tags: ['a', 'b'], data: 'plain' });
    expect(insertValues(COLUMNS, { tags: '{a,b}' })).toEqual({ tags: '{a,b}' });
  });

  it('updates only the changed columns; an emptied field sets NULL', () => {
    const row = { id: 1, name: 'Ada', tags: ['x'], data: { a: 1 }, total: 3 };
    expect(changedValues(COLUMNS, row, { id: '1', name: 'Ada', tags: '["x"]', data: '{"a":1}', total: '3' })).toEqual({});
    expect(changedValues(COLUMNS, row, { id: '2', name: '', tags: '["x","y"]', data: '{"a":1}', total: '4' })).toEqual({
      name: null,
      tags: ['x', 'y'],
    });
  });
});

import type { PgColumn } from '@basin/core/schemas';
import { describe, expect, it } from 'vitest';
import { changedValues, fieldProblems, fieldText, initialFields, insertValues } from './row-form-values';
import { pgColumnFixture } from '../../test/fixtures';

const column = (name: string, overrides: Partial<PgColumn> = {}) => pgColumnFixture(name, overrides);

const COLUMNS = [
  column('id', { is_identity: true, identity_generation: 'ALWAYS', data_type: 'bigint', format: 'int8' }),
  column('name'),
  column('tags', { data_type: 'ARRAY', format: '_text' }),
  column('data', { data_type: 'jsonb', format: 'jsonb' }),
  column('total', { is_generated: true }),
  column('amount', { data_type: 'numeric', format: 'numeric' }),
];

describe('row form values', () => {
  it('starts from the row: values as text, NULL as null; a new row starts from the defaults', () => {
    expect(fieldText(null)).toBe('');
    expect(fieldText(5)).toBe('5');
    expect(fieldText({ a: [1] })).toBe('{"a":[1]}');
    expect(initialFields(COLUMNS, { id: 1, name: 'Ada', tags: ['x'], data: null, total: 3, amount: '12345678901234567890.5' })).toEqual({
      id: '1',
      name: 'Ada',
      tags: '["x"]',
      data: null,
      total: '3',
      amount: '12345678901234567890.5',
    });
    expect(Object.values(initialFields(COLUMNS, undefined))).toEqual(COLUMNS.map(() => undefined));
  });

  it('inserts the fields given; fields left alone, emptied numbers and generated columns take their default', () => {
    expect(insertValues(COLUMNS, { id: '9', name: 'Ada', tags: undefined, data: '{"a":1}', total: '3', amount: '' })).toEqual({
      name: 'Ada',
      data: { a: 1 },
    });
  });

  it('keeps the empty string apart from NULL in text columns', () => {
    expect(insertValues(COLUMNS, { name: '' })).toEqual({ name: '' });
    expect(insertValues(COLUMNS, { name: null, amount: null })).toEqual({ name: null, amount: null });
    expect(changedValues(COLUMNS, { name: null }, { name: '' })).toEqual({ name: '' });
    expect(changedValues(COLUMNS, { name: '' }, { name: null })).toEqual({ name: null });
    expect(changedValues(COLUMNS, { amount: '1' }, { amount: '' })).toEqual({ amount: null });
  });

  it('reads json and array fields as JSON when they are, as text otherwise', () => {
    expect(insertValues(COLUMNS, { tags: '["a","b"]', data: 'plain' })).toEqual({ tags: ['a', 'b'], data: 'plain' });
    expect(insertValues(COLUMNS, { tags: '{a,b}' })).toEqual({ tags: '{a,b}' });
  });

  it('updates only the changed columns, big numbers as their exact text', () => {
    const row = { id: 1, name: 'Ada', tags: ['x'], data: { a: 1 }, total: 3, amount: '9007199254740993' };
    expect(changedValues(COLUMNS, row, initialFields(COLUMNS, row))).toEqual({});
    expect(
      changedValues(COLUMNS, row, { id: '2', name: 'Bea', tags: '["x","y"]', data: '{"a":1}', total: '4', amount: '9007199254740995' }),
    ).toEqual({
      name: 'Bea',
      tags: ['x', 'y'],
      amount: '9007199254740995',
    });
  });

  it('finds the fields that would be refused, before asking Postgres', () => {
    expect(fieldProblems(COLUMNS, { data: '{"a":', amount: '12x', tags: 'a,b', name: 'anything' })).toEqual({
      data: expect.stringMatching(/^Not valid JSON/),
      amount: 'Enter a number',
      tags: 'Enter a JSON array such as ["a", "b"]',
    });
    expect(fieldProblems(COLUMNS, { data: null, amount: '', tags: '{a,b}' })).toEqual({});
  });
});

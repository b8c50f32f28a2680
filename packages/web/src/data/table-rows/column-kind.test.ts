import type { PgColumn } from '@basin/core/schemas';
import { describe, expect, it } from 'vitest';
import { columnKind, valueProblem } from './column-kind';
import { rowsSearchParams } from './rows-params';
import { pgColumnFixture } from '../../test/fixtures';

const column = (name: string, format: string, overrides: Partial<PgColumn> = {}) =>
  pgColumnFixture(name, { data_type: format, format, type_id: 0, ...overrides });

describe('column kinds', () => {
  it('picks the editor of each type', () => {
    const kinds = ['bool', 'int4', 'int8', 'numeric', 'float8', 'jsonb', 'date', 'timetz', 'timestamp', 'timestamptz', 'uuid', 'varchar'].map((format) =>
      columnKind(column('c', format)),
    );
    expect(kinds).toEqual(['boolean', 'integer', 'exact', 'exact', 'float', 'json', 'date', 'time', 'timestamp', 'timestamptz', 'uuid', 'text']);
    expect(columnKind(column('c', 'mood', { data_type: 'USER-DEFINED', enums: ['sad', 'happy'] }))).toBe('enum');
    expect(columnKind(column('c', '_int8', { data_type: 'ARRAY' }))).toBe('array');
  });

  it('checks numbers by their range, exactly, and uuids, enums and JSON by their form', () => {
    expect(valueProblem(column('c', 'int2'), '32768')).toBe('Out of range for int2 (-32768 to 32767)');
    expect(valueProblem(column('c', 'int8'), '9223372036854775807')).toBeNull();
    expect(valueProblem(column('c', 'int8'), '9223372036854775808')).toMatch(/^Out of range for int8/);
    expect(valueProblem(column('c', 'int4'), '1.5')).toBe('Enter a whole number');
    expect(valueProblem(column('c', 'numeric'), '-12.50e3')).toBeNull();
    expect(valueProblem(column('c', 'float8'), 'NaN')).toBeNull();
    expect(valueProblem(column('c', 'uuid'), 'abc')).toMatch(/^Enter a UUID/);
    expect(valueProblem(column('c', 'mood', { enums: ['sad', 'happy'] }), 'angry')).toBe('One of sad, happy');
    expect(valueProblem(column('c', 'json'), '{"a": 1}')).toBeNull();
  });

  it('reads int8 and numeric columns as text, so that no digit is lost', () => {
    const columns = [column('id', 'int8'), column('my name', 'text'), column('price', 'numeric')];
    expect(rowsSearchParams({ filters: [], sort: null, page: 0 }, ['id'], columns).get('select')).toBe(
      '"id":"id"::text,"my name","price":"price"::text',
    );
    expect(rowsSearchParams({ filters: [], sort: null, page: 0 }, ['id'], [column('id', 'int4')]).get('select')).toBe('*');
  });
});

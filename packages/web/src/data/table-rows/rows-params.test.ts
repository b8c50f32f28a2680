import { describe, expect, it } from 'vitest';
import { filterParam, orderParam, primaryKeyParams, quoted, rowsSearchParams, totalOfContentRange } from './rows-params';

describe('filter chips as PostgREST filters', () => {
  it.each([
    ['eq', '5', 'eq.5'],
    ['neq', 'a b', 'neq.a b'],
    ['gt', '10', 'gt.10'],
    ['gte', '2024-01-01', 'gte.2024-01-01'],
    ['lt', '-1', 'lt.-1'],
    ['lte', '3.5', 'lte.3.5'],
    ['like', '%ada%', 'like.%ada%'],
    ['ilike', 'A,(b)', 'ilike.A,(b)'],
    ['is', 'not_null', 'is.not_null'],
  ] as const)('%s takes the value as typed, to the end of the parameter', (operator, value, expected) => {
    expect(filterParam({ column: 'name', operator, value })).toEqual(['"name"', expected]);
  });

  it('in: values separated by commas, trimmed, each quoted', () => {
    expect(filterParam({ column: 'id', operator: 'in', value: '1, 2 ,x"y, a)b' })).toEqual(['"id"', 'in.("1","2","x\\"y","a)b")']);
  });

  it('quotes any column name, escaping quotes and backslashes', () => {
    expect(quoted('a.b')).toBe('"a.b"');
    expect(quoted('x"y\\z')).toBe('"x\\"y\\\\z"');
    expect(filterParam({ column: 'or', operator: 'eq', value: '1' })).toEqual(['"or"', 'eq.1']);
  });
});

describe('order', () => {
  it('sorts by the chosen column, then by the primary key', () => {
    expect(orderParam({ column: 'price', ascending: false }, ['id'])).toBe('"price".desc,"id".asc');
    expect(orderParam({ column: 'id', ascending: false }, ['id'])).toBe('"id".desc');
    expect(orderParam(null, ['a', 'b'])).toBe('"a".asc,"b".asc');
    expect(orderParam(null, [])).toBeUndefined();
  });
});

describe('one page of the view', () => {
  it('asks for 100 rows at the page offset, with every chip and the order', () => {
    const params = rowsSearchParams(
      {
        filters: [
          { column: 'price', operator: 'gte', value: '10' },
          { column: 'price', operator: 'lt', value: '20' },
        ],
        sort: { column: 'name', ascending: true },
        page: 2,
      },
      ['id'],
    );
    expect([...params]).toEqual([
      ['select', '*'],
      ['"price"', 'gte.10'],
      ['"price"', 'lt.20'],
      ['order', '"name".asc,"id".asc'],
      ['limit', '100'],
      ['offset', '200'],
    ]);
  });
});

describe('rows by primary key', () => {
  it('in-lists a one-column key, values as text', () => {
    expect([...primaryKeyParams(['id'], [{ id: 1 }, { id: 'a,"b"' }])]).toEqual([['"id"', 'in.("1","a,\\"b\\"")']]);
  });

  it('or-s the columns of a composite key', () => {
    expect([...primaryKeyParams(['a', 'b'], [{ a: 1, b: 'x' }, { a: 2, b: true }])]).toEqual([['or', '(and("a".eq."1","b".eq."x"),and("a".eq."2","b".eq."true"))']]);
  });

  it('refuses to pick rows without a key', () => {
    expect(() => primaryKeyParams([], [{ a: 1 }])).toThrow();
  });
});

describe('Content-Range', () => {
  it('gives the total after the slash', () => {
    expect(totalOfContentRange('0-99/1234')).toBe(1234);
    expect(totalOfContentRange('*/0')).toBe(0);
    expect(totalOfContentRange('0-9/*')).toBeUndefined();
    expect(totalOfContentRange(null)).toBeUndefined();
  });
});

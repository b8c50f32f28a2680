import { describe, expect, it } from 'vitest';
import { qualifiedName, quoteIdentifier, selectRowsSql } from './sql-identifier';

describe('quoteIdentifier', () => {
  it('wraps plain, capitalised, spaced and unicode names in double quotes', () => {
    expect(quoteIdentifier('orders')).toBe('"orders"');
    expect(quoteIdentifier('Orders')).toBe('"Orders"');
    expect(quoteIdentifier('order items')).toBe('"order items"');
    expect(quoteIdentifier('commandes_été')).toBe('"commandes_été"');
  });

  it('doubles inner quotes so a name cannot close its quoting', () => {
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
    expect(quoteIdentifier('x"; drop table users; --')).toBe('"x""; drop table users; --"');
  });

  it('refuses empty names and NUL', () => {
    expect(() => quoteIdentifier('')).toThrow('empty');
    expect(() => quoteIdentifier('a\0b')).toThrow('NUL');
  });
});

describe('selectRowsSql', () => {
  it('quotes schema and table and writes limit and offset as numbers', () => {
    expect(qualifiedName('My Schema', 't"1')).toBe('"My Schema"."t""1"');
    expect(selectRowsSql('public', 'Order Items', 50, 100)).toBe('select * from "public"."Order Items" limit 50 offset 100;');
  });

  it('refuses limits and offsets that are not whole numbers', () => {
    expect(() => selectRowsSql('public', 't', -1, 0)).toThrow('limit');
    expect(() => selectRowsSql('public', 't', 50, 1.5)).toThrow('offset');
    expect(() => selectRowsSql('public', 't', Number.NaN, 0)).toThrow('limit');
  });
});

import { describe, expect, it } from 'vitest';
import { deleteSavedQuery, readSavedQueries, saveQuery, savedQueriesKey } from './saved-queries';

describe('saved log queries', () => {
  it('keeps one list per user and project, newest first, replacing a query of the same name', () => {
    const key = savedQueriesKey('user-1', 'abc');
    saveQuery(key, 'Errors', 'select 1', new Date('2026-03-04T10:00:00Z'));
    saveQuery(key, 'Slow', 'select 2', new Date('2026-03-04T11:00:00Z'));
    saveQuery(key, ' errors ', 'select 3', new Date('2026-03-04T12:00:00Z'));
    const list = readSavedQueries(key);
    expect(list.map((query) => [query.name, query.sql])).toEqual([
      ['Slow', 'select 2'],
      ['errors', 'select 3'],
    ]);
    expect(readSavedQueries(savedQueriesKey('user-2', 'abc'))).toEqual([]);
    expect(readSavedQueries(savedQueriesKey('user-1', 'other'))).toEqual([]);
    deleteSavedQuery(key, list[0]!.id);
    expect(readSavedQueries(key).map((query) => query.name)).toEqual(['errors']);
  });

  it('ignores what it cannot read', () => {
    const key = savedQueriesKey('user-1', 'abc');
    localStorage.setItem(key, 'not json');
    expect(readSavedQueries(key)).toEqual([]);
    localStorage.setItem(key, JSON.stringify([{ id: 'a', name: 'x', sql: 'select 1', saved_at: '2026-03-04T10:00:00Z' }, { nope: true }]));
    expect(readSavedQueries(key)).toHaveLength(1);
  });
});

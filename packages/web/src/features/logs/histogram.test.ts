import { describe, expect, it } from 'vitest';
import { histogramPoints, histogramSql, sourceOfQuery } from './histogram';
import { orderColumns } from './sql-text';

const at = (iso: string) => new Date(iso).getTime();

describe('histogram', () => {
  it('finds the source a query reads, not words in strings or comments', () => {
    expect(sourceOfQuery('select * from postgres_logs where id = 1')).toBe('postgres_logs');
    expect(sourceOfQuery('select count(*) FROM "auth_logs"')).toBe('auth_logs');
    expect(sourceOfQuery('select * from logs.function_edge_logs')).toBe('function_edge_logs');
    expect(sourceOfQuery("select 'from edge_logs' as x -- from auth_logs\nfrom function_logs")).toBe('function_logs');
    expect(sourceOfQuery('select 1 /* from edge_logs */')).toBeNull();
    expect(sourceOfQuery('select * from edge_logs_backup')).toBeNull();
  });

  it('counts with date_bin from the range start and fills empty buckets with 0', () => {
    const range = { start: '2026-03-04T11:00:00.000Z', end: '2026-03-04T12:00:00.000Z' };
    expect(histogramSql('edge_logs', range)).toBe(
      "select date_bin('60 seconds', timestamp, timestamptz '2026-03-04T11:00:00.000Z') as bucket, count(*) as count\nfrom edge_logs\ngroup by bucket\norder by bucket",
    );
    const points = histogramPoints(
      [
        { bucket: '2026-03-04T11:00:00+00:00', count: 3 },
        { bucket: '2026-03-04T11:59:00+00:00', count: 2 },
      ],
      range,
    );
    expect(points).toHaveLength(60);
    expect(points[0]).toEqual({ bucket: at('2026-03-04T11:00:00Z'), count: 3 });
    expect(points[1]!.count).toBe(0);
    expect(points[59]).toEqual({ bucket: at('2026-03-04T11:59:00Z'), count: 2 });
  });
});

describe('result columns', () => {
  it('come in the order the query selected them, then in the source’s order, then as answered', () => {
    // jsonb answers keys sorted by length.
    const keys = ['id', 'path', 'method', 'status', 'timestamp'];
    expect(orderColumns(keys, 'select id, timestamp, method, path, status from edge_logs', 'edge_logs')).toEqual([
      'id',
      'timestamp',
      'method',
      'path',
      'status',
    ]);
    expect(
      orderColumns(['role', 'count', 'key_role'], 'select key_role, role, count(*) as count from edge_logs group by 1, 2', 'edge_logs'),
    ).toEqual(['key_role', 'role', 'count']);
    expect(
      orderColumns(['id', 'query', 'metadata', 'severity', 'timestamp', 'event_message'], 'select * from postgres_logs', 'postgres_logs'),
    ).toEqual(['id', 'timestamp', 'event_message', 'metadata', 'severity', 'query']);
    expect(orderColumns(['b', 'a'], "select 'a' as x, b, a from edge_logs", null)).toEqual(['b', 'a']);
    expect(orderColumns(['zz', 'id'], 'select id from edge_logs', 'edge_logs')).toEqual(['id', 'zz']);
  });
});

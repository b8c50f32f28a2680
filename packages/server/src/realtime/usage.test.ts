import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformContext } from '../kernel/context.ts';
import { RealtimeUsage } from './usage.ts';

/** What the counters wrote: each table's rows as (ref, day or minute, messages, peak). */
function fakeStore() {
  const written: { table: string; rows: [string, string, number, number][] }[] = [];
  const db = {
    query: async (sql: string, params: [string[], (string | Date)[], number[], number[]]) => {
      const table = /insert into (\w+)/.exec(sql)![1]!;
      const [refs, at, messages, peaks] = params;
      const when = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);
      written.push({ table, rows: refs.map((ref, i) => [ref, when(at[i]!), messages[i]!, peaks[i]!]) });
      return { rows: [], rowCount: refs.length };
    },
  };
  const ctx = { db, logger: { warn: vi.fn() } } as unknown as PlatformContext;
  return { ctx, written, rows: (table: string) => written.filter((w) => w.table === table).flatMap((w) => w.rows) };
}

describe('realtime usage counters', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-04T10:00:05Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('count messages and the peak of sockets by day and by minute', async () => {
    const { ctx, rows } = fakeStore();
    const usage = new RealtimeUsage(ctx);
    usage.connections('abc', 1);
    usage.connections('abc', 2);
    usage.message('abc', 3);
    vi.setSystemTime(new Date('2026-03-04T10:01:30Z'));
    usage.message('abc');
    await usage.stop();
    expect(rows('realtime_usage_daily')).toEqual([['abc', '2026-03-04', 4, 2]]);
    expect(rows('realtime_usage_minutes')).toEqual([
      ['abc', '2026-03-04T10:00:00.000Z', 3, 2],
      ['abc', '2026-03-04T10:01:00.000Z', 1, 0],
    ]);
  });

  it('count in the day the clock shows after it is set back', async () => {
    const { ctx, rows } = fakeStore();
    const usage = new RealtimeUsage(ctx);
    vi.setSystemTime(new Date('2026-11-28T10:00:05Z'));
    usage.message('abc');
    vi.setSystemTime(new Date('2026-03-04T10:00:05Z'));
    usage.message('abc');
    await usage.stop();
    expect(rows('realtime_usage_daily')).toEqual([
      ['abc', '2026-11-28', 1, 0],
      ['abc', '2026-03-04', 1, 0],
    ]);
  });

  it('keep counting the sockets open in the minutes nobody connects in, once the hub reports closes too', async () => {
    const { ctx, rows } = fakeStore();
    const usage = new RealtimeUsage(ctx);
    usage.open('abc', 1);
    usage.open('abc', 2);
    await usage.flush();
    vi.setSystemTime(new Date('2026-03-04T10:01:30Z'));
    await usage.flush(); // nothing happened in this minute: the two sockets are still open
    usage.open('abc', 1);
    vi.setSystemTime(new Date('2026-03-04T10:02:10Z'));
    usage.open('abc', 0);
    vi.setSystemTime(new Date('2026-03-04T10:03:10Z'));
    await usage.stop();
    expect(rows('realtime_usage_minutes')).toEqual([
      ['abc', '2026-03-04T10:00:00.000Z', 0, 2],
      ['abc', '2026-03-04T10:01:00.000Z', 0, 2],
      // Written again by the next flush (the store keeps the larger peak): two were open when one closed.
      ['abc', '2026-03-04T10:01:00.000Z', 0, 2],
      ['abc', '2026-03-04T10:02:00.000Z', 0, 1],
    ]);
    expect(rows('realtime_usage_daily').map(([, , , peak]) => peak)).toEqual([2, 2, 2]);
  });
});

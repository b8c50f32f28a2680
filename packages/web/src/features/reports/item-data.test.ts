import type { SqlResult } from '@basin/core/schemas';
import { describe, expect, it } from 'vitest';
import { xTypeOf } from '../../lib/chart-points';
import { chartAxes, itemPoints } from './item-data';

const result = (fields: string[], rows: unknown[][]): SqlResult => ({
  fields: fields.map((name) => ({ name, dataTypeID: 25, type: 'text' })),
  rows,
  rowCount: rows.length,
  command: 'SELECT',
  durationMs: 1,
  truncated: false,
});

describe('report item data', () => {
  it('detects number, date and string X values, ignoring empty ones', () => {
    expect(xTypeOf([1, '2', null])).toBe('number');
    expect(xTypeOf(['2026-03-01', '2026-03-02 10:00:00+00'])).toBe('date');
    expect(xTypeOf(['a', 1])).toBe('string');
    expect(xTypeOf([])).toBe('string');
  });

  it('picks the configured columns, else the first column and the first numeric one after it', () => {
    const rows = result(['day', 'name', 'total'], [['2026-03-01', 'a', '3']]);
    expect(chartAxes(rows, { type: 'bar', view: 'chart', xKey: 'name', yKey: 'total' })).toEqual({ xKey: 'name', yKey: 'total' });
    expect(chartAxes(rows, { type: 'bar', view: 'chart' })).toEqual({ xKey: 'day', yKey: 'total' });
    expect(chartAxes(rows, { type: 'bar', view: 'chart', xKey: 'gone' })).toEqual({ xKey: 'day', yKey: 'total' });
    expect(chartAxes(result(['a', 'b'], [['x', 'y']]), { type: 'bar', view: 'chart' })).toBeUndefined();
  });

  it('sorts dates and numbers, keeps text in order, and sums when cumulative', () => {
    const rows = result(
      ['day', 'n'],
      [
        ['2026-03-02', '2'],
        ['2026-03-01', 1],
        ['2026-03-03', 'x'],
      ],
    );
    expect(itemPoints(rows, 'day', 'n').points.map((p) => p.y)).toEqual([1, 2, 0]);
    expect(itemPoints(rows, 'day', 'n', true).points.map((p) => p.y)).toEqual([1, 3, 3]);
    expect(
      itemPoints(
        result(
          ['k', 'n'],
          [
            ['b', 1],
            ['a', 2],
          ],
        ),
        'k',
        'n',
      ).points,
    ).toEqual([
      { x: 'b', y: 1 },
      { x: 'a', y: 2 },
    ]);
  });
});

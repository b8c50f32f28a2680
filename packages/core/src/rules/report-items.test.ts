import { describe, expect, it } from 'vitest';
import { AddReportItemBody } from '../schemas/reports.ts';
import { reportChartConfig } from './report-items.ts';

describe('report item chart configs', () => {
  it('defaults to a bar chart shown as a chart', () => {
    expect(reportChartConfig(undefined)).toEqual({ type: 'bar', view: 'chart' });
  });

  it('takes the SQL tool’s xAxis and yAxis for xKey and yKey, the keys winning', () => {
    expect(reportChartConfig({ view: 'table', xAxis: 'day', yAxis: 'total' })).toEqual({
      type: 'bar',
      view: 'table',
      xKey: 'day',
      yKey: 'total',
    });
    expect(reportChartConfig({ xKey: 'a', xAxis: 'b', yKey: 'c' })).toEqual({ type: 'bar', view: 'chart', xKey: 'a', yKey: 'c' });
    expect(reportChartConfig({ type: 'line', cumulative: true, showGrid: false })).toEqual({
      type: 'line',
      view: 'chart',
      cumulative: true,
      showGrid: false,
    });
  });

  it('accepts an item of inline SQL or of a snippet, not both nor neither', () => {
    expect(AddReportItemBody.safeParse({ sql: 'select 1', label: 'One', chartConfig: { xAxis: 'x' } }).success).toBe(true);
    expect(AddReportItemBody.safeParse({ snippet_id: '7d8f3c1e-2b4a-4c6d-9e0f-1a2b3c4d5e6f' }).success).toBe(true);
    expect(AddReportItemBody.safeParse({}).success).toBe(false);
    expect(AddReportItemBody.safeParse({ sql: 'select 1', snippet_id: '7d8f3c1e-2b4a-4c6d-9e0f-1a2b3c4d5e6f' }).success).toBe(false);
    expect(AddReportItemBody.safeParse({ sql: '   ' }).success).toBe(false);
  });
});

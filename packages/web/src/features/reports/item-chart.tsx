import type { ReportChartConfig, SqlResult } from '@basin/core/schemas';
import { Bar, BarChart, CartesianGrid, LabelList, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime } from '../../lib/format-date';
import { chartColor } from '../../ui/chart-palette';
import { itemPoints, type XType } from './item-data';

/** Spec part 2 §2: the result widget's chart is 230 px high. */
export const ITEM_CHART_HEIGHT = 230;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A `date` column's day as Postgres wrote it, in the spec's 'MMM D, YYYY' (parsed as UTC midnight, so read in UTC). */
function formatDay(timestamp: number): string {
  const date = new Date(timestamp);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

function formatX(value: unknown, xType: XType, dateOnly = false): string {
  if (xType === 'date' && typeof value === 'number') return dateOnly ? formatDay(value) : formatDateTime(new Date(value).toISOString());
  if (xType === 'number' && typeof value === 'number') return value.toLocaleString('en-US');
  return String(value);
}

/** A report item's rows as a bar or line chart of Y by X, in the palette's first colour. */
export function ItemChart({
  result,
  config,
  xKey,
  yKey,
  label,
}: {
  result: SqlResult;
  config: ReportChartConfig;
  xKey: string;
  yKey: string;
  label: string;
}) {
  const { points, xType } = itemPoints(result, xKey, yKey, config.cumulative);
  const xIndex = result.fields.findIndex((field) => field.name === xKey);
  const dateOnly = xType === 'date' && result.rows.every((row) => row[xIndex] === null || DATE_ONLY.test(String(row[xIndex])));
  const grid = config.showGrid === false ? null : <CartesianGrid vertical={false} stroke="var(--border)" />;
  const axes = (
    <>
      {grid}
      <XAxis
        dataKey="x"
        tickFormatter={(value: unknown) => formatX(value, xType, dateOnly)}
        tick={{ fontSize: 11, fill: 'var(--muted)' }}
        stroke="var(--border-strong)"
        minTickGap={16}
      />
      <YAxis tick={{ fontSize: 11, fill: 'var(--muted)' }} width={56} stroke="var(--border-strong)" />
      <Tooltip
        labelFormatter={(value: unknown) => `${xKey}: ${formatX(value, xType, dateOnly)}`}
        formatter={(value) => [String(value), yKey]}
        contentStyle={{ fontSize: 12, background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 6 }}
        cursor={{ fill: 'var(--surface-hover)' }}
      />
    </>
  );
  const labels = config.showLabels ? <LabelList dataKey="y" position="top" fontSize={10} fill="var(--muted)" /> : null;
  return (
    <div role="img" aria-label={label} data-chart-type={config.type} style={{ height: ITEM_CHART_HEIGHT }}>
      <ResponsiveContainer width="100%" height={ITEM_CHART_HEIGHT} initialDimension={{ width: 480, height: ITEM_CHART_HEIGHT }}>
        {config.type === 'line' ? (
          <LineChart data={points} margin={{ top: 12, right: 8, bottom: 0, left: 0 }}>
            {axes}
            <Line dataKey="y" name={yKey} stroke={chartColor(0)} strokeWidth={2} dot={points.length <= 40} isAnimationActive={false}>
              {labels}
            </Line>
          </LineChart>
        ) : (
          <BarChart data={points} margin={{ top: 12, right: 8, bottom: 0, left: 0 }}>
            {axes}
            <Bar dataKey="y" name={yKey} fill={chartColor(0)} radius={[3, 3, 0, 0]} isAnimationActive={false}>
              {labels}
            </Bar>
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}

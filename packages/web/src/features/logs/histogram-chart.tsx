/** The histogram's recharts bar chart: loaded on demand with the logs pages' chart. */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartColor } from '../../ui/chart-palette';
import { formatFullTime, formatTick } from './format';
import type { HistogramPoint } from './histogram';

const AXIS = { tick: { fontSize: 11, fill: 'var(--muted)' }, stroke: 'var(--border-strong)' } as const;
const TOOLTIP_STYLE = { fontSize: 12, background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 6 } as const;

export default function HistogramChart({
  points,
  spanMs,
  height,
  onBucket,
}: {
  points: HistogramPoint[];
  spanMs: number;
  height: number;
  /** A bar was clicked: its index in `points`. */
  onBucket: (index: number) => void;
}) {
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
      <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} barCategoryGap={1}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis dataKey="bucket" type="category" tickFormatter={(value: number) => formatTick(value, spanMs)} minTickGap={32} {...AXIS} />
        <YAxis width={40} allowDecimals={false} {...AXIS} />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          labelFormatter={(value) => formatFullTime(Number(value))}
          formatter={(value) => [typeof value === 'number' ? value.toLocaleString('en-US') : String(value), 'Events']}
          cursor={{ fill: 'var(--surface-hover)' }}
        />
        <Bar
          dataKey="count"
          name="Events"
          fill={chartColor(0)}
          isAnimationActive={false}
          cursor="pointer"
          onClick={(_, index) => onBucket(index)}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

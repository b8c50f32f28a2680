import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartPoint, XType } from './chart-data';
import { CHART_HEIGHT } from './chart-size';

function formatX(value: unknown, xType: XType): string {
  if (xType === 'date' && typeof value === 'number')
    return new Date(value).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  if (xType === 'number' && typeof value === 'number') return value.toLocaleString('en-US');
  return String(value);
}

/** A bar chart of the result (recharts, loaded with the first chart shown). */
export default function ResultChart({
  points,
  xType,
  xLabel,
  yLabel,
}: {
  points: ChartPoint[];
  xType: XType;
  xLabel: string;
  yLabel: string;
}) {
  return (
    <div style={{ height: CHART_HEIGHT }} data-testid="result-chart" aria-label={`Bar chart of ${yLabel} by ${xLabel}`} role="img">
      <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={{ width: 400, height: CHART_HEIGHT }}>
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 4, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="x" tickFormatter={(value: unknown) => formatX(value, xType)} tick={{ fontSize: 11 }} stroke="var(--muted)" />
          <YAxis tick={{ fontSize: 11 }} width={48} stroke="var(--muted)" />
          <Tooltip
            labelFormatter={(value: unknown) => `${xLabel}: ${formatX(value, xType)}`}
            formatter={(value: unknown) => [String(value), yLabel]}
            contentStyle={{ fontSize: 12, background: 'var(--surface)', border: '1px solid var(--border)' }}
          />
          <Bar dataKey="y" name={yLabel} fill="var(--accent)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

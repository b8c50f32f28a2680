import type { ReportSeries } from '@basin/core/schemas';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartColor } from '../../ui/chart-palette';
import { formatBucket, formatTick, formatValue, isMeasure } from './format';

const AXIS = { tick: { fontSize: 11, fill: 'var(--muted)' }, stroke: 'var(--border-strong)' } as const;
/** Up to this many sampled buckets, each sample is also drawn as a dot. */
const SPARSE_SAMPLES = 24;
const TOOLTIP_STYLE = { fontSize: 12, background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 6 } as const;

/**
 * One built-in chart: events (requests, sign-ins, invocations) as stacked bars per bucket, CPU and
 * memory as lines on a 0–100% scale, disk as stacked areas, connections as a line. Buckets without
 * a sample are gaps.
 */
export function SeriesChart({ data, height = 180, label }: { data: ReportSeries; height?: number; label: string }) {
  const rows = data.points.map((point) => ({ at: Date.parse(point.timestamp), ...point.values }));
  const common = {
    data: rows,
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
  };
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis dataKey="at" type="category" tickFormatter={(value: number) => formatTick(value, data.range)} minTickGap={24} {...AXIS} />
      <YAxis
        width={56}
        allowDecimals={data.unit !== 'count'}
        domain={data.unit === 'percent' ? [0, 100] : [0, 'auto']}
        tickFormatter={(value: number) => formatValue(value, data.unit)}
        {...AXIS}
      />
      <Tooltip
        contentStyle={TOOLTIP_STYLE}
        labelFormatter={(value) => formatBucket(Number(value))}
        formatter={(value) => (typeof value === 'number' ? formatValue(value, data.unit) : '—')}
        cursor={{ fill: 'var(--surface-hover)' }}
      />
    </>
  );
  const series = data.series.map((s, index) => ({ ...s, color: chartColor(index) }));
  // A sample with no neighbour draws no line: dots show each one while samples are few (a new
  // project, or a range with gaps).
  const sampled = data.points.filter((point) => Object.values(point.values).some((value) => value !== null)).length;
  const dot = sampled <= SPARSE_SAMPLES ? { r: 2.5 } : false;
  let chart;
  if (!isMeasure(data)) {
    chart = (
      <BarChart {...common}>
        {axes}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} stackId="events" fill={s.color} isAnimationActive={false} />
        ))}
      </BarChart>
    );
  } else if (data.unit === 'bytes') {
    chart = (
      <AreaChart {...common}>
        {axes}
        {series.map((s) => (
          <Area
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stackId="disk"
            stroke={s.color}
            fill={s.color}
            fillOpacity={0.25}
            dot={dot && { ...dot, fill: s.color }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    );
  } else {
    chart = (
      <LineChart {...common}>
        {axes}
        {series.map((s) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            dot={dot && { ...dot, fill: s.color }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  }
  return (
    <div>
      <div role="img" aria-label={label} data-chart={data.chart} style={{ height }}>
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 480, height }}>
          {chart}
        </ResponsiveContainer>
      </div>
      {series.length > 1 ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Series">
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className="size-2 rounded-full" style={{ background: s.color }} aria-hidden="true" />
              <span className={s.label.startsWith('/') ? 'max-w-56 truncate font-mono' : 'max-w-56 truncate'} title={s.label}>
                {s.label}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

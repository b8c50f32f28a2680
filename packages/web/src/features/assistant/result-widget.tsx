import { BarChart3, Code, Rows3, SquarePen } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ASSISTANT_MESSAGES, can } from '@basin/core';
import { createSnippet } from '../../data/snippets/use-create-snippet-mutation';
import { cellText } from '../../lib/cell-text';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Select } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { Tooltip } from '../../ui/tooltip';
import { useAssistantProject } from './assistant-context';
import { chartPoints, columnsOf, type ResultRow } from './chart-data';
import { CHART_HEIGHT } from './chart-size';
import { AddToReportButton, DragHandle, useReportCard } from './report-card';
import { track } from '../../data/telemetry/track';

const ResultChart = lazy(() => import('./result-chart'));

export type ResultView = 'table' | 'chart';

export interface ChartSettings {
  view?: ResultView;
  xKey?: string;
  yKey?: string;
}

const NONE = '__none__';

function AxisPicker({
  label,
  value,
  columns,
  onChange,
}: {
  label: string;
  value: string | undefined;
  columns: string[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <label className="flex items-center gap-1.5 text-xs text-muted">
      {label}
      <Select
        ariaLabel={`${label} axis`}
        value={value ?? NONE}
        onValueChange={(next) => onChange(next === NONE ? undefined : next)}
        fullWidth={false}
        className="h-7 min-w-24 text-xs"
      >
        <Select.Item value={NONE}>None</Select.Item>
        {columns.map((column) => (
          <Select.Item key={column} value={column}>
            {column}
          </Select.Item>
        ))}
      </Select>
    </label>
  );
}

function ResultTable({ rows, columns }: { rows: ResultRow[]; columns: string[] }) {
  if (rows.length === 0) return <p className="px-3 py-2 text-xs text-muted">Success. No rows returned</p>;
  return (
    <div className="max-h-64 overflow-auto" data-testid="result-table">
      <table className="w-full border-collapse text-xs">
        <thead className="sticky top-0 bg-surface-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="border-b border-border px-2 py-1 text-left font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className="border-b border-border last:border-0">
              {columns.map((column) => (
                <td key={column} className="max-w-64 truncate px-2 py-1 font-mono whitespace-nowrap">
                  {cellText(row[column])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Opens the query in the SQL editor: as a new snippet when the member may save one, else the empty editor. */
function useOpenInSqlEditor(sql: string, label: string | undefined) {
  const { projectRef, role } = useAssistantProject();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  async function open() {
    track('assistant_edit_in_sql_editor_clicked', { projectRef });
    if (!can(role, 'user_content.sql:create')) {
      void navigate(`/project/${projectRef}/sql`);
      return;
    }
    setOpening(true);
    try {
      const snippet = await createSnippet({ ref: projectRef, name: label?.slice(0, 256) || 'Assistant query', sql });
      void navigate(`/project/${projectRef}/sql/${snippet.id}`);
    } catch (error) {
      toast.error(`Failed to open the query in the SQL editor: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setOpening(false);
    }
  }
  return { open, opening };
}

/**
 * A query's result (spec part 2 §2): a table or a bar chart with X and Y pickers, the query itself
 * (at most 300 px high), 'Open in SQL editor', and on a report page a way onto it (report-card).
 * Errors read 'ERROR: {text}'.
 */
export function ResultWidget({
  sql,
  label,
  rows,
  error,
  settings,
}: {
  sql: string;
  label?: string;
  rows?: ResultRow[];
  error?: string;
  settings?: ChartSettings;
}) {
  const columns = useMemo(() => columnsOf(rows ?? []), [rows]);
  const [view, setView] = useState<ResultView>(settings?.view ?? (settings?.xKey && settings.yKey ? 'chart' : 'table'));
  const [xKey, setXKey] = useState(settings?.xKey);
  const [yKey, setYKey] = useState(settings?.yKey);
  const [showQuery, setShowQuery] = useState(false);
  const editor = useOpenInSqlEditor(sql, label);
  const x = xKey && columns.includes(xKey) ? xKey : undefined;
  const y = yKey && columns.includes(yKey) ? yKey : undefined;
  const chart = useMemo(() => (rows && x && y ? chartPoints(rows, x, y) : undefined), [rows, x, y]);
  const card = { sql, label, chartConfig: { view, xKey: x, yKey: y } };
  const report = useReportCard(card);

  return (
    <div
      className="flex flex-col overflow-hidden rounded-md border border-border bg-surface"
      data-testid="result-widget"
      draggable={report.draggable && error === undefined}
      onDragStart={error === undefined ? report.onDragStart : undefined}
    >
      <div className="flex flex-wrap items-center gap-1 border-b border-border px-2 py-1">
        {report.draggable && error === undefined ? <DragHandle /> : null}
        {rows && rows.length > 0 ? (
          <div role="group" aria-label="Result view" className="inline-flex rounded-md border border-border p-0.5">
            <button
              type="button"
              aria-pressed={view === 'table'}
              onClick={() => setView('table')}
              className={cn(
                'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs',
                view === 'table' ? 'bg-surface-hover text-foreground' : 'text-muted',
              )}
            >
              <Rows3 className="size-3" aria-hidden="true" />
              Table
            </button>
            <button
              type="button"
              aria-pressed={view === 'chart'}
              onClick={() => setView('chart')}
              className={cn(
                'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs',
                view === 'chart' ? 'bg-surface-hover text-foreground' : 'text-muted',
              )}
            >
              <BarChart3 className="size-3" aria-hidden="true" />
              Chart
            </button>
          </div>
        ) : null}
        <span className="ml-auto" />
        <Tooltip content={showQuery ? 'Hide query' : 'Show query'}>
          <Button
            variant="ghost"
            size="icon"
            aria-label={showQuery ? 'Hide query' : 'Show query'}
            aria-pressed={showQuery}
            onClick={() => setShowQuery((shown) => !shown)}
          >
            <Code className="size-3.5" aria-hidden="true" />
          </Button>
        </Tooltip>
        {report.reportId !== undefined && error === undefined ? (
          <AddToReportButton projectRef={report.projectRef} reportId={report.reportId} card={card} />
        ) : null}
        <Tooltip content="Open in SQL editor">
          <Button variant="ghost" size="icon" aria-label="Open in SQL editor" onClick={() => void editor.open()} loading={editor.opening}>
            {editor.opening ? null : <SquarePen className="size-3.5" aria-hidden="true" />}
          </Button>
        </Tooltip>
      </div>
      {showQuery ? (
        <pre
          className="max-h-[300px] overflow-auto border-b border-border bg-surface-muted px-3 py-2 font-mono text-xs whitespace-pre-wrap"
          data-testid="result-query"
        >
          {sql}
        </pre>
      ) : null}
      {error !== undefined ? (
        <p role="alert" className="px-3 py-2 font-mono text-xs text-danger">
          {ASSISTANT_MESSAGES.resultError(error)}
        </p>
      ) : !rows ? null : view === 'table' || rows.length === 0 ? (
        <ResultTable rows={rows} columns={columns} />
      ) : (
        <div className="flex flex-col gap-2 p-2">
          <div className="flex flex-wrap items-center gap-3">
            <AxisPicker label="X" value={x} columns={columns} onChange={setXKey} />
            <AxisPicker label="Y" value={y} columns={columns} onChange={setYKey} />
          </div>
          {chart && x && y ? (
            <Suspense
              fallback={
                <div style={{ height: CHART_HEIGHT }} className="flex items-center justify-center">
                  <Spinner label="Loading chart" />
                </div>
              }
            >
              <ResultChart points={chart.points} xType={chart.xType} xLabel={x} yLabel={y} />
            </Suspense>
          ) : (
            <p className="flex items-center justify-center text-xs text-muted" style={{ height: CHART_HEIGHT }}>
              {ASSISTANT_MESSAGES.chartNeedsAxes}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

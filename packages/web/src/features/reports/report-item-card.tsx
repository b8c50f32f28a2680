import { ArrowDown, ArrowUp, ChartColumn, Ellipsis, RefreshCw, SquareTerminal, Table2, Trash } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { REPORTS_MESSAGES } from '@basin/core';
import type { ReportChartConfig, ReportItem } from '@basin/core/schemas';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DropdownMenu } from '../../ui/dropdown-menu';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { Tooltip } from '../../ui/tooltip';
import { chartAxes } from './item-data';
import { ItemChart } from './item-chart';
import { ItemTable } from './item-table';
import { isReadOnlyFailure, useItemRows } from './use-item-rows';

export interface ItemActions {
  /** Saves a new chart config (only offered to members who may edit the report). */
  onConfigChange?: (config: ReportChartConfig) => void;
  onMove?: (delta: -1 | 1) => void;
  onRemove?: () => void;
}

/**
 * One chart of a custom report: its rows, run read-only as the member looking, shown as a bar or
 * line chart or as a table. Members who may edit the report change its chart type, axes and view
 * for everyone; the others switch the view for themselves only.
 */
export function ReportItemCard({
  projectRef,
  item,
  position,
  count,
  onConfigChange,
  onMove,
  onRemove,
}: { projectRef: string; item: ReportItem; position: number; count: number } & ItemActions) {
  const rows = useItemRows(projectRef, item.sql);
  const [localView, setLocalView] = useState<ReportChartConfig['view'] | null>(null);
  const config: ReportChartConfig = {
    ...item.chartConfig,
    view: onConfigChange ? item.chartConfig.view : (localView ?? item.chartConfig.view),
  };
  const change = (next: Partial<ReportChartConfig>) => {
    if (onConfigChange) onConfigChange({ ...config, ...next });
    else if (next.view) setLocalView(next.view);
  };
  const axes = rows.data ? chartAxes(rows.data, config) : undefined;
  const editable = Boolean(onConfigChange);

  return (
    <Card role="region" aria-label={item.label}>
      <Card.Header>
        <div className="flex min-w-0 items-center gap-2">
          <Card.Title as="h3" className="truncate">
            {item.label}
          </Card.Title>
          {item.snippet_id ? <Badge>Snippet</Badge> : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Tooltip content={config.view === 'chart' ? 'Show as table' : 'Show as chart'}>
            <Button
              size="icon"
              variant="ghost"
              aria-label={config.view === 'chart' ? 'Show as table' : 'Show as chart'}
              onClick={() => change({ view: config.view === 'chart' ? 'table' : 'chart' })}
            >
              {config.view === 'chart' ? (
                <Table2 className="size-4" aria-hidden="true" />
              ) : (
                <ChartColumn className="size-4" aria-hidden="true" />
              )}
            </Button>
          </Tooltip>
          <Tooltip content="Run again">
            <Button size="icon" variant="ghost" aria-label="Run again" onClick={() => void rows.refetch()} disabled={rows.isFetching}>
              <RefreshCw className="size-4" aria-hidden="true" />
            </Button>
          </Tooltip>
          <DropdownMenu>
            <DropdownMenu.Trigger asChild>
              <Button size="icon" variant="ghost" aria-label={`More actions for ${item.label}`}>
                <Ellipsis className="size-4" aria-hidden="true" />
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content>
              {item.snippet_id ? (
                <DropdownMenu.Item asChild>
                  <Link to={`/project/${projectRef}/sql/${item.snippet_id}`}>
                    <SquareTerminal className="size-4" aria-hidden="true" />
                    Open snippet in SQL editor
                  </Link>
                </DropdownMenu.Item>
              ) : null}
              <DropdownMenu.Item disabled={!onMove || position === 0} onSelect={() => onMove?.(-1)}>
                <ArrowUp className="size-4" aria-hidden="true" />
                Move up
              </DropdownMenu.Item>
              <DropdownMenu.Item disabled={!onMove || position === count - 1} onSelect={() => onMove?.(1)}>
                <ArrowDown className="size-4" aria-hidden="true" />
                Move down
              </DropdownMenu.Item>
              <DropdownMenu.Separator />
              <DropdownMenu.Item disabled={!onRemove} onSelect={() => onRemove?.()} className="text-danger">
                <Trash className="size-4" aria-hidden="true" />
                Remove from report
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu>
        </div>
      </Card.Header>
      <Card.Content className="flex flex-col gap-3">
        {rows.isPending ? (
          <div aria-label={`Running ${item.label}`}>
            <Skeleton className="h-[230px] w-full" />
          </div>
        ) : rows.isError ? (
          <div role="alert" className="rounded-md border border-danger/30 bg-danger-soft px-3 py-2 font-mono text-xs text-danger">
            <p>ERROR: {rows.error.message}</p>
            {isReadOnlyFailure(rows.error.message) ? <p className="mt-1 font-sans text-muted">{REPORTS_MESSAGES.runsReadOnly}</p> : null}
          </div>
        ) : rows.data.rows.length === 0 ? (
          <p className="py-8 text-center text-[13px] text-muted">{REPORTS_MESSAGES.noRows}</p>
        ) : config.view === 'table' ? (
          <ItemTable result={rows.data} label={`${item.label} rows`} />
        ) : !axes ? (
          <>
            <p className="py-6 text-center text-[13px] text-muted">{REPORTS_MESSAGES.pickAxes}</p>
            <ItemTable result={rows.data} label={`${item.label} rows`} />
          </>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
              <Select
                ariaLabel="Chart type"
                value={config.type}
                onValueChange={(type) => change({ type: type as ReportChartConfig['type'] })}
                disabled={!editable}
                fullWidth={false}
                className="h-7 w-24 text-xs"
              >
                <Select.Item value="bar">Bar</Select.Item>
                <Select.Item value="line">Line</Select.Item>
              </Select>
              <span>X</span>
              <Select
                ariaLabel="X axis column"
                value={axes.xKey}
                onValueChange={(xKey) => change({ xKey })}
                disabled={!editable}
                fullWidth={false}
                className="h-7 w-36 text-xs"
              >
                {rows.data.fields.map((field) => (
                  <Select.Item key={field.name} value={field.name}>
                    {field.name}
                  </Select.Item>
                ))}
              </Select>
              <span>Y</span>
              <Select
                ariaLabel="Y axis column"
                value={axes.yKey}
                onValueChange={(yKey) => change({ yKey })}
                disabled={!editable}
                fullWidth={false}
                className="h-7 w-36 text-xs"
              >
                {rows.data.fields.map((field) => (
                  <Select.Item key={field.name} value={field.name}>
                    {field.name}
                  </Select.Item>
                ))}
              </Select>
            </div>
            <ItemChart result={rows.data} config={config} xKey={axes.xKey} yKey={axes.yKey} label={`${item.label} chart`} />
          </>
        )}
      </Card.Content>
    </Card>
  );
}

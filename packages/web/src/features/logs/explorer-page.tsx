import { useQueryClient } from '@tanstack/react-query';
import { FileCode2, Link2, Play, Save } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useLocation, useParams } from 'react-router';
import { LOG_QUERY_MAX_ROWS } from '@basin/core';
import type { LogRow } from '@basin/core/schemas';
import { logsKeys } from '../../data/logs/logs-all';
import { useLogsQuery } from '../../data/logs/use-logs-query';
import { useProfileQuery } from '../../data/profile/use-profile-query';
import { copyToClipboard } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { DropdownMenu } from '../../ui/dropdown-menu';
import { EmptyState } from '../../ui/empty-state';
import { PageSpinner } from '../../ui/spinner';
import { EventDetail } from './event-detail';
import { sourceOfQuery } from './histogram';
import { HistogramCard } from './histogram-card';
import { LogEditor } from './log-editor';
import { LogsSidebar } from './logs-sidebar';
import { QueryMessages } from './query-messages';
import { ResultsTable } from './results-table';
import { SaveQueryDialog } from './save-query-dialog';
import { useSavedQueries } from './saved-queries';
import { defaultQuery, EXPLORER_DEFAULT_SQL, SOURCE_PAGES, templatesFor, type SourcePage } from './templates';
import { rangeLabel, TimeRangePicker } from './time-range-picker';
import { useExplorerState, type RunRequest } from './use-explorer-state';

const RUN_SHORTCUT = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘↵' : 'Ctrl+↵';
const SEPARATOR = 'w-px bg-border data-[separator=hover]:bg-accent data-[separator=active]:bg-accent data-[separator=focus]:bg-accent';
const NO_ROWS: LogRow[] = [];

function ResultsSummary({ count, range }: { count: number; range: string }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 border-b border-border px-3 py-1.5 text-xs text-muted">
      <span data-testid="result-summary">
        {count.toLocaleString('en-US')} {count === 1 ? 'row' : 'rows'}
      </span>
      <span aria-hidden="true">·</span>
      <span>{range}</span>
      {count >= LOG_QUERY_MAX_ROWS ? (
        <span className="text-warning">
          Showing the first {LOG_QUERY_MAX_ROWS.toLocaleString('en-US')} rows: add a LIMIT or narrow the range.
        </span>
      ) : null}
    </p>
  );
}

/**
 * /project/{ref}/logs/explorer, and each source's page (/logs/edge-logs, ...: the explorer preset to
 * that source). The SQL runs over the project's log sources in the chosen range (logs.all); the
 * address keeps the query and the range, so a link reproduces the view.
 */
export function LogsExplorerPage({ page }: { page?: SourcePage }) {
  const { ref = '' } = useParams();
  const info = page ? SOURCE_PAGES[page] : null;
  const defaultSql = info ? defaultQuery(info.source) : EXPLORER_DEFAULT_SQL;
  const templates = templatesFor(info?.source);
  const state = useExplorerState(defaultSql);
  const queryClient = useQueryClient();
  const location = useLocation();
  const profile = useProfileQuery();
  const saved = useSavedQueries(ref, profile.data?.id);
  const [saving, setSaving] = useState(false);

  // The editor holds the text being written; a new query in the address (a link, back) replaces it.
  const [draft, setDraft] = useState(state.sql);
  const [draftFor, setDraftFor] = useState(state.sql);
  if (state.sql !== draftFor) {
    setDraftFor(state.sql);
    setDraft(state.sql);
  }

  const results = useLogsQuery(ref, { sql: state.sql, start: state.range.start, end: state.range.end });
  const rows = results.data?.result ?? NO_ROWS;
  const source = sourceOfQuery(state.sql) ?? info?.source ?? null;

  // The open event belongs to the rows it was chosen from.
  const [selected, setSelected] = useState<number | null>(null);
  const [selectedIn, setSelectedIn] = useState(rows);
  if (selectedIn !== rows) {
    setSelectedIn(rows);
    setSelected(null);
  }
  const selectedRow = selected === null ? undefined : rows[selected];

  function run(request: Partial<RunRequest> = {}) {
    const sql = request.sql ?? draft;
    if (!sql.trim()) return;
    if (request.sql !== undefined) setDraft(sql);
    const changed = state.run({ ...request, sql });
    // The same view again: ask the store once more (the results, the histogram and an open event).
    if (!changed) void queryClient.refetchQueries({ queryKey: logsKeys.all(ref), type: 'active' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.defaultPrevented) return;
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      run();
    } else if (event.key === 'Escape' && selected !== null) {
      event.preventDefault();
      setSelected(null);
    }
  }

  /** The address of exactly this view: the query and the range it ran over, even before a first Run. */
  function viewLink(): string {
    const url = new URL(`${location.pathname}${location.search}`, window.location.origin);
    if (state.sql === defaultSql) url.searchParams.delete('sql');
    else url.searchParams.set('sql', state.sql);
    url.searchParams.set('its', state.range.start);
    url.searchParams.set('ite', state.range.end);
    return url.href;
  }

  async function copyLink() {
    try {
      await copyToClipboard(viewLink());
      toast.success('Link to this view copied');
    } catch (error) {
      toast.error(`Failed to copy: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const errorMessage = results.error?.message ?? results.data?.error?.message ?? null;
  const range = rangeLabel(state.preset, state.range);
  let body;
  if (results.isFetching) {
    body = <PageSpinner label="Running the query" />;
  } else if (errorMessage) {
    body = <p className="p-4 text-[13px] text-muted">No results: the query failed (see above).</p>;
  } else if (!rows.length) {
    body = (
      <div className="p-4">
        <EmptyState title="No events found">
          Nothing matched in {state.preset ? range.toLowerCase() : 'this range'}. Try a longer range or another query.
        </EmptyState>
      </div>
    );
  } else {
    body = (
      <Group orientation="horizontal" className="min-h-0 flex-1">
        <Panel id="log-results" minSize={240}>
          <div className="flex h-full flex-col">
            <ResultsSummary count={rows.length} range={range} />
            <div className="min-h-0 flex-1">
              <ResultsTable rows={rows} sql={state.sql} source={source} selected={selected} onSelect={setSelected} />
            </div>
          </div>
        </Panel>
        {selectedRow ? (
          <>
            <Separator className={SEPARATOR} />
            <Panel id="log-event" defaultSize="40%" minSize={280} maxSize="75%">
              <EventDetail
                projectRef={ref}
                row={selectedRow}
                sql={state.sql}
                source={source}
                range={state.range}
                onClose={() => setSelected(null)}
              />
            </Panel>
          </>
        ) : null}
      </Group>
    );
  }

  return (
    <div className="flex h-full min-h-0" onKeyDown={onKeyDown}>
      <LogsSidebar
        templates={templates}
        saved={saved.queries}
        savedReady={saved.ready}
        onOpen={(sql) => run({ sql })}
        onDelete={(query) => {
          saved.remove(query.id);
          toast.success(`Deleted saved query ${query.name}`);
        }}
      />
      <section aria-label="Log query" className="flex min-w-0 flex-1 flex-col">
        <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2">
          <div className="mr-auto min-w-0">
            <h1 className="truncate text-[13px] font-medium">{info?.title ?? 'Logs Explorer'}</h1>
            <p className="truncate text-xs text-muted">{info?.description ?? 'Query every log source of the project with SQL'}</p>
          </div>
          <DropdownMenu>
            <DropdownMenu.Trigger asChild>
              <Button size="sm" className="md:hidden">
                <FileCode2 className="size-3.5" aria-hidden="true" />
                Queries
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content>
              <DropdownMenu.Label>Templates</DropdownMenu.Label>
              {templates.map((template) => (
                <DropdownMenu.Item key={template.id} onSelect={() => run({ sql: template.sql })}>
                  {template.label}
                </DropdownMenu.Item>
              ))}
              {saved.queries.length ? (
                <>
                  <DropdownMenu.Separator />
                  <DropdownMenu.Label>Saved queries</DropdownMenu.Label>
                  {saved.queries.map((query) => (
                    <DropdownMenu.Item key={query.id} onSelect={() => run({ sql: query.sql })}>
                      {query.name}
                    </DropdownMenu.Item>
                  ))}
                </>
              ) : null}
            </DropdownMenu.Content>
          </DropdownMenu>
          <TimeRangePicker
            preset={state.preset}
            range={state.range}
            onPreset={(preset) => run({ sql: state.sql, preset })}
            onCustom={(custom) => run({ sql: state.sql, range: custom })}
          />
          <Button size="sm" onClick={copyLink} aria-label="Copy link to this view">
            <Link2 className="size-3.5" aria-hidden="true" />
            Copy link
          </Button>
          <Button size="sm" onClick={() => setSaving(true)} disabled={!saved.ready || !draft.trim()}>
            <Save className="size-3.5" aria-hidden="true" />
            Save query
          </Button>
          <Button variant="primary" size="sm" onClick={() => run()} loading={results.isFetching} disabled={!draft.trim()}>
            <Play className="size-3.5" aria-hidden="true" />
            Run <kbd className="font-sans opacity-70">{RUN_SHORTCUT}</kbd>
          </Button>
        </div>
        <div className="h-36 min-h-24 shrink-0 border-b border-border">
          <LogEditor value={draft} onChange={setDraft} onRun={() => run()} />
        </div>
        <QueryMessages warnings={results.data?.warnings ?? []} error={errorMessage} />
        <HistogramCard projectRef={ref} source={source} range={state.range} onRange={(custom) => run({ sql: state.sql, range: custom })} />
        <div className="flex min-h-0 flex-1 flex-col">{body}</div>
      </section>
      <SaveQueryDialog
        open={saving}
        onOpenChange={setSaving}
        existingNames={saved.queries.map((query) => query.name)}
        onSave={(name) => {
          saved.save(name, draft);
          setSaving(false);
          toast.success(`Saved query ${name}`);
        }}
      />
    </div>
  );
}

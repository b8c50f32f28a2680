import { Bot, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { useOutletContext, useParams } from 'react-router';
import { can } from '@basin/core';
import { useSnippetQuery } from '../../data/snippets/use-snippet-query';
import { SqlRunError, useRunSqlMutation } from '../../data/sql/use-run-sql-mutation';
import { track } from '../../data/telemetry/track';
import { useProjectRole } from '../../data/use-project-role';
import { Button } from '../../ui/button';
import { attachSnippet, requestDebugChat } from '../assistant/assistant-requests';
import type { AssistantPanelState } from '../assistant/assistant-state';
import { useTheme } from '../theme/use-theme';
import { CodeEditor } from './code-editor';
import { ResultPanel, type RunState } from './result-panel';
import { SnippetList } from './snippet-list';
import { useSnippetAutosave } from './use-snippet-autosave';

const NEW_QUERY = 'new';
const RUN_SHORTCUT = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘↵' : 'Ctrl+↵';

/**
 * /project/{ref}/sql (a new query) and /sql/{id} (a saved one): the member's queries on the left,
 * the editor above its results on the right. The text typed is saved as it changes.
 */
export function SqlEditorPage() {
  const { ref = '', id } = useParams();
  const role = useProjectRole(ref);
  const canSave = role ? can(role, 'user_content.sql:create') : undefined;
  const snippet = useSnippetQuery(ref, id);
  const { resolved: theme } = useTheme();

  const [draft, setDraft] = useState('');
  // Which query's text is in the draft: a route change loads the other one's (once it is here).
  const [loaded, setLoaded] = useState<string | undefined>(undefined);
  // A new query saved for the first time moves to /sql/{id} keeping the text typed since.
  const [created, setCreated] = useState<string | undefined>(undefined);
  const routeKey = id ?? NEW_QUERY;
  if (routeKey !== loaded) {
    if (!id) {
      setLoaded(NEW_QUERY);
      setDraft('');
    } else if (id === created) {
      setLoaded(id);
      setCreated(undefined);
    } else if (snippet.data?.id === id) {
      setLoaded(id);
      setDraft(snippet.data.sql);
    }
  }

  const autosave = useSnippetAutosave({ projectRef: ref, snippetId: id, canSave, onCreated: setCreated });
  // The project layout's (undefined outside it): the page never imports the panel's state itself.
  const assistant = useOutletContext<AssistantPanelState | undefined>();
  const selection = useRef('');
  const [run, setRun] = useState<RunState>({ kind: 'idle' });
  const runSql = useRunSqlMutation();

  function execute() {
    const query = draft;
    if (!query.trim() || runSql.isPending) return;
    setRun({ kind: 'running' });
    runSql.mutate(
      { ref, query },
      {
        onSuccess: (result) => setRun({ kind: 'done', result }),
        onError: (error) => setRun({ kind: 'failed', error, sql: query }),
      },
    );
  }

  const errorPosition = run.kind === 'failed' && run.error instanceof SqlRunError && run.sql === draft ? run.error.position : undefined;
  const title = id ? (snippet.data?.name ?? '') : 'New query';
  const snippetName = title || 'Query';

  /** Attaches the selected text, or the whole query, to the assistant and opens it (spec part 2 §2). */
  function askAssistant() {
    const selected = selection.current.trim() ? selection.current : '';
    const sql = selected || draft;
    if (!sql.trim()) return;
    attachSnippet({
      projectRef: ref,
      key: selected ? `${routeKey}:selection` : routeKey,
      name: selected ? `${snippetName} (selection)` : snippetName,
      sql,
    });
    assistant?.setOpen(true);
  }

  /** 'Debug with Assistant' on a failed run: a new chat with the query attached and the error in its input. */
  function debugWithAssistant(error: Error, sql: string) {
    const hint = error instanceof SqlRunError && error.hint ? `\nHint: ${error.hint}` : '';
    requestDebugChat({ projectRef: ref, key: routeKey, name: snippetName, sql }, `ERROR: ${error.message}${hint}`);
    track('assistant_debug_submitted', { projectRef: ref });
    assistant?.setOpen(true);
  }

  return (
    <div className="flex h-full min-h-0">
      <SnippetList projectRef={ref} openId={id} />
      <section aria-label="Query" className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-center gap-3 border-b border-border px-3 py-2">
          <h1 className="truncate text-[13px] font-medium">{title}</h1>
          {autosave.status && <span className="text-xs text-muted">{autosave.status}</span>}
          <Button
            size="sm"
            className="ml-auto"
            onClick={askAssistant}
            disabled={!draft.trim()}
            title="Attach the selected SQL, or the whole query, to the AI assistant"
          >
            <Bot className="size-3.5" aria-hidden="true" />
            Ask the assistant
          </Button>
          <Button variant="primary" size="sm" onClick={execute} loading={runSql.isPending} disabled={!draft.trim()}>
            <Play className="size-3.5" aria-hidden="true" />
            Run <kbd className="font-sans opacity-70">{RUN_SHORTCUT}</kbd>
          </Button>
        </div>
        {id && snippet.error ? (
          <p className="p-4 text-sm text-danger">Failed to load the query: {snippet.error.message}</p>
        ) : (
          <div className="h-2/5 min-h-32 border-b border-border">
            {loaded === routeKey && (
              <CodeEditor
                value={draft}
                onChange={(text) => {
                  setDraft(text);
                  autosave.changed(text);
                }}
                onRun={execute}
                errorPosition={errorPosition}
                dark={theme === 'dark'}
                onSelectionChange={(text) => {
                  selection.current = text;
                }}
              />
            )}
          </div>
        )}
        <div className="min-h-0 flex-1">
          <ResultPanel state={run} onDebug={debugWithAssistant} />
        </div>
      </section>
    </div>
  );
}

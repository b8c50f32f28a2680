import { useEffect, useRef } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { SQL_EDITOR_MESSAGES } from '@basin/core';
import { useCreateSnippetMutation } from '../../data/snippets/use-create-snippet-mutation';
import { useUpdateSnippetMutation } from '../../data/snippets/use-update-snippet-mutation';
import { toast } from '../../lib/toast';

export const AUTOSAVE_DELAY_MS = 800;

/**
 * Saves the editor's text a moment after typing stops: the first save of a new query creates the
 * snippet (and the address becomes /sql/{id}), later ones update it. Without the permission to
 * save, the first edit says so once and nothing is sent.
 */
export function useSnippetAutosave({
  projectRef,
  snippetId,
  canSave,
  onCreated,
}: {
  projectRef: string;
  snippetId: string | undefined;
  canSave: boolean | undefined;
  onCreated: (id: string) => void;
}) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const warned = useRef(false);
  // Read when a save is due, so that text typed while the role still loads is saved too.
  const allowed = useRef(canSave);
  allowed.current = canSave;
  const pending = useRef<string | undefined>(undefined);
  /** The snippet saves go to: the route's, or the one just created for a new query. */
  const target = useRef(snippetId);

  const live = useRef(false);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  /**
   * Whether the member is going elsewhere: the address when the create went out, and a navigation
   * under way (a lazy page loading). Moving to /sql/{id} then would take them back, or cancel it.
   */
  const createdFrom = useRef<string | undefined>(undefined);
  const navigating = useRef(false);
  navigating.current = useNavigation().state !== 'idle';
  const create = useCreateSnippetMutation({
    onSuccess(snippet) {
      // Saved on the way out of the new query: it joins the list, the member stays where they went.
      if (!live.current || target.current !== undefined) return;
      target.current = snippet.id;
      onCreated(snippet.id);
      if (navigating.current || window.location.pathname !== createdFrom.current) return;
      void navigate(`/project/${projectRef}/sql/${snippet.id}`, { replace: true });
    },
  });
  const update = useUpdateSnippetMutation();

  function save(sql: string) {
    if (target.current) update.mutate({ ref: projectRef, id: target.current, sql });
    else if (create.isPending)
      schedule(sql); // the id arrives with the answer
    else {
      createdFrom.current = window.location.pathname;
      create.mutate({ ref: projectRef, sql });
    }
  }

  function warnOnce() {
    if (!warned.current) toast.error(SQL_EDITOR_MESSAGES.cannotSave);
    warned.current = true;
  }

  /** Saves the pending text; while the role loads it waits, unless the member is leaving the query. */
  function flush(leaving = false) {
    clearTimeout(timer.current);
    const sql = pending.current;
    pending.current = undefined;
    if (sql === undefined) return;
    if (allowed.current === undefined) {
      if (!leaving) schedule(sql);
    } else if (allowed.current) save(sql);
    else warnOnce();
  }

  function schedule(sql: string) {
    clearTimeout(timer.current);
    pending.current = sql;
    timer.current = setTimeout(() => flush(), AUTOSAVE_DELAY_MS);
  }

  // Leaving a query saves what was typed into it before the next one takes over.
  useEffect(() => {
    target.current = snippetId;
    return () => flush(true);
    // Only a change of query may flush: with flush (new each render) as a dependency, every render would.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snippetId]);

  function changed(sql: string) {
    if (allowed.current === false) warnOnce();
    else schedule(sql);
  }

  const status = create.isPending || update.isPending ? 'Saving…' : create.isSuccess || update.isSuccess ? 'Saved' : undefined;
  return { changed, status };
}

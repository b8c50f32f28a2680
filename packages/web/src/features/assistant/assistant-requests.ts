import { useSyncExternalStore } from 'react';
import { SQL_SNIPPETS_ATTACHED } from '@basin/core';
import type { AttachedSqlSnippet } from '@basin/core/schemas';

/**
 * What pages hand the assistant (spec part 2 §2): SQL snippets attached from the SQL editor, and a
 * new chat asked for with a text in its input (the SQL editor's 'Debug with Assistant'). Kept for
 * the page's life, outside React, so that the SQL editor and the panel (both loaded on demand)
 * share it without adding to the project home's first load.
 */

/** A snippet attached to the assistant: its SQL goes with every turn while it stays attached. */
export interface AttachedSnippet extends AttachedSqlSnippet {
  projectRef: string;
  /** Attaching the same key again replaces the snippet (the saved snippet's id, or its selection). */
  key: string;
}

export interface NewChatRequest {
  projectRef: string;
  /** The new chat's input, for the member to read, change and send. */
  text: string;
  /** Tells one request from the next with the same text. */
  id: number;
}

interface AssistantRequests {
  snippets: readonly AttachedSnippet[];
  newChat: NewChatRequest | undefined;
}

let state: AssistantRequests = { snippets: [], newChat: undefined };
let requests = 0;
const listeners = new Set<() => void>();

function update(next: Partial<AssistantRequests>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The snippets attached on a project, oldest first, and the new chat asked for there. */
export function useAssistantRequests(projectRef: string): { snippets: AttachedSnippet[]; newChat: NewChatRequest | undefined } {
  const current = useSyncExternalStore(subscribe, () => state);
  return {
    snippets: current.snippets.filter((snippet) => snippet.projectRef === projectRef),
    newChat: current.newChat?.projectRef === projectRef ? current.newChat : undefined,
  };
}

/** Attaches a snippet (replacing one with its key); past the most a turn takes, the oldest goes. */
export function attachSnippet(snippet: AttachedSnippet): void {
  const others = state.snippets.filter((each) => !(each.projectRef === snippet.projectRef && each.key === snippet.key));
  const mine = others.filter((each) => each.projectRef === snippet.projectRef);
  const dropped = mine.length >= SQL_SNIPPETS_ATTACHED ? mine[0] : undefined;
  update({ snippets: [...others.filter((each) => each !== dropped), snippet] });
}

export function removeSnippet(projectRef: string, key: string): void {
  update({ snippets: state.snippets.filter((each) => !(each.projectRef === projectRef && each.key === key)) });
}

/** Asks the panel for a new chat whose input holds `text`. */
export function requestNewChat(projectRef: string, text: string): void {
  requests += 1;
  update({ newChat: { projectRef, text, id: requests } });
}

/** The SQL editor's 'Debug with Assistant': a new chat with the failed query attached and its error in the input. */
export function requestDebugChat(snippet: AttachedSnippet, error: string): void {
  attachSnippet(snippet);
  requestNewChat(snippet.projectRef, `Help me debug the attached SQL snippet. Running it fails with this error:\n\n${error}`);
}

/** The panel took the request: the member started the chat, or chose another one. */
export function clearNewChatRequest(): void {
  if (state.newChat) update({ newChat: undefined });
}

/** Tests start each case with nothing attached. */
export function resetAssistantRequests(): void {
  if (state.snippets.length || state.newChat) update({ snippets: [], newChat: undefined });
}

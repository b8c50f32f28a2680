/**
 * Saved log queries. The server has no route for them, so they stay in this browser's
 * localStorage, one list per user and project (`basin.logs.saved.{userId}.{ref}`): another browser
 * or another member does not see them.
 */
import { useCallback, useSyncExternalStore } from 'react';

export interface SavedLogQuery {
  id: string;
  name: string;
  sql: string;
  /** ISO 8601. */
  saved_at: string;
}

export const SAVED_QUERY_NAME_MAX = 80;

export const savedQueriesKey = (userId: string, ref: string) => `basin.logs.saved.${userId}.${ref}`;

const listeners = new Set<() => void>();
const EMPTY: SavedLogQuery[] = [];
// useSyncExternalStore needs the same array while the stored text has not changed.
const cache = new Map<string, { raw: string | null; list: SavedLogQuery[] }>();

function isSaved(value: unknown): value is SavedLogQuery {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.id === 'string' && typeof item.name === 'string' && typeof item.sql === 'string' && typeof item.saved_at === 'string';
}

export function readSavedQueries(key: string): SavedLogQuery[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return EMPTY;
  }
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.list;
  let list: SavedLogQuery[];
  try {
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    list = Array.isArray(parsed) ? parsed.filter(isSaved) : EMPTY;
  } catch {
    list = EMPTY;
  }
  cache.set(key, { raw, list });
  return list;
}

function write(key: string, list: SavedLogQuery[]): void {
  localStorage.setItem(key, JSON.stringify(list));
  listeners.forEach((listener) => listener());
}

/** Saves `sql` under `name`: a query of that name (any case) gets the new text, else a new one goes first. */
export function saveQuery(key: string, name: string, sql: string, now = new Date()): SavedLogQuery {
  const list = readSavedQueries(key);
  const trimmed = name.trim();
  const existing = list.find((item) => item.name.toLowerCase() === trimmed.toLowerCase());
  const saved: SavedLogQuery = { id: existing?.id ?? crypto.randomUUID(), name: trimmed, sql, saved_at: now.toISOString() };
  write(key, existing ? list.map((item) => (item.id === existing.id ? saved : item)) : [saved, ...list]);
  return saved;
}

export function deleteSavedQuery(key: string, id: string): void {
  write(
    key,
    readSavedQueries(key).filter((item) => item.id !== id),
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('basin.logs.saved.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The user's saved queries for the project (none until the user is known), and how to change them. */
export function useSavedQueries(ref: string, userId: string | undefined) {
  const key = userId ? savedQueriesKey(userId, ref) : null;
  const get = useCallback(() => (key ? readSavedQueries(key) : EMPTY), [key]);
  const queries = useSyncExternalStore(subscribe, get, get);
  return {
    ready: key !== null,
    queries,
    save: (name: string, sql: string) => {
      if (!key) throw new Error('Saved queries are not loaded yet');
      return saveQuery(key, name, sql);
    },
    remove: (id: string) => key && deleteSavedQuery(key, id),
  };
}

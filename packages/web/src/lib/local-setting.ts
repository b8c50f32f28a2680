import { useSyncExternalStore } from 'react';

/** A value kept in localStorage that components read with `useLocalSetting` and update everywhere at once. */
export interface LocalSetting<T> {
  readonly key: string;
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createLocalSetting<T extends string | boolean>(
  key: string,
  fallback: T,
  parse: (raw: string) => T | undefined,
): LocalSetting<T> {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  return {
    key,
    get() {
      try {
        const raw = localStorage.getItem(key);
        return raw === null ? fallback : (parse(raw) ?? fallback);
      } catch {
        return fallback;
      }
    },
    set(value) {
      try {
        localStorage.setItem(key, String(value));
      } catch {
        // Storage can be full or blocked; the setting then lasts for this page only.
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export function useLocalSetting<T extends string | boolean>(setting: LocalSetting<T>): [T, (value: T) => void] {
  const value = useSyncExternalStore(setting.subscribe, setting.get, setting.get);
  return [value, setting.set];
}

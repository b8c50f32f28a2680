import { useSyncExternalStore } from 'react';

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/** Sonner loads with the first toast, keeping it out of every page's first load. */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    listeners.forEach((listener) => listener());
  }
  return sonner;
}

/** Toasts for mutations: 'Created …' on success, 'Failed to …: {message}' on error. */
export const toast = {
  success(message: string): void {
    void loadSonner().then((module) => module.toast.success(message));
  },
  error(message: string): void {
    void loadSonner().then((module) => module.toast.error(message));
  },
  /** Neither: an action that had nothing to do. */
  info(message: string): void {
    void loadSonner().then((module) => module.toast.info(message));
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a toast was requested, so the toaster needs to be on the page. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => sonner !== undefined,
    () => false,
  );
}

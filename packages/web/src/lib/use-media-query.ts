import { useCallback, useSyncExternalStore } from 'react';

export const BREAKPOINTS = {
  /** The product menu becomes a resizable panel (a sheet below this width). */
  medium: '(min-width: 768px)',
  /** The assistant becomes a resizable panel (an overlay below this width). */
  large: '(min-width: 1024px)',
} as const;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

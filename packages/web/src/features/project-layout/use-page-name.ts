import { useMatches } from 'react-router';

/** The deepest matched route's `handle.title` (e.g. 'Home'), for the document title. */
export function usePageName(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle: unknown = matches[index]?.handle;
    if (typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string') {
      return handle.title;
    }
  }
  return undefined;
}

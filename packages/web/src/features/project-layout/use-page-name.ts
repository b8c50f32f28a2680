import { useMatches, useSearchParams } from 'react-router';

interface TitleHandle {
  title: string;
  /** The search parameter naming the table the page shows (spec part 1 §2: a table page is titled by its table). */
  tableParam?: string;
}

const isTitleHandle = (handle: unknown): handle is TitleHandle =>
  typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string';

/** The deepest matched route's `handle.title` (e.g. 'Home') and, on a table page, the table, for the document title. */
export function usePageName(): { page?: string; table?: string } {
  const matches = useMatches();
  const [searchParams] = useSearchParams();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isTitleHandle(handle))
      return { page: handle.title, table: (handle.tableParam && searchParams.get(handle.tableParam)) || undefined };
  }
  return {};
}

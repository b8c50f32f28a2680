import { useSearchParams } from 'react-router';

/**
 * The page's query string, and a function that sets (or, with null or '', removes) several of its
 * parameters at once, keeping the others. `replace` swaps the history entry instead of adding one.
 */
export function useQueryParams({ replace }: { replace: boolean }) {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace },
    );
  return { params, update };
}

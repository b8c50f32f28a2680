import { useSearchParams } from 'react-router';

/**
 * A page's open side panel, kept in the query string as the spec's links name it
 * (`?panel=<name>&source=<where the link was>`), so a link from another page opens it on load.
 * Closing drops both parameters; other parameters stay.
 */
export function usePanelParam<TPanel extends string>(panels: readonly TPanel[]) {
  const [params, setParams] = useSearchParams();
  const value = params.get('panel');
  const panel = panels.find((candidate) => candidate === value) ?? null;
  const setOpen = (target: TPanel) => (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('panel', target);
        else {
          next.delete('panel');
          next.delete('source');
        }
        return next;
      },
      { replace: true },
    );
  return { panel, setOpen };
}

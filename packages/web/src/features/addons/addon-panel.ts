import { useSearchParams } from 'react-router';

/** The side panels of the add-ons page, named by `?panel=` as the spec's links do. */
export const ADDON_PANELS = ['computeInstance', 'pitr'] as const;
export type AddonPanel = (typeof ADDON_PANELS)[number];

const isAddonPanel = (value: string | null): value is AddonPanel => ADDON_PANELS.some((panel) => panel === value);

/**
 * The open panel lives in the query string (`?panel=computeInstance&source=...`), so links from
 * other pages open it on load; closing drops both parameters.
 */
export function useAddonPanel() {
  const [params, setParams] = useSearchParams();
  const value = params.get('panel');
  const panel = isAddonPanel(value) ? value : null;
  const setOpen = (target: AddonPanel) => (open: boolean) =>
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

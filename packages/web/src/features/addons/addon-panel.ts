import { usePanelParam } from '../../lib/use-panel-param';

/** The side panels of the add-ons page, named by `?panel=` as the spec's links do. */
export const ADDON_PANELS = ['computeInstance', 'pitr'] as const;
export type AddonPanel = (typeof ADDON_PANELS)[number];

export const useAddonPanel = () => usePanelParam(ADDON_PANELS);

/** Region labels. Every project runs on this machine; the label is what users see and filter by. */
export const REGIONS = [{ id: 'local', label: 'This machine' }] as const;
export type RegionId = (typeof REGIONS)[number]['id'];
export const DEFAULT_REGION: RegionId = 'local';

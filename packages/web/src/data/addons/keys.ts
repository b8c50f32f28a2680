export const addonKeys = {
  list: (ref: string | undefined) => ['projects', ref, 'billing', 'addons'] as const,
};

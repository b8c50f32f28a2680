/** What the project add-ons page and API say (Basin's own wording; the spec gives none). */
export const ADDON_MESSAGES = {
  unknownType: 'addon_type must be compute_instance or pitr',
  unknownPitrVariant: (variant: string) => `${variant} is not a point in time recovery variant: choose pitr_7, pitr_14 or pitr_28`,
  pitrNeedsPaidPlan: 'Point in time recovery needs a paid plan: upgrade the organization to Pro first',
  pitrNeedsCompute: 'Point in time recovery needs a compute size of at least Small: change the compute size first',
  pitrComputeNeeded: 'Point in time recovery is on, which needs a compute size of at least Small: turn it off first',
  pitrUpdating: (name: string) => `Point in time recovery is being set to ${name}: the database restarts with WAL archiving`,
  pitrWindowChanged: (name: string) => `Point in time recovery now keeps ${name}, without a restart`,
  pitrRemoving: 'Point in time recovery is being turned off: the database restarts without WAL archiving',
  notSelected: (variant: string) => `${variant} is not an add-on of this project, so there is nothing to remove`,
  updateFailed: (message: string) => `Failed to update compute size: ${message}`,
  updating: (name: string) => `Changing the compute size to ${name}: the database restarts on it`,
} as const;

/** What the project add-ons page and API say (Basin's own wording; the spec gives none). */
export const ADDON_MESSAGES = {
  unknownType: 'addon_type must be compute_instance or pitr',
  pitrUnavailable:
    'Point in time recovery is not available on Basin yet: it needs continuous WAL archiving, which Basin does not run. ' +
    'Daily backups and a backup on every pause are kept instead.',
  notSelected: (variant: string) => `${variant} is not an add-on of this project, so there is nothing to remove`,
  updateFailed: (message: string) => `Failed to update compute size: ${message}`,
  updating: (name: string) => `Changing the compute size to ${name}: the database restarts on it`,
} as const;

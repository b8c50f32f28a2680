/** What the delete-project dialog and the delete call say (spec part 1 §2, §6, §8). */
export const DELETE_PROJECT_MESSAGES = {
  title: (name: string) => `Confirm deletion of ${name}`,
  confirmLabel: 'I understand, delete this project',
  freePlanText: 'This action cannot be undone.',
  alertTitle: 'This will permanently delete the project',
  alertText: 'All project data will be lost, and cannot be undone',
  deleted: (name: string) => `Successfully deleted ${name}`,
  failed: (message: string) => `Failed to delete project: ${message}`,
  noPermission: 'You need additional permissions to delete this project',
  alreadyDeleting: 'This project is already being deleted',
  busy: (ref: string, status: string) => `Project ${ref} is busy (${status}); delete it once that is done`,
  /** After the last attempt of the delete job failed: it stays GOING_DOWN and resumes at the next start. */
  couldNotDelete: (reason: string) => `The project could not be deleted yet: ${reason}. Deleting resumes when the platform restarts.`,
} as const;

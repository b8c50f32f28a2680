/** User-facing messages shared by the server and the dashboard. Exact strings from the spec. */
export const MESSAGES = {
  genericError: 'Something went wrong',
  // The spec's "We've been notified and will review and fix this issue." is not true here: Basin
  // reports errors to no one, so the notice says what the user can do instead.
  errorBoundaryDetail: 'Try again, or reload the page if it keeps happening. The details are in the browser console.',
  tryAgain: 'Try again',
  signInFailed: 'Invalid email or password',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  notSignedIn: 'You need to sign in first',
  notFound: (what: string) => `${what} not found`,
  noPermission: 'You do not have the required permissions for this action',
  lastOwner: 'An organization must keep at least one Owner',
  alreadyMember: 'This user is already a member of the organization',
  roleNotAllowed: 'Only Owners can give, change or remove the Owner role',
  versionUnavailable: 'This Postgres version is not available',
  projectCreateFailed: (reason: string) => `The project could not be started: ${reason}`,
  postgresVersionPlaceholder: 'Select a Postgres version for your project',
  welcome: 'Welcome to your project',
} as const;

/**
 * Missing identifiers throw the spec's messages ('{name} is required', 'Project ref is required')
 * and are logged to the console first (spec part 1 §8), where a developer looks for them.
 */
export function requireIdentifier<T extends string | number>(
  value: T | null | undefined,
  name: 'Project ref' | 'projectRef' | 'slug' | 'orgSlug' | 'organizationId',
): T {
  if (value === undefined || value === null || value === '') {
    const error = new Error(`${name} is required`);
    console.error(error.message);
    throw error;
  }
  return value;
}

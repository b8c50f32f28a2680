import type { ProjectApiUrl } from '@basin/core/schemas';

/**
 * The base URL createClient takes, from the project's REST URL (`…/rest/v1/` → `…`): the server
 * gives the recommended one of the project's `apiUrls`; each API adds its own path.
 */
export function projectApiOrigin(restUrl: string | undefined): string {
  return (restUrl ?? '').replace(/\/rest\/v1\/?$/, '').replace(/\/$/, '');
}

export const OTHER_API_URL_LABEL = 'Other project URL';

/** When to use the URL the server does not recommend (the second of `apiUrls`). */
export function otherApiUrlHint(other: ProjectApiUrl): string {
  return other.form === 'host'
    ? 'The same API for browsers on this machine only: Node, Python, Deno and most server code cannot resolve *.localhost names.'
    : "The same API through the dashboard's address, for clients that cannot resolve the project's host name.";
}

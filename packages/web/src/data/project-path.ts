import { requireIdentifier } from '@basin/core';

export { isProjectRef } from '@basin/core';

/** The `{ ref }` of a project route's path, checked (the typed client encodes it). */
export function projectRef(ref: string | undefined): { ref: string } {
  return { ref: requireIdentifier(ref, 'Project ref') };
}

/** `/api/platform/{area}/{ref}{rest}` with the ref checked and encoded. */
export function projectApiPath(area: string, ref: string | undefined, rest = ''): string {
  return `/api/${area}/${encodeURIComponent(requireIdentifier(ref, 'Project ref'))}${rest}`;
}

import { requireIdentifier } from '@basin/core';

/** `/api/platform/{area}/{ref}{rest}` with the ref checked and encoded. */
export function projectApiPath(area: string, ref: string | undefined, rest = ''): string {
  return `/api/${area}/${encodeURIComponent(requireIdentifier(ref, 'Project ref'))}${rest}`;
}

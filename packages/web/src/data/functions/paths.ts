import { requireIdentifier } from '@basin/core';
import { projectApiPath } from '../project-path';

/** `/api/v1/projects/{ref}/functions{rest}` (the management API, as the Supabase CLI calls it). */
export const functionsPath = (ref: string | undefined, rest = '') => projectApiPath('v1/projects', ref, `/functions${rest}`);

/** `/api/v1/projects/{ref}/functions/{slug}{rest}`. */
export const functionPath = (ref: string | undefined, slug: string | undefined, rest = '') =>
  functionsPath(ref, `/${encodeURIComponent(requireIdentifier(slug, 'slug'))}${rest}`);

/** The path parameters of `/api/v1/projects/{ref}/functions/{function_slug}`, checked. */
export const functionParams = (ref: string | undefined, slug: string | undefined) => ({
  ref: requireIdentifier(ref, 'Project ref'),
  function_slug: requireIdentifier(slug, 'slug'),
});

import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';

/** The TypeScript types of the exposed schemas, as supabase-js expects them. */
export async function generateTypes(ref: string, schemas: string[] = ['public']): Promise<string> {
  const query = new URLSearchParams({ included_schemas: schemas.join(',') });
  const { types } = await fetcher<{ types: string }>(projectApiPath('v1/projects', ref, `/types/typescript?${query.toString()}`));
  return types;
}

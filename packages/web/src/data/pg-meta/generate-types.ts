import { api } from '../fetcher';
import { projectRef } from '../project-path';

/** The TypeScript types of the exposed schemas, as supabase-js expects them. */
export async function generateTypes(ref: string, schemas: string[] = ['public']): Promise<string> {
  const { types } = await api.GET('/api/v1/projects/{ref}/types/typescript', {
    path: projectRef(ref),
    query: { included_schemas: schemas.join(',') },
  });
  return types;
}

import { fetchWithHeaders, type FetchOptions } from '../fetcher';
import { projectApiPath } from '../project-path';

export interface TableAddress {
  ref: string;
  schema: string;
  table: string;
}

/**
 * One call of the project's PostgREST API through the platform (`/rest/v1` as the signed-in
 * member's database role): the table in the path, its schema in Accept-Profile to read and
 * Content-Profile to write.
 */
export function restRequest<T>({ ref, schema, table }: TableAddress, params: URLSearchParams, options: FetchOptions = {}) {
  const profile = !options.method || options.method === 'GET' ? 'accept-profile' : 'content-profile';
  const path = projectApiPath('platform/projects', ref, `/rest/v1/${encodeURIComponent(table)}?${params.toString()}`);
  return fetchWithHeaders<T>(path, { ...options, headers: { [profile]: schema, ...options.headers } });
}

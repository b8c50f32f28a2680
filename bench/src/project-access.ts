import type { ComputeSizeId } from '@basin/core';
import type { ProjectApiUrl } from '@basin/core/schemas';
import type { ApiClient } from '../../packages/server/test/harness.ts';

/** What the bench needs to reach a project both ways: its anon key for the gateway, its postgres connection string for pg. */
export interface ProjectAccess {
  ref: string;
  anonKey: string;
  serviceKey: string;
  connectionString: string;
  computeSize: ComputeSizeId;
  /** The Host of the project's API URL (`{ref}.{domain}`), as supabase-js reaches it. */
  apiHost: string;
}

export async function projectAccess(api: ApiClient, ref: string): Promise<ProjectAccess> {
  const project = await api.get<{ connectionString: string; infra_compute_size: ComputeSizeId; apiUrls: ProjectApiUrl[] }>(
    `/api/platform/projects/${ref}`,
  );
  const settings = await api.get<{ service_api_keys: { tags: string; api_key: string }[] }>(`/api/platform/projects/${ref}/settings`);
  const keyOf = (role: string) => settings.body.service_api_keys.find((key) => key.tags === role)?.api_key;
  const anonKey = keyOf('anon');
  const serviceKey = keyOf('service_role');
  if (project.status !== 200 || !anonKey || !serviceKey) throw new Error(`project ${ref}: ${project.status}, settings ${settings.status}`);
  const { connectionString, infra_compute_size: computeSize, apiUrls } = project.body;
  // The host form whether or not the platform shows it first (under localhost it shows the path form).
  const hostUrl = apiUrls.find((url) => url.form === 'host');
  if (!hostUrl) throw new Error(`project ${ref} has no host form among its API URLs`);
  return { ref, anonKey, serviceKey, connectionString, computeSize, apiHost: new URL(hostUrl.url).host };
}

/** The headers supabase-js sends with the anon key. */
export const anonHeaders = (access: ProjectAccess) => ({ apikey: access.anonKey, authorization: `Bearer ${access.anonKey}` });

/** `/rest/v1` of the project through the gateway's path prefix (for fetch, which may not set Host). */
export const restUrl = (platformUrl: string, ref: string) => `${platformUrl}/api/projects/${ref}/gateway/rest/v1`;

/** `/rest/v1` of the project by its own Host, sent to the platform's address: how supabase-js reaches it. */
export const restByHost = (platformUrl: string, access: ProjectAccess) => ({
  url: `${platformUrl}/rest/v1`,
  headers: { host: access.apiHost, ...anonHeaders(access) },
});

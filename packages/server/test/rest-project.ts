/**
 * A project whose data API the REST tests drive with plain fetch: a platform, one healthy
 * project holding the given schema, and the project's anon and service keys.
 */
import type { PlatformConfig } from '../src/config.ts';
import { type MetaProject, startMetaProject } from './meta-fixture.ts';

export interface RestProject {
  meta: MetaProject;
  keys: { anon: string; service: string; secret: string };
  /** `/rest/v1` of the project, through the gateway's path prefix. */
  url: string;
}

export async function startRestProject(sql: string, config: Partial<PlatformConfig> = {}): Promise<RestProject> {
  const meta = await startMetaProject(sql, config);
  const settings = (await meta.owner.get(`/api/platform/projects/${meta.ref}/settings`)).body;
  const key = (role: string) => settings.service_api_keys.find((k: { tags: string }) => k.tags === role).api_key as string;
  return {
    meta,
    keys: { anon: key('anon'), service: key('service_role'), secret: settings.jwt_secret },
    url: `${meta.platform.url}/api/projects/${meta.ref}/gateway/rest/v1`,
  };
}

/** The request headers that present a key (or a user's token) as supabase-js does. */
export const withKey = (key: string, token = key) => ({ apikey: key, authorization: `Bearer ${token}` });

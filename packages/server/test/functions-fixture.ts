/** Deploying edge functions as the Supabase CLI does, and a project whose function limits a test chooses. */
import { configFromEnv } from '../src/config.ts';
import type { FunctionsConfig } from '../src/functions/config.ts';
import { ApiClient, healthyProject, startTestPlatform, uniqueEmail } from './harness.ts';

export interface DeployMetadata {
  entrypoint_path: string;
  import_map_path?: string;
  verify_jwt?: boolean;
  name?: string;
  static_patterns?: string[];
}

/** `POST /v1/projects/{ref}/functions/deploy?slug=`: a metadata part and one `file` part per file, named by its path. */
export async function deployFunction(
  client: ApiClient,
  ref: string,
  slug: string,
  files: Record<string, string>,
  metadata: DeployMetadata,
) {
  const form = new FormData();
  form.append('metadata', JSON.stringify(metadata));
  for (const [path, content] of Object.entries(files)) form.append('file', new Blob([content], { type: 'application/typescript' }), path);
  const response = await fetch(`${client.baseUrl}/api/v1/projects/${ref}/functions/deploy?slug=${encodeURIComponent(slug)}`, {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookie, origin: client.baseUrl },
  });
  return { status: response.status, body: (await response.json()) as any };
}

export interface FunctionsProject {
  platform: Awaited<ReturnType<typeof startTestPlatform>>;
  owner: ApiClient;
  ref: string;
  keys: { anon: string; service: string };
  /** The project's API through the gateway's path prefix (what supabase-js is given). */
  apiUrl: string;
}

/** A platform with the given function limits and one healthy project. */
export async function startFunctionsProject(limits: Partial<FunctionsConfig> = {}): Promise<FunctionsProject> {
  const platform = await startTestPlatform({ functions: { ...configFromEnv({}).functions, ...limits } });
  const owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('functions-owner'));
  const org = (await owner.post('/api/platform/organizations', { name: 'Functions' })).body.slug;
  const ref = await healthyProject(owner, org, 'Functions');
  const settings = (await owner.get(`/api/platform/projects/${ref}/settings`)).body;
  const key = (role: string) => settings.service_api_keys.find((k: { tags: string }) => k.tags === role).api_key as string;
  return {
    platform,
    owner,
    ref,
    keys: { anon: key('anon'), service: key('service_role') },
    apiUrl: `${platform.url}/api/projects/${ref}/gateway`,
  };
}

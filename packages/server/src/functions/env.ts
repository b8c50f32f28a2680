/**
 * What a function reads with Deno.env.get: the project's function secrets, and SUPABASE_URL,
 * SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_DB_URL, as on the hosted platform.
 * Nothing of the platform's own environment. Kept a second per project (every invocation needs
 * it), and forgotten at once when this process changes the secrets.
 */
import { projectJwtSecret } from '../services/api/api-keys.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { projectApiUrls } from '../services/api/gateway.ts';
import { clientConnectionString } from '../instances/connection-string.ts';
import { POSTGRES_ROLE } from '../instances/postgres-role.ts';
import { signProjectKey } from '../services/projects/project-keys.ts';
import { findJwtSecret } from '../store/api-keys.ts';
import * as secrets from '../store/functions-secrets.ts';
import type { ProjectRow } from '../store/projects.ts';
import { envFingerprint } from './runtime.ts';

export interface FunctionEnv {
  values: Record<string, string>;
  fingerprint: string;
}

const MAX_AGE_MS = 1000;
const cache = new Map<string, { at: number; env: Promise<FunctionEnv> }>();

export function functionEnv(ctx: PlatformContext, project: ProjectRow): Promise<FunctionEnv> {
  const kept = cache.get(project.ref);
  if (kept && performance.now() - kept.at < MAX_AGE_MS) return kept.env;
  const entry = { at: performance.now(), env: readEnv(ctx, project) };
  cache.set(project.ref, entry);
  entry.env.catch(() => cache.get(project.ref) === entry && cache.delete(project.ref));
  if (cache.size > 1000) cache.delete(cache.keys().next().value!);
  return entry.env;
}

export function forgetFunctionEnv(ref: string): void {
  cache.delete(ref);
}

async function readEnv(ctx: PlatformContext, project: ProjectRow): Promise<FunctionEnv> {
  const [rows, secret, jwt] = await Promise.all([
    secrets.list(ctx.db, project.ref),
    projectJwtSecret(ctx, project.ref),
    findJwtSecret(ctx.db, project.ref),
  ]);
  const issuedAt = jwt?.jwt_issued_at ?? new Date(0);
  const values: Record<string, string> = {};
  for (const row of rows) values[row.name] = ctx.box.open(row.value);
  // The host form whatever the dashboard recommends: the worker's fetch sends its origin through the
  // gateway's socket (bootstrap.ts), so no resolver is asked, and the function sees paths without a prefix.
  values.SUPABASE_URL = projectApiUrls(ctx.config, project.ref).find((url) => url.form === 'host')!.url;
  values.SUPABASE_ANON_KEY = await signProjectKey(secret, project.ref, 'anon', issuedAt);
  values.SUPABASE_SERVICE_ROLE_KEY = await signProjectKey(secret, project.ref, 'service_role', issuedAt);
  if (project.port !== null) {
    const endpoints = ctx.driver.endpoints({ ref: project.ref, port: project.port });
    values.SUPABASE_DB_URL = clientConnectionString(endpoints, POSTGRES_ROLE, ctx.box.open(project.db_password));
  }
  return { values, fingerprint: envFingerprint(values) };
}

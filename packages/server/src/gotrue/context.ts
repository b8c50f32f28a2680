/** What every auth API request works with: the project, its settings and keys, and who is asking from where. */
import { projectJwtKeys, type ProjectJwtKeys } from '../services/api/jwt-keys.ts';
import { cachedAuthSettings } from '../services/auth/auth-settings-cache.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { projectApiUrl } from '../services/api/gateway.ts';
import type { AuthSettingsRow } from '../store/auth-settings.ts';
import type { ProjectRow } from '../store/projects.ts';

export interface AuthContext {
  ctx: PlatformContext;
  project: ProjectRow;
  settings: AuthSettingsRow;
  /** The project's JWT secret and signing keys. */
  keys: ProjectJwtKeys;
  /** `iss` of the access tokens: the project's auth API URL. */
  issuer: string;
  /** The client's address (trusted proxies resolved), for rate limits and the audit log. */
  ip: string;
  userAgent: string;
}

/** The context of a request from `ip`; the dashboard's own calls (admin actions) pass the member's address. */
export async function authContextFor(ctx: PlatformContext, project: ProjectRow, ip: string, userAgent: string): Promise<AuthContext> {
  const [settings, keys] = await Promise.all([cachedAuthSettings(ctx, project.ref), projectJwtKeys(ctx, project.ref)]);
  return { ctx, project, settings, keys, issuer: `${projectApiUrl(ctx, project.ref)}/auth/v1`, ip, userAgent };
}

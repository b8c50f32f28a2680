/** What every auth API request works with: the project, its settings and secret, and who is asking from where. */
import { projectJwtSecret } from '../services/api/api-keys.ts';
import { cachedAuthSettings } from '../services/auth/auth-settings-cache.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { projectApiUrl } from '../services/api/gateway.ts';
import type { AuthSettingsRow } from '../store/auth-settings.ts';
import type { ProjectRow } from '../store/projects.ts';

export interface AuthContext {
  ctx: PlatformContext;
  project: ProjectRow;
  settings: AuthSettingsRow;
  /** The project's JWT secret, as jose takes it. */
  secret: Uint8Array;
  /** `iss` of the access tokens: the project's auth API URL. */
  issuer: string;
  /** The client's address (trusted proxies resolved), for rate limits and the audit log. */
  ip: string;
  userAgent: string;
}

const encoder = new TextEncoder();

/** The context of a request from `ip`; the dashboard's own calls (admin actions) pass the member's address. */
export async function authContextFor(ctx: PlatformContext, project: ProjectRow, ip: string, userAgent: string): Promise<AuthContext> {
  const [settings, secret] = await Promise.all([cachedAuthSettings(ctx, project.ref), projectJwtSecret(ctx, project.ref)]);
  return { ctx, project, settings, secret: encoder.encode(secret), issuer: `${projectApiUrl(ctx, project.ref)}/auth/v1`, ip, userAgent };
}

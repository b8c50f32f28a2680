/** What every auth API request works with: the project, its settings and secret, and who is asking from where. */
import type { PlatformContext } from '../services/context.ts';
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

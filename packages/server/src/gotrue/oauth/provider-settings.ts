/**
 * A provider's settings as the auth API uses them: found by the name an app passes, checked as
 * GoTrue's ValidateOAuth checks them (its "Unsupported provider: …" texts), the secret unsealed.
 */
import { type OAuthProviderInfo, oauthProviderNamed } from '@basin/core';
import type { AuthContext } from '../context.ts';
import { AuthApiError, type ErrorCode } from '../errors.ts';

export interface EnabledProvider {
  info: OAuthProviderInfo;
  clientId: string;
  secret: string;
  /** EXTERNAL_<P>_URL (stored without a trailing slash); null when not set (or the provider has none). */
  url: string | null;
}

/** The provider's settings when it is enabled and complete; 400 with GoTrue's reason otherwise. */
export function enabledProvider(auth: AuthContext, name: string, code: ErrorCode = 'validation_failed'): EnabledProvider {
  const refuse = (reason: string) => new AuthApiError(400, code, `Unsupported provider: ${reason}`);
  const info = oauthProviderNamed(name);
  if (!info) throw refuse(`Provider ${name} could not be found`);
  const settings: Record<string, unknown> = { ...auth.settings };
  const column = (suffix: string) => settings[`external_${info.key}_${suffix}`];
  if (!column('enabled')) throw refuse('provider is not enabled');
  const clientId = column('client_id');
  const sealed = column('secret');
  if (typeof clientId !== 'string' || !clientId) throw refuse('missing OAuth client ID');
  if (typeof sealed !== 'string' || !sealed) throw refuse('missing OAuth secret');
  const url = (column('url') as string | null | undefined) || null;
  if (info.url?.required && !url) throw refuse(`unable to find URL for the ${info.label} provider`);
  return { info, clientId, secret: auth.ctx.box.open(sealed), url };
}

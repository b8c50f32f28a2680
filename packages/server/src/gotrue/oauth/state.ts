/**
 * The `state` of an OAuth redirect, as GoTrue makes it: a JWT signed with the project's secret
 * (HS256), good for five minutes, naming the provider, where the user goes afterwards, the PKCE
 * flow state, an invite being accepted and, for linkIdentity, the user to link to. Nothing about the flow is kept on the
 * server but the flow state; a state that fails its signature is refused.
 */
import type { AuthContext } from '../context.ts';
import { AuthApiError } from '../errors.ts';
import { signClaims, verifyJwt } from '../tokens.ts';

const STATE_SECONDS = 5 * 60;

export interface OAuthState {
  provider: string;
  /** Where the callback redirects: redirect_to, already checked against the allow-list. */
  referrer: string;
  /** The PKCE flow state's id, empty for the implicit flow. */
  flow_state_id: string;
  linking_target_id?: string;
  /** The invite the sign-in accepts (invite.ts). */
  invite_token?: string;
}

export function signState(auth: AuthContext, state: OAuthState): string {
  const claims = {
    exp: Math.floor(Date.now() / 1000) + STATE_SECONDS,
    site_url: auth.settings.site_url,
    id: '00000000-0000-0000-0000-000000000000',
    ...state,
  };
  return signClaims(auth.keys, claims).token;
}

/** The state's claims; GoTrue's 400 bad_oauth_state when it is not one of ours, or expired. */
export function verifyState(auth: AuthContext, token: string): OAuthState {
  let claims: Record<string, unknown>;
  try {
    claims = verifyJwt(auth.keys, token);
  } catch {
    throw new AuthApiError(400, 'bad_oauth_state', 'OAuth callback with invalid state');
  }
  if (typeof claims.provider !== 'string' || !claims.provider)
    throw new AuthApiError(400, 'bad_oauth_state', 'OAuth callback with invalid state (missing provider)');
  const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : '');
  return {
    provider: claims.provider,
    referrer: text('referrer'),
    flow_state_id: text('flow_state_id'),
    linking_target_id: text('linking_target_id') || undefined,
    invite_token: text('invite_token') || undefined,
  };
}

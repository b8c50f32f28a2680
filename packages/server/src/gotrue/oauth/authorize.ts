/**
 * `GET /authorize` (signInWithOAuth) and `GET /user/identities/authorize` (linkIdentity): the
 * provider's authorization URL for the app's request, with GoTrue's signed state and, when the
 * app sends a PKCE challenge, a flow state for the code the callback will issue. An
 * `invite_token` must be a pending invite's: the callback then accepts it (invite.ts).
 */
import * as oidc from 'openid-client';
import type { AuthContext } from '../context.ts';
import { withAuthTransaction } from '../db.ts';
import { badRequest, notFound } from '../errors.ts';
import { createOAuthFlowState, pkceChallenge } from '../pkce.ts';
import { redirectTarget } from '../request.ts';
import { userByConfirmationToken } from './invite.ts';
import { providerClient, scopesFor } from './provider-clients.ts';
import { enabledProvider } from './provider-settings.ts';
import { signState } from './state.ts';

/** Where providers send users back: the same for every provider, as the Providers page shows it. */
export const callbackUrl = (auth: AuthContext) => `${auth.issuer}/callback`;

/**
 * The request's own parameters; the others go on to the provider (`prompt`, `access_type`, …), as
 * GoTrue forwards them. Unlike GoTrue, the invite token is not among them: it is no provider's to see.
 */
const OWN_PARAMETERS = new Set([
  'provider',
  'scopes',
  'code_challenge',
  'code_challenge_method',
  'redirect_to',
  'skip_http_redirect',
  'invite_token',
]);
/** What the app may not choose for the provider's request. */
const FIXED_PARAMETERS = new Set(['client_id', 'redirect_uri', 'response_type', 'scope', 'state']);

export async function authorizationUrl(auth: AuthContext, query: Record<string, string>, linkingTargetId?: string): Promise<string> {
  const provider = enabledProvider(auth, query.provider ?? '');
  const inviteToken = query.invite_token || undefined;
  if (inviteToken && !(await withAuthTransaction(auth.ctx, auth.project, (db) => userByConfirmationToken(db, inviteToken))))
    throw notFound('User identified by token not found', 'user_not_found');
  const pkce = pkceChallenge(query);
  const client = await providerClient(provider).catch(() => {
    throw badRequest(`Unsupported provider: the ${provider.info.label} issuer's discovery document could not be read`);
  });
  const name = provider.info.name;
  const flowStateId = pkce ? await withAuthTransaction(auth.ctx, auth.project, (db) => createOAuthFlowState(db, name, pkce)) : '';
  const state = signState(auth, {
    provider: name,
    referrer: redirectTarget(auth.settings, query.redirect_to),
    flow_state_id: flowStateId,
    linking_target_id: linkingTargetId,
    invite_token: inviteToken,
  });
  const forwarded = Object.entries(query).filter(([key]) => !OWN_PARAMETERS.has(key) && !FIXED_PARAMETERS.has(key));
  return oidc.buildAuthorizationUrl(client.config, {
    ...Object.fromEntries(forwarded),
    ...client.authorizationParameters,
    redirect_uri: callbackUrl(auth),
    scope: scopesFor(client, query.scopes).join(' '),
    state,
  }).href;
}

/**
 * `GET|POST /callback`: where a provider sends the user back. The state is checked, the code
 * traded for the provider's tokens and profile, the user found, linked or made
 * (external-accounts.ts) or the invite accepted (invite.ts), and the browser sent on to the
 * app's redirect_to with the session in the fragment, or `?code=` for PKCE. Failures go there too, as GoTrue's redirectErrors puts them:
 * `error`, `error_code` and `error_description` in the query and the fragment; a state that is
 * missing or not ours sends the user to the site URL instead.
 */
import * as oidc from 'openid-client';
import type { AuthContext } from '../context.ts';
import { withAuthTransaction } from '../db.ts';
import { AuthApiError, unprocessable } from '../errors.ts';
import { issueOAuthCode } from '../pkce.ts';
import { type SessionJson, sessionParams, startSession } from '../sessions.ts';
import { findUserById } from '../users.ts';
import { callbackUrl } from './authorize.ts';
import { type ExternalOutcome, linkIdentity, signInExternal } from './external-accounts.ts';
import { acceptInvite } from './invite.ts';
import { type ProviderProfile, withAppleName, withChosenEmail } from './profiles.ts';
import { issuerOf, providerClient, type ProviderTokens } from './provider-clients.ts';
import { type EnabledProvider, enabledProvider } from './provider-settings.ts';
import { type OAuthState, verifyState } from './state.ts';

export interface CallbackAnswer {
  location: string;
  status: 302 | 303;
  refusal?: AuthApiError;
}

/** GoTrue's OAuth error names by status; refusals of the user are access_denied whatever their status. */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};
const ACCESS_DENIED = new Set(['signup_disabled', 'user_banned', 'provider_email_needs_verification']);

const errorParams = (error: AuthApiError) => ({
  error: ACCESS_DENIED.has(error.code) ? 'access_denied' : (OAUTH_ERRORS[error.status] ?? 'server_error'),
  error_code: error.code,
  error_description: error.message,
});

function redirectWith(base: string, query: Record<string, string>, fragment?: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (fragment) url.hash = new URLSearchParams(fragment).toString();
  return url.href;
}

export async function completeCallback(auth: AuthContext, params: Record<string, string>): Promise<CallbackAnswer> {
  let state: OAuthState;
  try {
    if (!params.state) throw new AuthApiError(400, 'bad_oauth_callback', 'OAuth state parameter missing');
    state = verifyState(auth, params.state);
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error;
    return { status: 303, location: redirectWith(auth.settings.site_url, errorParams(error)), refusal: error };
  }
  const target = state.referrer || auth.settings.site_url;
  if (params.error) {
    // The provider's own refusal (the user declined): passed on as the provider named it.
    const said = { error: params.error, error_description: params.error_description ?? '' };
    return { status: 302, location: redirectWith(target, said, said) };
  }
  try {
    return { status: 302, location: await signIn(auth, state, target, params) };
  } catch (error) {
    const refusal = error instanceof AuthApiError ? error : new AuthApiError(500, 'unexpected_failure', 'Internal server error');
    if (refusal !== error) auth.ctx.logger.error({ err: error, ref: auth.project.ref, provider: state.provider }, 'OAuth callback failed');
    const said = errorParams(refusal);
    return { status: 302, location: redirectWith(target, said, said), refusal };
  }
}

async function signIn(auth: AuthContext, state: OAuthState, target: string, params: Record<string, string>): Promise<string> {
  if (!params.code) throw new AuthApiError(400, 'bad_oauth_callback', 'OAuth callback with missing authorization code missing');
  const provider = enabledProvider(auth, state.provider, 'oauth_provider_not_supported');
  const { accessToken, refreshToken, profile } = await providerTokens(auth, provider, params);
  const name = provider.info.name;
  type Outcome = { refused: AuthApiError } | { code: string } | { session: SessionJson };
  const outcome = await withAuthTransaction<Outcome>(auth.ctx, auth.project, async (client) => {
    let signedIn: ExternalOutcome;
    if (state.linking_target_id) {
      const target = await findUserById(client, state.linking_target_id);
      if (!target) throw unprocessable('Linking target user not found', 'user_not_found');
      signedIn = await linkIdentity(client, auth, target, name, profile);
    } else if (state.invite_token) {
      signedIn = await acceptInvite(client, auth, state.invite_token, name, profile);
    } else {
      signedIn = await signInExternal(client, auth, name, profile);
    }
    if ('refused' in signedIn) return signedIn;
    if (state.flow_state_id)
      return { code: await issueOAuthCode(client, state.flow_state_id, signedIn.user.id, { accessToken, refreshToken }) };
    return { session: await startSession(client, auth, signedIn.user.id, 'oauth') };
  });
  if ('refused' in outcome) throw outcome.refused;
  if ('code' in outcome) return redirectWith(target, { code: outcome.code });
  const providerParams: Record<string, string> = {
    provider_token: accessToken,
    ...(refreshToken ? { provider_refresh_token: refreshToken } : {}),
  };
  return `${target.split('#')[0]}#${new URLSearchParams({ ...providerParams, ...sessionParams(outcome.session) })}`;
}

/** The code for the provider's tokens and what they say of the user; GoTrue's 500s when the provider fails. */
async function providerTokens(auth: AuthContext, provider: EnabledProvider, params: Record<string, string>): Promise<ProviderTokens> {
  const client = await providerClient(provider);
  const current = new URL(callbackUrl(auth));
  for (const [name, value] of Object.entries(params)) current.searchParams.set(name, value);
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(client.config, current, {
      expectedState: params.state,
      idTokenExpected: issuerOf(provider) !== undefined,
    });
  } catch (error) {
    auth.ctx.logger.warn({ err: error, ref: auth.project.ref, provider: provider.info.name }, 'OAuth code exchange failed');
    throw new AuthApiError(500, 'unexpected_failure', 'Unable to exchange external code');
  }
  let profile: ProviderProfile;
  try {
    profile = await client.profile(tokens);
  } catch (error) {
    auth.ctx.logger.warn({ err: error, ref: auth.project.ref, provider: provider.info.name }, 'OAuth profile request failed');
    throw new AuthApiError(500, 'unexpected_failure', 'Error getting user profile from external provider');
  }
  if (provider.info.key === 'apple') profile = withAppleName(profile, params.user);
  if (!profile.emails.length) throw new AuthApiError(500, 'unexpected_failure', 'Error getting user email from external provider');
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, profile: withChosenEmail(profile) };
}

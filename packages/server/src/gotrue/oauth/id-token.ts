/**
 * `POST /token?grant_type=id_token` (signInWithIdToken), as GoTrue's IdTokenGrant: an ID token an
 * app got from Apple, Google, Azure, Keycloak or the generic issuer itself (a native sign-in
 * sheet, Google One Tap), checked against the issuer's published keys, its audience the
 * provider's client ID and its nonce the SHA-256 of the one the app sends; then the user is
 * signed in or made as by the OAuth callback.
 */
import { createHash } from 'node:crypto';
import { OAUTH_PROVIDERS, type OAuthProviderInfo } from '@basin/core';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { madeOnce } from '../../kernel/made-once.ts';
import type { AuthContext } from '../context.ts';
import { currentUser } from '../current-user.ts';
import { withAuthTransaction } from '../db.ts';
import { AuthApiError, badRequest } from '../errors.ts';
import { type Body, stringField } from '../request.ts';
import { type SessionJson, startSession } from '../sessions.ts';
import { linkIdentity, requireManualLinking, signInExternal } from './external-accounts.ts';
import { oidcProfile, withChosenEmail } from './profiles.ts';
import { issuerOf, providerClient } from './provider-clients.ts';
import { enabledProvider } from './provider-settings.ts';

const AZURE_ISSUER = /^https:\/\/login\.microsoftonline\.com\/[^/]+\/v2\.0\/?$/;
const ID_TOKEN_PROVIDERS = OAUTH_PROVIDERS.filter((provider) => provider.idToken);

/** The provider the request names, or whose issuer it names; GoTrue's refusal of any other issuer. */
function namedProvider(auth: AuthContext, name: string, issuer: string | undefined): OAuthProviderInfo {
  const settings: Record<string, unknown> = { ...auth.settings };
  const byName = ID_TOKEN_PROVIDERS.find((provider) => provider.name === name.toLowerCase());
  if (byName) return byName;
  const byIssuer = ID_TOKEN_PROVIDERS.find(({ key }) => {
    if (key === 'google') return issuer === 'https://accounts.google.com';
    if (key === 'apple') return issuer === 'https://appleid.apple.com';
    if (key === 'azure') return issuer !== undefined && AZURE_ISSUER.test(issuer);
    return Boolean(issuer) && settings[`external_${key}_enabled`] && settings[`external_${key}_url`] === issuer;
  });
  if (byIssuer) return byIssuer;
  throw badRequest(`Custom OIDC provider "${name}" not allowed`);
}

/** The issuer's keys, fetched as tokens need them and kept by jose between requests. */
const keySet = madeOnce(
  500,
  (uri: string) => uri,
  (uri) => createRemoteJWKSet(new URL(uri), { timeoutDuration: 10_000 }),
);

/** The token's payload when its issuer signed it; GoTrue's "Bad ID token" otherwise. */
async function verifiedPayload(auth: AuthContext, info: OAuthProviderInfo, token: string): Promise<JWTPayload> {
  const provider = enabledProvider(auth, info.name);
  const client = await providerClient(provider);
  const jwksUri = client.config.serverMetadata().jwks_uri;
  if (!jwksUri) throw badRequest(`The ${info.label} issuer publishes no keys to check ID tokens with`);
  // An Azure app without a tenant takes any tenant's tokens, each signed under its own issuer.
  const expected = issuerOf(provider)!;
  const issuer = info.key === 'azure' && !provider.url ? (iss: string) => AZURE_ISSUER.test(iss) : (iss: string) => iss === expected;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(jwksUri), { clockTolerance: 30 }));
  } catch {
    throw badRequest('Bad ID token');
  }
  if (typeof payload.iss !== 'string' || !issuer(payload.iss)) throw badRequest('Bad ID token');
  if (!payload.sub) throw badRequest('Missing sub claim in id_token');
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audience.includes(provider.clientId)) throw badRequest(`Unacceptable audience in id_token: [${audience.join(' ')}]`);
  return payload;
}

/** The app's nonce is the one the token was issued for: GoTrue compares its SHA-256, in hex, to the token's claim. */
function checkNonce(payload: JWTPayload, nonce: string | undefined) {
  const claimed = typeof payload.nonce === 'string' ? payload.nonce : '';
  if (Boolean(claimed) !== Boolean(nonce)) throw badRequest('Passed nonce and nonce in id_token should either both exist or not.');
  if (nonce && createHash('sha256').update(nonce).digest('hex') !== claimed) throw badRequest('Nonces mismatch');
}

/** The grant; with `link_identity` (linkIdentity with a token), the identity joins the signed-in user instead. */
export async function idTokenGrant(auth: AuthContext, body: Body, headers: Headers): Promise<SessionJson> {
  const token = stringField(body, 'id_token');
  const name = stringField(body, 'provider') ?? '';
  const issuer = stringField(body, 'issuer');
  if (!token) throw badRequest('id_token required');
  if (!name && (!stringField(body, 'client_id') || !issuer)) throw badRequest('provider or client_id and issuer required');
  const linking = body.link_identity === true;
  if (linking) requireManualLinking(auth);
  const target = linking ? (await currentUser(auth, headers)).user : undefined;
  const info = namedProvider(auth, name, issuer);
  if (!(auth.settings as unknown as Record<string, unknown>)[`external_${info.key}_enabled`])
    throw new AuthApiError(400, 'provider_disabled', `Provider (issuer "${issuer ?? info.name}") is not enabled`);
  const payload = await verifiedPayload(auth, info, token);
  checkNonce(payload, stringField(body, 'nonce'));
  const profile = withChosenEmail(oidcProfile(payload));
  const outcome = await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const signedIn = target
      ? await linkIdentity(client, auth, target, info.name, profile)
      : await signInExternal(client, auth, info.name, profile);
    return 'refused' in signedIn ? signedIn : { session: await startSession(client, auth, signedIn.user.id, 'oauth') };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.session;
}

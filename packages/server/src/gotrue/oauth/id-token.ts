/**
 * `POST /token?grant_type=id_token` (signInWithIdToken), as GoTrue's IdTokenGrant: an ID token an
 * app got from Apple, Google, Azure, Keycloak or the generic issuer itself (a native sign-in
 * sheet, Google One Tap), checked against the issuer's published keys, its audience the
 * provider's client ID, its nonce the SHA-256 of the one the app sends and, when the app sends
 * the access token issued with it, its at_hash; then the user is signed in or made as by the
 * OAuth callback. Refusals of the token are GoTrue's OAuth errors (`{error, error_description}`).
 */
import { createHash } from 'node:crypto';
import { OAUTH_PROVIDERS, type OAuthProviderInfo } from '@basin/core';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { madeOnce } from '../../kernel/made-once.ts';
import type { AuthContext } from '../context.ts';
import { currentUser } from '../current-user.ts';
import { withAuthTransaction } from '../db.ts';
import { AuthApiError, badRequest, OAuthError } from '../errors.ts';
import { type Body, stringField } from '../request.ts';
import { type SessionJson, startSession } from '../sessions.ts';
import { linkIdentity, requireManualLinking, signInExternal } from './external-accounts.ts';
import { oidcProfile, withChosenEmail } from './profiles.ts';
import { issuerOf, providerClient } from './provider-clients.ts';
import { enabledProvider } from './provider-settings.ts';

const AZURE_ISSUER = /^https:\/\/login\.microsoftonline\.com\/[^/]+\/v2\.0\/?$/;
const ID_TOKEN_PROVIDERS = OAUTH_PROVIDERS.filter((provider) => provider.idToken);

const invalidRequest = (description: string) => new OAuthError('invalid request', description);
const badIdToken = () => invalidRequest('Bad ID token');

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

/** OpenID Connect's at_hash of an access token: the left half of its hash by the ID token's algorithm, base64url. */
function accessTokenHash(alg: string, accessToken: string): string | undefined {
  const bits = alg === 'EdDSA' ? '512' : alg.slice(-3);
  if (!['256', '384', '512'].includes(bits)) return undefined;
  const digest = createHash(`sha${bits}`).update(accessToken).digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

/**
 * The token's payload when its issuer signed it and, given the access token issued with it, its
 * at_hash matches that token; GoTrue's "Bad ID token" otherwise.
 */
async function verifiedPayload(
  auth: AuthContext,
  info: OAuthProviderInfo,
  token: string,
  accessToken: string | undefined,
): Promise<JWTPayload> {
  const provider = enabledProvider(auth, info.name);
  const client = await providerClient(provider);
  const jwksUri = client.config.serverMetadata().jwks_uri;
  if (!jwksUri) throw badRequest(`The ${info.label} issuer publishes no keys to check ID tokens with`);
  // An Azure app without a tenant takes any tenant's tokens, each signed under its own issuer.
  const expected = issuerOf(provider)!;
  const issuer = info.key === 'azure' && !provider.url ? (iss: string) => AZURE_ISSUER.test(iss) : (iss: string) => iss === expected;
  let verified: Awaited<ReturnType<typeof jwtVerify>>;
  try {
    verified = await jwtVerify(token, keySet(jwksUri), { clockTolerance: 30 });
  } catch {
    throw badIdToken();
  }
  const { payload, protectedHeader } = verified;
  if (typeof payload.iss !== 'string' || !issuer(payload.iss)) throw badIdToken();
  if (accessToken && payload.at_hash && accessTokenHash(protectedHeader.alg, accessToken) !== payload.at_hash) throw badIdToken();
  if (!payload.sub) throw invalidRequest('Missing sub claim in id_token');
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audience.includes(provider.clientId)) throw invalidRequest(`Unacceptable audience in id_token: [${audience.join(' ')}]`);
  return payload;
}

/** The app's nonce is the one the token was issued for: GoTrue compares its SHA-256, in hex, to the token's claim. */
function checkNonce(payload: JWTPayload, nonce: string | undefined) {
  const claimed = typeof payload.nonce === 'string' ? payload.nonce : '';
  if (Boolean(claimed) !== Boolean(nonce)) throw invalidRequest('Passed nonce and nonce in id_token should either both exist or not.');
  if (nonce && createHash('sha256').update(nonce).digest('hex') !== claimed) throw new OAuthError('invalid nonce', 'Nonces mismatch');
}

/** The grant; with `link_identity` (linkIdentity with a token), the identity joins the signed-in user instead. */
export async function idTokenGrant(auth: AuthContext, body: Body, headers: Headers): Promise<SessionJson> {
  const token = stringField(body, 'id_token');
  const name = stringField(body, 'provider') ?? '';
  const issuer = stringField(body, 'issuer');
  if (!token) throw invalidRequest('id_token required');
  if (!name && (!stringField(body, 'client_id') || !issuer)) throw invalidRequest('provider or client_id and issuer required');
  const linking = body.link_identity === true;
  if (linking) requireManualLinking(auth);
  const target = linking ? (await currentUser(auth, headers)).user : undefined;
  const info = namedProvider(auth, name, issuer);
  const settings = auth.settings as unknown as Record<string, unknown>;
  if (!settings[`external_${info.key}_enabled`]) {
    // GoTrue names the provider's own issuer; an Azure one is the app's (or its token's).
    const url = (settings[`external_${info.key}_url`] as string | null | undefined) ?? null;
    const named = (info.key === 'azure' && issuer) || issuerOf({ info, url }) || '';
    throw new AuthApiError(400, 'provider_disabled', `Provider (issuer "${named}") is not enabled`);
  }
  const payload = await verifiedPayload(auth, info, token, stringField(body, 'access_token'));
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

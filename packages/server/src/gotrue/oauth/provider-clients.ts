/**
 * How each provider is spoken to, with openid-client: the OpenID Connect ones (Apple, Azure,
 * Google, Keycloak, the generic issuer) by their discovery document, the plain OAuth 2.0 ones
 * (GitHub, GitLab, Discord) by the endpoints GoTrue uses, under EXTERNAL_<P>_URL when set. Both
 * build the authorization URL, trade the callback's code for tokens and say who the user is.
 */
import * as oidc from 'openid-client';
import type { EnabledProvider } from './provider-settings.ts';
import { discordProfile, githubProfile, gitlabProfile, oidcProfile, type ProviderProfile } from './profiles.ts';

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | undefined;
  profile: ProviderProfile;
}

export interface ProviderClient {
  config: oidc.Configuration;
  /** The scopes asked for unless the app asks for more (GoTrue's defaults, with `openid` for discovery-based providers). */
  scopes: string[];
  /** Extra parameters of the authorization request (Apple posts its answer back). */
  authorizationParameters?: Record<string, string>;
  profile(tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<ProviderProfile>;
}

const TIMEOUT_MS = 10_000;

/** http:// endpoints (a local Keycloak, tests) need openid-client's consent. */
const allowHttp = (config: oidc.Configuration, url: string) => {
  if (url.startsWith('http:')) oidc.allowInsecureRequests(config);
  return config;
};

const DISCOVERY_TTL_MS = 10 * 60_000;
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/** The issuer's configuration for this client, its discovery document read at most every ten minutes. */
function discover(issuer: string, provider: EnabledProvider): Promise<oidc.Configuration> {
  const key = JSON.stringify([issuer, provider.clientId, provider.secret]);
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  if (discovered.size >= 500) discovered.clear(); // changed secrets leave old entries behind
  const config = oidc.discovery(new URL(issuer), provider.clientId, provider.secret, undefined, {
    execute: issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
    timeout: TIMEOUT_MS / 1000,
  });
  discovered.set(key, { at: Date.now(), config });
  config.catch(() => discovered.delete(key));
  return config;
}

/** The OpenID Connect issuer a provider is discovered at, or undefined for the plain OAuth 2.0 ones. */
export function issuerOf(provider: Pick<EnabledProvider, 'info' | 'url'>): string | undefined {
  switch (provider.info.key) {
    case 'google':
      return 'https://accounts.google.com';
    case 'apple':
      return 'https://appleid.apple.com';
    case 'azure':
      // Without a tenant, the common endpoint: openid-client accepts any tenant's tokens from it.
      return `${provider.url ?? 'https://login.microsoftonline.com/common'}/v2.0`;
    case 'keycloak':
    case 'oidc':
      return provider.url ?? undefined;
    default:
      return undefined;
  }
}

/** A provider's configuration from its fixed endpoints, as a plain OAuth 2.0 authorization server. */
function oauth2(provider: EnabledProvider, host: string, authorize: string, token: string): oidc.Configuration {
  const config = new oidc.Configuration(
    { issuer: host, authorization_endpoint: `${host}${authorize}`, token_endpoint: `${host}${token}` },
    provider.clientId,
    provider.secret,
  );
  config.timeout = TIMEOUT_MS / 1000;
  return allowHttp(config, host);
}

/** GET of a provider's API with the user's access token. */
async function getJson<T>(url: string, accessToken: string): Promise<T> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'Basin-Auth' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

const DEFAULT_OIDC_SCOPES: Record<string, string[]> = {
  apple: ['openid', 'email', 'name'],
  azure: ['openid'],
  google: ['openid', 'email', 'profile'],
  keycloak: ['openid', 'profile', 'email'],
  oidc: ['openid', 'email', 'profile'],
};

export async function providerClient(provider: EnabledProvider): Promise<ProviderClient> {
  const issuer = issuerOf(provider);
  if (issuer) {
    const config = await discover(issuer, provider);
    const { key } = provider.info;
    // The generic issuer and Keycloak may keep email and profile claims for userinfo (oidc-provider does).
    const readsUserinfo = (key === 'keycloak' || key === 'oidc') && Boolean(config.serverMetadata().userinfo_endpoint);
    return {
      config,
      scopes: DEFAULT_OIDC_SCOPES[key]!,
      authorizationParameters: key === 'apple' ? { response_mode: 'form_post' } : undefined,
      async profile(tokens) {
        const claims = tokens.claims();
        if (!claims) throw new Error(`${provider.info.label} answered no ID token`);
        const userinfo = readsUserinfo ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub) : {};
        return oidcProfile({ ...claims, ...userinfo });
      },
    };
  }
  switch (provider.info.key) {
    case 'github': {
      const host = provider.url ?? 'https://github.com';
      const api = provider.url ? `${provider.url}/api/v3` : 'https://api.github.com';
      return {
        config: oauth2(provider, host, '/login/oauth/authorize', '/login/oauth/access_token'),
        scopes: ['user:email'],
        profile: async ({ access_token }) =>
          githubProfile(api, await getJson(`${api}/user`, access_token), await getJson(`${api}/user/emails`, access_token)),
      };
    }
    case 'gitlab': {
      const host = provider.url ?? 'https://gitlab.com';
      return {
        config: oauth2(provider, host, '/oauth/authorize', '/oauth/token'),
        scopes: ['read_user'],
        profile: async ({ access_token }) =>
          gitlabProfile(
            host,
            await getJson(`${host}/api/v4/user`, access_token),
            await getJson(`${host}/api/v4/user/emails`, access_token),
          ),
      };
    }
    default: {
      const api = `${provider.url ?? 'https://discord.com'}/api`;
      return {
        config: oauth2(provider, api, '/oauth2/authorize', '/oauth2/token'),
        scopes: ['email', 'identify'],
        profile: async ({ access_token }) => discordProfile(api, await getJson(`${api}/users/@me`, access_token)),
      };
    }
  }
}

/** The provider's scopes and the app's (GoTrue takes them comma separated; auth-js users write spaces). */
export const scopesFor = (client: ProviderClient, requested: string | undefined) => [
  ...new Set([...client.scopes, ...(requested ?? '').split(/[\s,]+/).filter(Boolean)]),
];

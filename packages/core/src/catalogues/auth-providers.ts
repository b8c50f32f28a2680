/**
 * The OAuth and OpenID Connect providers a project's auth API signs users in with. Each has the
 * settings GoTrue gives it (`EXTERNAL_<KEY>_ENABLED`, `_CLIENT_ID`, `_SECRET`, and `_URL` where
 * GoTrue reads one) and the name apps pass to `signInWithOAuth`.
 */

/** The settings' infix of each provider (`EXTERNAL_GITHUB_…`), lower-cased. */
export const OAUTH_PROVIDER_KEYS = ['apple', 'azure', 'discord', 'github', 'gitlab', 'google', 'keycloak', 'oidc'] as const;
export type OAuthProviderKey = (typeof OAUTH_PROVIDER_KEYS)[number];

/**
 * The providers whose endpoints follow `EXTERNAL_<KEY>_URL`, as GoTrue's do: GitHub Enterprise,
 * a self-hosted GitLab, Discord's API host, an Azure tenant, a Keycloak realm and the generic
 * issuer. Google and Apple have fixed endpoints (GoTrue ignores a URL set for them).
 */
export const URL_PROVIDER_KEYS = [
  'azure',
  'discord',
  'github',
  'gitlab',
  'keycloak',
  'oidc',
] as const satisfies readonly OAuthProviderKey[];
export type UrlProviderKey = (typeof URL_PROVIDER_KEYS)[number];

export const hasUrlSetting = (key: OAuthProviderKey): key is UrlProviderKey => (URL_PROVIDER_KEYS as readonly string[]).includes(key);

export interface OAuthProviderInfo {
  key: OAuthProviderKey;
  /**
   * What apps pass as `provider` and what identities record. The generic issuer is `custom:oidc`:
   * GoTrue has no single "any issuer" provider, and auth-js types custom OIDC providers as
   * `custom:<name>`, so apps call it without a cast; its settings keep the plain key (EXTERNAL_OIDC_*).
   */
  name: string;
  label: string;
  /** The URL setting: what it is, whether the provider works without it, and an example. */
  url?: { label: string; required: boolean; placeholder: string; description: string };
  /** Accepts `signInWithIdToken` (POST /token?grant_type=id_token), as GoTrue does for OIDC issuers. */
  idToken: boolean;
}

export const OAUTH_PROVIDERS: readonly OAuthProviderInfo[] = [
  { key: 'apple', name: 'apple', label: 'Apple', idToken: true },
  {
    key: 'azure',
    name: 'azure',
    label: 'Azure (Microsoft)',
    idToken: true,
    url: {
      label: 'Azure tenant URL',
      required: false,
      placeholder: 'https://login.microsoftonline.com/<tenant-id>',
      description: 'Leave empty for any Microsoft account (the common tenant).',
    },
  },
  {
    key: 'discord',
    name: 'discord',
    label: 'Discord',
    idToken: false,
    url: { label: 'Discord URL', required: false, placeholder: 'https://discord.com', description: 'Leave empty for discord.com.' },
  },
  {
    key: 'github',
    name: 'github',
    label: 'GitHub',
    idToken: false,
    url: {
      label: 'GitHub Enterprise URL',
      required: false,
      placeholder: 'https://github.example.com',
      description: 'Leave empty for github.com.',
    },
  },
  {
    key: 'gitlab',
    name: 'gitlab',
    label: 'GitLab',
    idToken: false,
    url: { label: 'GitLab URL', required: false, placeholder: 'https://gitlab.example.com', description: 'Leave empty for gitlab.com.' },
  },
  { key: 'google', name: 'google', label: 'Google', idToken: true },
  {
    key: 'keycloak',
    name: 'keycloak',
    label: 'Keycloak',
    idToken: true,
    url: {
      label: 'Realm URL',
      required: true,
      placeholder: 'https://keycloak.example.com/realms/myrealm',
      description: "The realm's issuer URL.",
    },
  },
  {
    key: 'oidc',
    name: 'custom:oidc',
    label: 'OpenID Connect',
    idToken: true,
    url: {
      label: 'Issuer URL',
      required: true,
      placeholder: 'https://example.okta.com',
      description: 'Any OpenID Connect issuer (Auth0, Okta, Zitadel…): its discovery document is read from this URL.',
    },
  },
];

/** The provider apps name (`github`, `custom:oidc`), case-insensitive as GoTrue takes it. */
export const oauthProviderNamed = (name: string): OAuthProviderInfo | undefined =>
  OAUTH_PROVIDERS.find((provider) => provider.name === name.toLowerCase());

export const oauthProviderInfo = (key: OAuthProviderKey): OAuthProviderInfo => OAUTH_PROVIDERS.find((provider) => provider.key === key)!;

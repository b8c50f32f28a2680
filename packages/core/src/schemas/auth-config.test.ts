import { describe, expect, it } from 'vitest';
import { isUriAllowListEntry, splitUriAllowList, UpdateAuthConfigBody } from './auth-config.ts';

const firstMessage = (body: unknown) => {
  const parsed = UpdateAuthConfigBody.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('UpdateAuthConfigBody, the auth API settings', () => {
  it('accepts the settings Supabase projects use', () => {
    const body = {
      SITE_URL: ' https://app.example.com ',
      URI_ALLOW_LIST: 'http://localhost:3000/**, https://*-team.vercel.app/**,myapp://callback',
      JWT_EXP: 3600,
      DISABLE_SIGNUP: true,
      MAILER_AUTOCONFIRM: false,
      MAILER_OTP_LENGTH: 8,
      RATE_LIMIT_ANONYMOUS_USERS: 30,
      MAILER_SUBJECTS_CONFIRMATION: 'Welcome',
      MAILER_TEMPLATES_INVITE_CONTENT: null,
      PASSWORD_HIBP_ENABLED: false,
    };
    expect(UpdateAuthConfigBody.parse(body)).toMatchObject({ ...body, SITE_URL: 'https://app.example.com' });
  });

  it.each([
    [{ SITE_URL: 'app.example.com' }, 'Site URL must be a valid URL'],
    [{ SITE_URL: 'ftp://files.example.com' }, 'Site URL must be a valid URL'],
    [{ URI_ALLOW_LIST: 'https://ok.example.com,not a url' }, 'Redirect URL "not a url" must be a URL or a pattern'],
    [{ JWT_EXP: 10 }, 'JWT expiry must be at least 30'],
    [{ JWT_EXP: 604_801 }, 'JWT expiry must be at most 604800'],
    [{ MAILER_OTP_LENGTH: 4 }, 'Email OTP length must be at least 6'],
    [{ RATE_LIMIT_ANONYMOUS_USERS: 0 }, 'Anonymous sign-ins per hour must be at least 1'],
    [{ MAILER_SUBJECTS_RECOVERY: 'x'.repeat(256) }, 'Password reset email subject must be at most 255 characters'],
    [{ MAILER_TEMPLATES_MAGIC_LINK_CONTENT: 'x'.repeat(100_001) }, 'Magic link email body must be at most 100000 characters'],
    [{ PASSWORD_HIBP_ENABLED: true }, 'Leaked password protection is not available in Basin yet'],
  ])('refuses %j', (body, message) => {
    expect(firstMessage(body)).toContain(message);
  });
});

describe('redirect URL entries', () => {
  it('splits, trims and drops empty entries', () => {
    expect(splitUriAllowList(' https://a.example ,, https://b.example/** ,')).toEqual(['https://a.example', 'https://b.example/**']);
    expect(splitUriAllowList('')).toEqual([]);
  });

  it.each([
    'https://a.example/cb',
    'http://localhost:3000/**',
    'https://*.example.com',
    'com.example.app://login',
    'https://example.com/[ab]?',
  ])('accepts %s', (entry) => expect(isUriAllowListEntry(entry)).toBe(true));
  it.each(['', 'example', 'https://a.example/ b', 'https://x/[a', 'https://x/a]'])('refuses %j', (entry) =>
    expect(isUriAllowListEntry(entry)).toBe(false),
  );
});

describe('OAuth provider settings', () => {
  it('takes each provider as GoTrue names its settings', () => {
    const body = {
      EXTERNAL_GITHUB_ENABLED: true,
      EXTERNAL_GITHUB_CLIENT_ID: ' Iv1.abc ',
      EXTERNAL_GITHUB_SECRET: 'shh',
      EXTERNAL_KEYCLOAK_URL: 'https://sso.example.com/realms/app',
      EXTERNAL_OIDC_URL: '',
      SECURITY_MANUAL_LINKING_ENABLED: true,
    };
    expect(UpdateAuthConfigBody.parse(body)).toEqual({ ...body, EXTERNAL_GITHUB_CLIENT_ID: 'Iv1.abc' });
  });

  it.each([
    [{ EXTERNAL_KEYCLOAK_URL: 'sso.example.com' }, 'Keycloak: Realm URL must be an http:// or https:// URL'],
    [{ EXTERNAL_OIDC_URL: 'ftp://issuer.example.com' }, 'OpenID Connect: Issuer URL must be an http:// or https:// URL'],
    [{ EXTERNAL_GOOGLE_ENABLED: 'yes' }, 'Google: enabled must be true or false'],
    [{ EXTERNAL_APPLE_SECRET: 'x'.repeat(4097) }, 'Apple: secret must be at most 4096 characters'],
  ])('refuses %j', (body, message) => expect(firstMessage(body)).toBe(message));

  it('has no URL setting for the fixed-endpoint providers, as GoTrue has none', () => {
    expect(UpdateAuthConfigBody.safeParse({ EXTERNAL_GOOGLE_URL: 'https://accounts.example.com' }).success).toBe(false);
    expect(UpdateAuthConfigBody.safeParse({ EXTERNAL_GOOGLE_SECRET_SET: true }).success).toBe(false);
  });
});

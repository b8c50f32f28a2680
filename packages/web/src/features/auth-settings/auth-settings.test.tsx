import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AUTH_EMAIL_TEMPLATES, OAUTH_PROVIDERS, type Role } from '@basin/core';
import type { AuthConfig, AuthProviderConfig } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { EMAIL_SECTIONS } from './auth-fields';
import { toFormValue, toStoredValue } from './auth-settings-form';
import { EmailProviderPage, EmailTemplatesPage, HooksPage, RateLimitsPage, SmtpPage, UrlConfigurationPage } from './auth-settings-pages';

/** Every OAuth provider off and unconfigured. */
const NO_PROVIDERS = Object.fromEntries(
  OAUTH_PROVIDERS.flatMap(({ key, url }) => {
    const setting = `EXTERNAL_${key.toUpperCase()}`;
    const fields: [string, unknown][] = [
      [`${setting}_ENABLED`, false],
      [`${setting}_CLIENT_ID`, null],
      [`${setting}_SECRET_SET`, false],
    ];
    return url ? [...fields, [`${setting}_URL`, null]] : fields;
  }),
) as AuthProviderConfig;

const CONFIG: AuthConfig = {
  MAILER_OTP_EXP: 86_400,
  SMS_OTP_LENGTH: 6,
  PASSWORD_MIN_LENGTH: 6,
  PASSWORD_HIBP_ENABLED: false,
  PASSWORD_REQUIRED_CHARACTERS: '',
  MFA_TOTP_ENROLL_ENABLED: true,
  MFA_TOTP_VERIFY_ENABLED: true,
  MFA_PHONE_ENROLL_ENABLED: false,
  MFA_PHONE_VERIFY_ENABLED: false,
  MFA_MAX_ENROLLED_FACTORS: 10,
  MFA_WEB_AUTHN_ENROLL_ENABLED: false,
  MFA_WEB_AUTHN_VERIFY_ENABLED: false,
  PASSKEY_ENABLED: false,
  WEBAUTHN_RP_ID: null,
  WEBAUTHN_RP_ORIGINS: null,
  WEBAUTHN_RP_DISPLAY_NAME: null,
  SMTP_ADMIN_EMAIL: null,
  SMTP_HOST: null,
  SMTP_PORT: null,
  SMTP_USER: null,
  SMTP_PASS_SET: false,
  SMTP_SENDER_NAME: null,
  SMTP_MAX_FREQUENCY: 60,
  RATE_LIMIT_EMAIL_SENT: 30,
  RATE_LIMIT_SMS_SENT: 30,
  RATE_LIMIT_VERIFY: 30,
  RATE_LIMIT_TOKEN_REFRESH: 150,
  RATE_LIMIT_OTP: 30,
  SITE_URL: 'http://localhost:3000',
  URI_ALLOW_LIST: 'https://app.example.com/callback,http://localhost:3000/**',
  JWT_EXP: 3600,
  DISABLE_SIGNUP: false,
  EXTERNAL_EMAIL_ENABLED: true,
  EXTERNAL_ANONYMOUS_USERS_ENABLED: false,
  MAILER_AUTOCONFIRM: false,
  MAILER_OTP_LENGTH: 6,
  MAILER_SECURE_EMAIL_CHANGE_ENABLED: true,
  RATE_LIMIT_ANONYMOUS_USERS: 30,
  MAILER_SUBJECTS_CONFIRMATION: null,
  MAILER_TEMPLATES_CONFIRMATION_CONTENT: null,
  MAILER_SUBJECTS_RECOVERY: 'Your Acme password',
  MAILER_TEMPLATES_RECOVERY_CONTENT: '<p>{{ .ConfirmationURL }} {{ .Token }}</p>',
  MAILER_SUBJECTS_MAGIC_LINK: null,
  MAILER_TEMPLATES_MAGIC_LINK_CONTENT: null,
  MAILER_SUBJECTS_EMAIL_CHANGE: null,
  MAILER_TEMPLATES_EMAIL_CHANGE_CONTENT: null,
  MAILER_SUBJECTS_INVITE: null,
  MAILER_TEMPLATES_INVITE_CONTENT: null,
  HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: false,
  HOOK_CUSTOM_ACCESS_TOKEN_URI: null,
  HOOK_PASSWORD_VERIFICATION_ATTEMPT_ENABLED: false,
  HOOK_PASSWORD_VERIFICATION_ATTEMPT_URI: null,
  HOOK_MFA_VERIFICATION_ATTEMPT_ENABLED: false,
  HOOK_MFA_VERIFICATION_ATTEMPT_URI: null,
  HOOK_BEFORE_USER_CREATED_ENABLED: false,
  HOOK_BEFORE_USER_CREATED_URI: null,
  HOOK_SEND_EMAIL_ENABLED: false,
  HOOK_SEND_EMAIL_URI: null,
  MAILER_SUBJECTS_REAUTHENTICATION: null,
  MAILER_TEMPLATES_REAUTHENTICATION_CONTENT: null,
  SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: false,
  SECURITY_MANUAL_LINKING_ENABLED: false,
  ...NO_PROVIDERS,
  updated_at: '2026-03-01T00:00:00.000Z',
};
const PATH = `/api/platform/auth/${PROJECT_REF}/config`;

function renderSettings(element: React.ReactNode, page: string, role: Role = 'Owner', config: Partial<AuthConfig> = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${PATH}`]: json({ ...CONFIG, ...config }),
    [`PATCH ${PATH}`]: (request) => json({ ...CONFIG, ...config, ...(request.body as object) }),
    [`GET /api/platform/projects/${PROJECT_REF}/settings`]: json({
      ref: PROJECT_REF,
      service_api_keys: [],
      app_config: { protocol: 'http', endpoint: `${PROJECT_REF}.basin.test` },
      jwt_secret: null,
      db_schema: 'public',
      jwtSecretUpdateStatus: null,
    }),
  });
  renderAt(`/project/:ref/auth/${page}`, element, `/project/${PROJECT_REF}/auth/${page}`);
  return { ...api, patches: () => api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body as Record<string, unknown>) };
}

/** The card (its own form) of a section, once the settings have loaded and may be edited. */
async function section(name: string) {
  const form = await screen.findByRole('form', { name });
  await waitFor(() =>
    expect([...form.querySelectorAll('input, textarea, select')].some((control) => !control.hasAttribute('disabled'))).toBe(true),
  );
  return within(form);
}

describe('email provider page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('saves the provider settings with numbers and booleans', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<EmailProviderPage />, 'providers');
    const provider = await section('Email provider');
    const expiry = provider.getByLabelText('Email OTP expiration (seconds)');
    await user.clear(expiry);
    await user.type(expiry, '3600');
    await user.clear(provider.getByLabelText('Email OTP length'));
    await user.type(provider.getByLabelText('Email OTP length'), '8');
    await user.click(provider.getByLabelText(/Secure email change/));
    await user.click(provider.getByLabelText(/Secure password change/));
    await user.click(provider.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      EXTERNAL_EMAIL_ENABLED: true,
      MAILER_AUTOCONFIRM: false,
      MAILER_SECURE_EMAIL_CHANGE_ENABLED: false,
      SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: true,
      MAILER_OTP_LENGTH: 8,
      MAILER_OTP_EXP: 3600,
      SMS_OTP_LENGTH: 6,
    });
  });

  it('shows the inverted settings the way round their labels say', async () => {
    renderSettings(<EmailProviderPage />, 'providers');
    const provider = await section('Email provider');
    const signups = await section('User signups');
    // MAILER_AUTOCONFIRM false: confirmations are required.
    expect(provider.getByLabelText(/Confirm email/)).toHaveProperty('checked', true);
    // DISABLE_SIGNUP false: sign-ups are allowed.
    expect(signups.getByLabelText(/Allow new users to sign up/)).toHaveProperty('checked', true);
    expect(signups.getByLabelText(/Allow anonymous sign-ins/)).toHaveProperty('checked', false);
  });

  it('unchecks the inverted settings as autoconfirm and disabled sign-ups', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<EmailProviderPage />, 'providers');
    const provider = await section('Email provider');
    await user.click(provider.getByLabelText(/Confirm email/));
    await user.click(provider.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ MAILER_AUTOCONFIRM: true });

    const signups = await section('User signups');
    await user.click(signups.getByLabelText(/Allow new users to sign up/));
    await user.click(signups.getByLabelText(/Allow anonymous sign-ins/));
    await user.click(signups.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]).toEqual({ DISABLE_SIGNUP: true, EXTERNAL_ANONYMOUS_USERS_ENABLED: true });
  });

  it('shows autoconfirm and disabled sign-ups as unchecked boxes', async () => {
    renderSettings(<EmailProviderPage />, 'providers', 'Owner', { MAILER_AUTOCONFIRM: true, DISABLE_SIGNUP: true });
    expect((await section('Email provider')).getByLabelText(/Confirm email/)).toHaveProperty('checked', false);
    expect((await section('User signups')).getByLabelText(/Allow new users to sign up/)).toHaveProperty('checked', false);
  });

  it('inverts both ways in the field definitions', () => {
    const confirm = EMAIL_SECTIONS.flatMap((s) => s.fields).find((field) => field.key === 'MAILER_AUTOCONFIRM')!;
    expect(toFormValue(confirm, false)).toBe(true);
    expect(toStoredValue(confirm, true)).toBe(false);
    expect(toStoredValue(confirm, toFormValue(confirm, true))).toBe(true);
  });

  it('explains that leaked password protection is not available, and never sends it', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<EmailProviderPage />, 'providers');
    const passwords = await section('Passwords');
    const hibp = passwords.getByLabelText(/Leaked password protection/);
    expect(hibp).toHaveProperty('disabled', true);
    expect(hibp).toHaveProperty('checked', false);
    expect(passwords.getByText(/needs the Have I Been Pwned service/)).toBeTruthy();
    await user.clear(passwords.getByLabelText('Minimum password length'));
    await user.type(passwords.getByLabelText('Minimum password length'), '10');
    await user.click(passwords.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({ PASSWORD_MIN_LENGTH: 10, PASSWORD_REQUIRED_CHARACTERS: '' });
  });

  it('shows the validation message of the core schema', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<EmailProviderPage />, 'providers');
    const passwords = await section('Passwords');
    const length = passwords.getByLabelText('Minimum password length');
    await user.clear(length);
    await user.type(length, '3');
    await user.click(passwords.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Minimum password length must be at least 6')).toBeTruthy();
    expect(patches()).toHaveLength(0);
  });

  it('is read-only for members who may not change project settings', async () => {
    renderSettings(<EmailProviderPage />, 'providers', 'Developer');
    const expiry = await screen.findByLabelText('Email OTP expiration (seconds)');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Save' }).every((button) => button.hasAttribute('disabled'))).toBe(true),
    );
    expect(expiry).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/Confirm email/)).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/Allow new users to sign up/)).toHaveProperty('disabled', true);
  });
});

describe('URL configuration page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('edits the redirect URLs as a list and saves them comma separated', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<UrlConfigurationPage />, 'url-configuration');
    const redirects = await section('Redirect URLs');
    expect(redirects.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('https://app.example.com/callback'),
      expect.stringContaining('http://localhost:3000/**'),
    ]);
    const draft = redirects.getByLabelText('New redirect URL');
    await user.type(draft, 'not a url{Enter}');
    expect(redirects.getByRole('alert').textContent).toContain('"not a url" must be a URL or a pattern');
    expect(patches()).toHaveLength(0);
    await user.clear(draft);
    await user.type(draft, 'https://*-acme.vercel.app/**');
    await user.click(redirects.getByRole('button', { name: 'Add URL' }));
    await user.click(redirects.getByRole('button', { name: 'Remove http://localhost:3000/**' }));
    expect(redirects.getAllByRole('listitem')).toHaveLength(2);
    await user.click(redirects.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({ URI_ALLOW_LIST: 'https://app.example.com/callback,https://*-acme.vercel.app/**' });
  });

  it('refuses a site URL that is not one, and saves the JWT expiry', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<UrlConfigurationPage />, 'url-configuration');
    const site = await section('Site URL');
    await user.clear(site.getByLabelText('Site URL'));
    await user.type(site.getByLabelText('Site URL'), 'app.example.com');
    await user.click(site.getByRole('button', { name: 'Save' }));
    expect(await site.findByText('Site URL must be a valid URL')).toBeTruthy();
    expect(patches()).toHaveLength(0);

    const tokens = await section('Access tokens');
    await user.clear(tokens.getByLabelText('JWT expiry (seconds)'));
    await user.type(tokens.getByLabelText('JWT expiry (seconds)'), '900');
    await user.click(tokens.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({ JWT_EXP: 900 });
  });
});

describe('emails page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the defaults, lists the placeholders and keeps an unchanged body as the default', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<EmailTemplatesPage />, 'templates');
    const confirm = await section('Confirm signup');
    expect(screen.getByText('{{ .ConfirmationURL }}')).toBeTruthy();
    expect(screen.getByText('{{ .Token }}')).toBeTruthy();
    expect(confirm.getByLabelText('Subject')).toHaveProperty('value', DEFAULT_AUTH_EMAIL_TEMPLATES.confirmation.subject);
    expect(confirm.getByLabelText('Body (HTML)')).toHaveProperty('value', DEFAULT_AUTH_EMAIL_TEMPLATES.confirmation.content);
    expect(confirm.getByRole('button', { name: 'Reset to default' })).toHaveProperty('disabled', true);
    await user.clear(confirm.getByLabelText('Subject'));
    await user.type(confirm.getByLabelText('Subject'), 'Welcome to Acme');
    await user.click(confirm.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({ MAILER_SUBJECTS_CONFIRMATION: 'Welcome to Acme', MAILER_TEMPLATES_CONFIRMATION_CONTENT: null });
  });

  it('resets a changed email to the default with nulls', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<EmailTemplatesPage />, 'templates');
    const recovery = await section('Reset password');
    expect(recovery.getByLabelText('Subject')).toHaveProperty('value', 'Your Acme password');
    await user.click(recovery.getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({ MAILER_SUBJECTS_RECOVERY: null, MAILER_TEMPLATES_RECOVERY_CONTENT: null });
    await waitFor(() => expect(recovery.getByLabelText('Subject')).toHaveProperty('value', DEFAULT_AUTH_EMAIL_TEMPLATES.recovery.subject));
  });

  it('is read-only for members who may not change project settings', async () => {
    renderSettings(<EmailTemplatesPage />, 'templates', 'Developer');
    const form = await screen.findByRole('form', { name: 'Reset password' });
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Reset to default' })).toHaveProperty('disabled', true));
    expect(within(form).getByLabelText('Body (HTML)')).toHaveProperty('disabled', true);
  });
});

describe('other auth settings pages', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('limits anonymous sign-ins per hour', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<RateLimitsPage />, 'rate-limits');
    const anonymous = await screen.findByLabelText('Anonymous sign-ins per hour');
    await waitFor(() => expect(anonymous).toHaveProperty('disabled', false));
    await user.clear(anonymous);
    await user.type(anonymous, '100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ RATE_LIMIT_ANONYMOUS_USERS: 100, RATE_LIMIT_EMAIL_SENT: 30 });
  });

  it('limits sign-ups and sign-ins per 5 minutes, refusing 0 with the core message', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<RateLimitsPage />, 'rate-limits');
    const signIns = await screen.findByLabelText('Sign-ups and sign-ins per 5 minutes');
    await waitFor(() => expect(signIns).toHaveProperty('disabled', false));
    expect(signIns).toHaveProperty('value', '30');
    expect(screen.getByText(/also counted per account/)).toBeTruthy();
    await user.clear(signIns);
    await user.type(signIns, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sign-ups and sign-ins per 5 minutes must be at least 1')).toBeTruthy();
    expect(patches()).toHaveLength(0);
    await user.clear(signIns);
    await user.type(signIns, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ RATE_LIMIT_OTP: 10, RATE_LIMIT_TOKEN_REFRESH: 150, RATE_LIMIT_VERIFY: 30 });
  });

  it('keeps the stored SMTP password when the field is empty', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<SmtpPage />, 'smtp');
    const host = await screen.findByLabelText('Host');
    await waitFor(() => expect(host).toHaveProperty('disabled', false));
    await user.type(host, 'smtp.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    const body = patches()[0]!;
    expect(body.SMTP_HOST).toBe('smtp.example.com');
    expect(body.SMTP_USER).toBeNull();
    expect('SMTP_PASS' in body).toBe(false);
  });

  it('turns the custom access token hook on with its function, refusing what is not one', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<HooksPage />, 'hooks');
    const hook = await section('Customize Access Token (JWT) Claims');
    const uri = hook.getByLabelText('Postgres function');
    await user.click(hook.getByLabelText('Enable Customize Access Token (JWT) Claims hook'));
    await user.type(uri, 'https://hooks.example.com');
    await user.click(hook.getByRole('button', { name: 'Save' }));
    expect(await hook.findByText('The hook must be a Postgres function: pg-functions://postgres/<schema>/<function>')).toBeTruthy();
    expect(patches()).toHaveLength(0);
    await user.clear(uri);
    await user.type(uri, 'pg-functions://postgres/public/custom_access_token_hook');
    await user.click(hook.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: true,
      HOOK_CUSTOM_ACCESS_TOKEN_URI: 'pg-functions://postgres/public/custom_access_token_hook',
    });
    // Each hook is its own card, saved on its own.
    expect(await section('Password Verification Attempt')).toBeTruthy();
    expect(await section('MFA Verification Attempt')).toBeTruthy();
  });

  it('links every settings page from the tabs', async () => {
    renderSettings(<SmtpPage />, 'smtp');
    const nav = await screen.findByRole('navigation', { name: 'Authentication settings' });
    expect(within(nav).getByRole('link', { name: 'URL Configuration' }).getAttribute('href')).toBe(
      `/project/${PROJECT_REF}/auth/url-configuration`,
    );
    expect(within(nav).getByRole('link', { name: 'Emails' }).getAttribute('href')).toBe(`/project/${PROJECT_REF}/auth/templates`);
  });
});

describe('OAuth providers', () => {
  it('enables a provider with its client ID and secret, and shows the callback URL to register', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings(<EmailProviderPage />, 'providers', 'Owner', { EXTERNAL_GITLAB_SECRET_SET: true });
    // Each provider is folded: its summary says whether it is on.
    await section('Email provider');
    const folded = screen.getByText('GitHub', { selector: 'summary h2' });
    expect(folded.closest('summary')!.textContent).toContain('Disabled');
    await user.click(folded);
    const github = await section('GitHub');
    await user.click(github.getByLabelText(/Enable GitHub/));
    await user.type(github.getByLabelText('Client ID'), 'Iv1.abc');
    await user.type(github.getByLabelText('Client secret'), 'shh');
    await user.type(github.getByLabelText('GitHub Enterprise URL'), 'not a url');
    await user.click(github.getByRole('button', { name: 'Save' }));
    expect(await github.findByText('GitHub: GitHub Enterprise URL must be an http:// or https:// URL')).toBeTruthy();
    await user.clear(github.getByLabelText('GitHub Enterprise URL'));
    await user.click(github.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      EXTERNAL_GITHUB_ENABLED: true,
      EXTERNAL_GITHUB_CLIENT_ID: 'Iv1.abc',
      EXTERNAL_GITHUB_SECRET: 'shh',
      EXTERNAL_GITHUB_URL: null,
    });
    expect(github.getByLabelText<HTMLInputElement>('Callback URL (for OAuth)').value).toBe(
      `http://${PROJECT_REF}.basin.test/auth/v1/callback`,
    );
    // A stored secret is never shown, only that there is one.
    await user.click(screen.getByText('GitLab', { selector: 'summary h2' }));
    const gitlab = await section('GitLab');
    expect(gitlab.getByLabelText<HTMLInputElement>('Client secret')).toMatchObject({
      value: '',
      placeholder: 'Set: type a new one to replace it',
    });
  });

  it('leaves the providers read-only without the permission to change settings', async () => {
    renderSettings(<EmailProviderPage />, 'providers', 'Read-only');
    const form = await screen.findByRole('form', { name: 'Keycloak' });
    expect(within(form).getByLabelText<HTMLInputElement>('Realm URL').disabled).toBe(true);
  });
});

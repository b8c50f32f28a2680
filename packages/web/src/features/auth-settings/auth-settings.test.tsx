import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@basin/core';
import type { AuthConfig } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { EmailProviderPage, SmtpPage } from './auth-settings-pages';

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
  updated_at: '2026-03-01T00:00:00.000Z',
};
const PATH = `/api/platform/auth/${PROJECT_REF}/config`;

function renderSettings(element: React.ReactNode, page: string, role: Role = 'Owner') {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${PATH}`]: json(CONFIG),
    [`PATCH ${PATH}`]: (request) => json({ ...CONFIG, ...(request.body as object) }),
  });
  renderAt(`/project/:ref/auth/${page}`, element, `/project/${PROJECT_REF}/auth/${page}`);
  return api;
}

describe('auth settings', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('saves the email settings with numbers and booleans', async () => {
    const user = userEvent.setup();
    const { calls } = renderSettings(<EmailProviderPage />, 'providers');
    const expiry = await screen.findByLabelText('Email OTP expiration (seconds)');
    await waitFor(() => expect(expiry).toHaveProperty('disabled', false));
    await user.clear(expiry);
    await user.type(expiry, '3600');
    await user.click(screen.getByLabelText(/Leaked password protection/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ MAILER_OTP_EXP: 3600, PASSWORD_HIBP_ENABLED: true, PASSWORD_MIN_LENGTH: 6 });
  });

  it('shows the validation message of the core schema', async () => {
    const user = userEvent.setup();
    const { calls } = renderSettings(<EmailProviderPage />, 'providers');
    const length = await screen.findByLabelText('Minimum password length');
    await waitFor(() => expect(length).toHaveProperty('disabled', false));
    await user.clear(length);
    await user.type(length, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Minimum password length must be at least 6')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('keeps the stored SMTP password when the field is empty', async () => {
    const user = userEvent.setup();
    const { calls } = renderSettings(<SmtpPage />, 'smtp');
    const host = await screen.findByLabelText('Host');
    await waitFor(() => expect(host).toHaveProperty('disabled', false));
    await user.type(host, 'smtp.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const body = calls.find((call) => call.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body.SMTP_HOST).toBe('smtp.example.com');
    expect(body.SMTP_USER).toBeNull();
    expect('SMTP_PASS' in body).toBe(false);
  });

  it('is read-only for members who may not change project settings', async () => {
    renderSettings(<EmailProviderPage />, 'providers', 'Developer');
    const expiry = await screen.findByLabelText('Email OTP expiration (seconds)');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true));
    expect(expiry).toHaveProperty('disabled', true);
  });
});

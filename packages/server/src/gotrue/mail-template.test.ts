import { DEFAULT_AUTH_EMAIL_TEMPLATES } from '@basin/core';
import { describe, expect, it } from 'vitest';
import type { AuthSettingsRow } from '../store/auth-settings.ts';
import { type AuthEmailValues, renderAuthEmail, renderTemplate } from './mail-template.ts';

const values: AuthEmailValues = {
  ConfirmationURL: 'http://localhost/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2Fapp.test%2F',
  Token: '123456',
  TokenHash: 'abc',
  SiteURL: 'http://app.test',
  Email: 'a<b>@example.com',
  NewEmail: 'new@example.com',
  RedirectTo: 'http://app.test/welcome?x=1&y=2',
  Data: { name: 'Zoë "Z"', nested: { level: 2 } },
};

const settings = (overrides: Partial<AuthSettingsRow> = {}) =>
  ({
    mailer_subjects_confirmation: null,
    mailer_templates_confirmation_content: null,
    mailer_subjects_invite: null,
    mailer_templates_invite_content: null,
    ...overrides,
  }) as AuthSettingsRow;

describe('auth email templates', () => {
  it('fills every placeholder, with or without spaces inside the braces', () => {
    const text = renderTemplate(
      '{{ .Token }}|{{.TokenHash}}|{{  .SiteURL  }}|{{ .NewEmail }}|{{ .Data.name }}|{{ .Data.nested.level }}',
      values,
      false,
    );
    expect(text).toBe('123456|abc|http://app.test|new@example.com|Zoë "Z"|2');
  });

  it('escapes values for HTML in the body, and keeps the link as a URL', () => {
    const html = renderTemplate('<a href="{{ .ConfirmationURL }}">{{ .Email }}</a> {{ .Data.name }}', values, true);
    expect(html).toBe(
      '<a href="http://localhost/auth/v1/verify?token=abc&amp;type=signup&amp;redirect_to=http%3A%2F%2Fapp.test%2F">a&lt;b&gt;@example.com</a> Zoë &#34;Z&#34;',
    );
  });

  it('leaves unknown placeholders empty and other text alone', () => {
    expect(renderTemplate('a{{ .Nope }}b{{ .Data.missing }}c{{ .Data }}d {{ not a placeholder }} {{ .constructor }}', values, true)).toBe(
      'abcd {{ not a placeholder }} ',
    );
  });

  it("uses the project's template, else core's default, and keeps the subject on one line", () => {
    const custom = renderAuthEmail(
      settings({
        mailer_subjects_confirmation: 'Welcome {{ .Email }}\r\nBcc: x',
        mailer_templates_confirmation_content: '<p>{{ .Token }}</p>',
      }),
      'confirmation',
      values,
    );
    expect(custom).toEqual({ subject: 'Welcome a<b>@example.com Bcc: x', html: '<p>123456</p>' });
    const fallback = renderAuthEmail(settings(), 'invite', values);
    expect(fallback.subject).toBe(DEFAULT_AUTH_EMAIL_TEMPLATES.invite.subject);
    expect(fallback.html).toContain('href="http://localhost/auth/v1/verify?token=abc&amp;type=signup');
    expect(fallback.html).toContain('<strong>123456</strong>');
  });
});

import { describe, expect, it } from 'vitest';
import { AUTH_EMAIL_KINDS, AUTH_EMAIL_LABELS, AUTH_EMAIL_PLACEHOLDERS, DEFAULT_AUTH_EMAIL_TEMPLATES } from './auth-email-templates.ts';

describe('default auth email templates', () => {
  it('has a subject and a body for every kind', () => {
    expect(Object.keys(DEFAULT_AUTH_EMAIL_TEMPLATES).sort()).toEqual([...AUTH_EMAIL_KINDS].sort());
    expect(Object.keys(AUTH_EMAIL_LABELS).sort()).toEqual([...AUTH_EMAIL_KINDS].sort());
    expect(DEFAULT_AUTH_EMAIL_TEMPLATES.confirmation.subject).toBe('Confirm your signup');
    expect(DEFAULT_AUTH_EMAIL_TEMPLATES.recovery.subject).toBe('Reset your password');
    expect(DEFAULT_AUTH_EMAIL_TEMPLATES.magic_link.subject).toBe('Your magic link');
    expect(DEFAULT_AUTH_EMAIL_TEMPLATES.email_change.subject).toBe('Confirm email change');
    expect(DEFAULT_AUTH_EMAIL_TEMPLATES.invite.subject).toBe('You have been invited');
  });

  it.each(AUTH_EMAIL_KINDS.filter((kind) => kind !== 'reauthentication'))('gives %s both the link and the code', (kind) => {
    const { subject, content } = DEFAULT_AUTH_EMAIL_TEMPLATES[kind];
    expect(subject.length).toBeGreaterThan(0);
    expect(subject.length).toBeLessThanOrEqual(255);
    expect(content).toContain('href="{{ .ConfirmationURL }}"');
    expect(content).toContain('{{ .Token }}');
  });

  it('gives reauthentication the code alone: it is typed in, there is no link to follow', () => {
    const { content } = DEFAULT_AUTH_EMAIL_TEMPLATES.reauthentication;
    expect(content).toContain('{{ .Token }}');
    expect(content).not.toContain('{{ .ConfirmationURL }}');
  });

  it('tells the new address when the email changes', () => {
    expect(DEFAULT_AUTH_EMAIL_TEMPLATES.email_change.content).toContain('{{ .NewEmail }}');
  });

  it('uses only the documented placeholders', () => {
    const known = new Set<string>(AUTH_EMAIL_PLACEHOLDERS.map((p) => p.name));
    for (const { content } of Object.values(DEFAULT_AUTH_EMAIL_TEMPLATES)) {
      for (const used of content.match(/\{\{[^}]*\}\}/g) ?? []) expect(known).toContain(used);
    }
  });
});

/**
 * The auth emails' subject and body from the project's templates (or core's defaults), with
 * Supabase's Go-template placeholders filled: `{{ .ConfirmationURL }}`, `{{ .Token }}`,
 * `{{ .TokenHash }}`, `{{ .SiteURL }}`, `{{ .Email }}`, `{{ .NewEmail }}`, `{{ .RedirectTo }}` and
 * `{{ .Data.key }}` (user metadata). The body is HTML, so its values are HTML-escaped (a link's
 * `&` becomes `&amp;`, which mail clients read back as `&`); the subject is plain text and takes
 * them as they are. A placeholder Basin does not know is left empty, as Go's templates render a
 * missing field.
 */
import { type AuthEmailKind, DEFAULT_AUTH_EMAIL_TEMPLATES } from '@basin/core';
import type { AuthSettingsRow } from '../store/auth-settings.ts';

export interface AuthEmailValues {
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  SiteURL: string;
  Email: string;
  NewEmail: string;
  RedirectTo: string;
  /** The user's metadata, for `{{ .Data.name }}`. */
  Data: Record<string, unknown>;
}

export interface RenderedEmail {
  subject: string;
  html: string;
}

const PLACEHOLDER = /\{\{\s*\.([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

function valueOf(values: AuthEmailValues, path: string): string {
  const [name, ...keys] = path.split('.');
  let value: unknown = name === 'Data' ? values.Data : Object.hasOwn(values, name!) ? values[name as keyof AuthEmailValues] : undefined;
  if (name === 'Data' && keys.length === 0) return '';
  for (const key of keys)
    value = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** `template` with its placeholders filled; `html` escapes the values for an HTML body. */
export function renderTemplate(template: string, values: AuthEmailValues, html: boolean): string {
  return template.replace(PLACEHOLDER, (_, path: string) => {
    const value = valueOf(values, path);
    return html ? escapeHtml(value) : value;
  });
}

/** The project's subject and body for `kind`, core's default where it set none. */
export function authEmailTemplate(settings: AuthSettingsRow, kind: AuthEmailKind): { subject: string; content: string } {
  const fallback = DEFAULT_AUTH_EMAIL_TEMPLATES[kind];
  return {
    subject: settings[`mailer_subjects_${kind}`] || fallback.subject,
    content: settings[`mailer_templates_${kind}_content`] || fallback.content,
  };
}

export function renderAuthEmail(settings: AuthSettingsRow, kind: AuthEmailKind, values: AuthEmailValues): RenderedEmail {
  const { subject, content } = authEmailTemplate(settings, kind);
  return {
    subject: renderTemplate(subject, values, false)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    html: renderTemplate(content, values, true),
  };
}

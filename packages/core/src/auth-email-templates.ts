/**
 * The emails the auth API (/auth/v1) sends, and their defaults. A project's own subject or body
 * (auth settings MAILER_SUBJECTS_<KIND>, MAILER_TEMPLATES_<KIND>_CONTENT) replaces the default;
 * null means the default. Bodies are HTML with Supabase's Go-template placeholders.
 */
export const AUTH_EMAIL_KINDS = ['confirmation', 'recovery', 'magic_link', 'email_change', 'invite', 'reauthentication'] as const;
export type AuthEmailKind = (typeof AUTH_EMAIL_KINDS)[number];

/** The placeholders a template may use, as Supabase names them. */
export const AUTH_EMAIL_PLACEHOLDERS = [
  { name: '{{ .ConfirmationURL }}', description: 'The link that confirms the action' },
  { name: '{{ .Token }}', description: 'The one-time code, for users who type it in instead' },
  { name: '{{ .TokenHash }}', description: 'A hashed form of the code, to build your own link' },
  { name: '{{ .SiteURL }}', description: "The project's Site URL" },
  { name: '{{ .Email }}', description: "The user's email address" },
  { name: '{{ .NewEmail }}', description: 'The new address (email change only)' },
  { name: '{{ .RedirectTo }}', description: 'Where the user goes after the link' },
] as const;

/** The dashboard's names of the emails. */
export const AUTH_EMAIL_LABELS: Record<AuthEmailKind, string> = {
  confirmation: 'Confirm signup',
  recovery: 'Reset password',
  magic_link: 'Magic link',
  email_change: 'Change email address',
  invite: 'Invite user',
  reauthentication: 'Reauthentication',
};

const body = (heading: string, text: string, linkText: string) =>
  `<h2>${heading}</h2>
<p>${text}</p>
<p><a href="{{ .ConfirmationURL }}">${linkText}</a></p>
<p>Or enter this code: <strong>{{ .Token }}</strong></p>`;

export const DEFAULT_AUTH_EMAIL_TEMPLATES: Record<AuthEmailKind, { subject: string; content: string }> = {
  confirmation: {
    subject: 'Confirm your signup',
    content: body('Confirm your signup', 'Follow this link to confirm {{ .Email }} and finish signing up:', 'Confirm my email address'),
  },
  recovery: {
    subject: 'Reset your password',
    content: body(
      'Reset your password',
      'Someone asked to reset the password of {{ .Email }}. If it was you, follow this link to choose a new one; otherwise ignore this email.',
      'Choose a new password',
    ),
  },
  magic_link: {
    subject: 'Your magic link',
    content: body('Your magic link', 'Follow this link to sign in as {{ .Email }}:', 'Sign in'),
  },
  email_change: {
    subject: 'Confirm email change',
    content: body(
      'Confirm your new email address',
      'Follow this link to change the email address of your account from {{ .Email }} to {{ .NewEmail }}:',
      'Change my email address',
    ),
  },
  invite: {
    subject: 'You have been invited',
    content: body(
      'You have been invited',
      'You have been invited to create an account on {{ .SiteURL }}. Follow this link to accept:',
      'Accept the invitation',
    ),
  },
  // A code only: the user types it where the app asks to confirm it is them.
  reauthentication: {
    subject: 'Confirm reauthentication',
    content: `<h2>Confirm it is you</h2>
<p>Enter this code to confirm the change to your account {{ .Email }}:</p>
<p><strong>{{ .Token }}</strong></p>`,
  },
};

import { Link, useParams } from 'react-router';
import { AUTH_EMAIL_PLACEHOLDERS } from '@basin/core';
import { Card } from '../../ui/card';
import { AuthSettingsPage } from './auth-settings-form';
import { CallbackUrl } from './callback-url';
import {
  EMAIL_SECTIONS,
  EMAIL_TEMPLATE_SECTIONS,
  HOOK_SECTIONS,
  MFA_SECTIONS,
  providerSections,
  RATE_LIMIT_FIELDS,
  SMTP_FIELDS,
  URL_CONFIGURATION_SECTIONS,
} from './auth-fields';

const PROVIDERS_SECTIONS = [...EMAIL_SECTIONS, ...providerSections(CallbackUrl)];

export const EmailProviderPage = () => (
  <AuthSettingsPage
    title="Providers"
    description="How users sign up and sign in: with an email address (confirmations, one-time passwords, password rules) or an OAuth and OpenID Connect provider."
    sections={PROVIDERS_SECTIONS}
  />
);
export const UrlConfigurationPage = () => (
  <AuthSettingsPage
    title="URL Configuration"
    description="Where the auth API sends users back to after a sign-in link, and how long their access tokens last (the JWT expiry is set on this page)."
    sections={URL_CONFIGURATION_SECTIONS}
  />
);
export const EmailTemplatesPage = () => (
  <AuthSettingsPage
    title="Emails"
    description="The subject and HTML body of each email the auth API sends. An email you have not changed uses Basin's default."
    sections={EMAIL_TEMPLATE_SECTIONS}
    intro={<PlaceholderNote />}
  />
);
export const MfaPage = () => (
  <AuthSettingsPage
    title="Multi-Factor Authentication"
    description="The second factors users may enroll, and passkeys to sign in with."
    sections={MFA_SECTIONS}
  />
);
export const RateLimitsPage = () => (
  <AuthSettingsPage
    title="Rate Limits"
    description="How often the auth API may be called. Past a limit it answers 429 until the window ends; every platform replica counts together."
    fields={RATE_LIMIT_FIELDS}
  />
);
export const HooksPage = () => (
  <AuthSettingsPage
    title="Auth Hooks"
    description="Postgres functions the auth API calls at a step of its work. A hook that fails makes that step fail: the auth logs record the failure, the platform log its reason."
    sections={HOOK_SECTIONS}
  />
);
export const SmtpPage = () => (
  <AuthSettingsPage title="SMTP Settings" description="Send auth emails through your own mail server." fields={SMTP_FIELDS} />
);

function PlaceholderNote() {
  const { ref = '' } = useParams();
  return (
    <Card>
      <Card.Content>
        <p className="mb-3 text-xs text-muted">
          Without an SMTP server these emails are not sent but kept in the{' '}
          <Link to={`/project/${ref}/auth/mailbox`} className="text-foreground underline underline-offset-2">
            Mailbox
          </Link>
          , where their links work as in your users' inboxes.
        </p>
        <h2 className="text-[13px] font-medium">Placeholders</h2>
        <p className="mt-0.5 text-xs text-muted">Subjects and bodies may use these, written as in Supabase templates:</p>
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-xs">
          {AUTH_EMAIL_PLACEHOLDERS.map((placeholder) => (
            <div key={placeholder.name} className="contents">
              <dt className="font-mono">{placeholder.name}</dt>
              <dd className="text-muted">{placeholder.description}</dd>
            </div>
          ))}
        </dl>
      </Card.Content>
    </Card>
  );
}

import { AuthSettingsPage } from './auth-settings-form';
import { EMAIL_FIELDS, MFA_FIELDS, RATE_LIMIT_FIELDS, SMTP_FIELDS } from './auth-fields';

export const EmailProviderPage = () => (
  <AuthSettingsPage title="Email" description="One-time passwords and password rules of the email provider." fields={EMAIL_FIELDS} />
);
export const MfaPage = () => <AuthSettingsPage title="Multi-Factor Authentication" description="The second factors users may enroll." fields={MFA_FIELDS} />;
export const RateLimitsPage = () => <AuthSettingsPage title="Rate Limits" description="How often auth endpoints may be called." fields={RATE_LIMIT_FIELDS} />;
export const SmtpPage = () => <AuthSettingsPage title="SMTP Settings" description="Send auth emails through your own mail server." fields={SMTP_FIELDS} />;

-- WebAuthn second factors and passkeys of a project's auth API, off by default as GoTrue has them
-- (GOTRUE_MFA_WEB_AUTHN_*, GOTRUE_PASSKEY_ENABLED). The relying party (GOTRUE_WEBAUTHN_RP_*) left
-- null is derived from the site URL and the project's name, so turning a switch on is enough.
alter table auth_settings
  add column mfa_web_authn_enroll_enabled boolean not null default false,
  add column mfa_web_authn_verify_enabled boolean not null default false,
  add column passkey_enabled boolean not null default false,
  add column webauthn_rp_id text,
  add column webauthn_rp_origins text,
  add column webauthn_rp_display_name text;

/**
 * The OAuth providers' part of a project's auth settings (GET/PATCH /platform/auth/{ref}/config):
 * answered without their secrets, and checked as a whole after a change, since a provider
 * switched on without what it needs would fail every sign-in later rather than at once.
 */
import { hasUrlSetting, OAUTH_PROVIDERS } from '@basin/core';
import type { AuthProviderConfig } from '@basin/core/schemas';
import { badRequest } from '../../kernel/errors.ts';
import type { AuthSettingsRow } from '../../store/auth-settings.ts';

type Stored = Record<string, unknown>;

/** The answer's provider settings: a secret only as whether one is stored. */
export function providerConfig(row: AuthSettingsRow): AuthProviderConfig {
  const stored: Stored = { ...row };
  const config: Stored = {};
  for (const { key } of OAUTH_PROVIDERS) {
    const [column, setting] = [`external_${key}`, `EXTERNAL_${key.toUpperCase()}`];
    config[`${setting}_ENABLED`] = stored[`${column}_enabled`];
    config[`${setting}_CLIENT_ID`] = stored[`${column}_client_id`];
    config[`${setting}_SECRET_SET`] = stored[`${column}_secret`] !== null;
    if (hasUrlSetting(key)) config[`${setting}_URL`] = stored[`${column}_url`];
  }
  return config as AuthProviderConfig;
}

export const isProviderSecretColumn = (column: string) => /^external_[a-z]+_secret$/.test(column);

/** Refuses settings that leave an enabled provider without its client ID, secret or (where required) URL. */
export function checkEnabledProviders(row: Stored): void {
  for (const { key, label, url } of OAUTH_PROVIDERS) {
    if (!row[`external_${key}_enabled`]) continue;
    const missing = [
      row[`external_${key}_client_id`] ? null : 'a client ID',
      row[`external_${key}_secret`] ? null : 'a secret',
      url?.required && !row[`external_${key}_url`] ? `the ${url.label}` : null,
    ].filter(Boolean);
    if (missing.length) throw badRequest(`${label} needs ${missing.join(' and ')} before it can be enabled`);
  }
}

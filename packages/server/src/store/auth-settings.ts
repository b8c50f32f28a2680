import type { Queryable } from './db.ts';

/** A project's auth settings as stored; smtp_pass is sealed. */
export interface AuthSettingsRow {
  mailer_otp_exp: number;
  sms_otp_length: number;
  password_min_length: number;
  password_hibp_enabled: boolean;
  password_required_characters: string;
  mfa_totp_enroll_enabled: boolean;
  mfa_totp_verify_enabled: boolean;
  mfa_phone_enroll_enabled: boolean;
  mfa_phone_verify_enabled: boolean;
  mfa_max_enrolled_factors: number;
  smtp_admin_email: string | null;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_user: string | null;
  smtp_pass: string | null;
  smtp_sender_name: string | null;
  smtp_max_frequency: number;
  rate_limit_email_sent: number;
  rate_limit_sms_sent: number;
  rate_limit_verify: number;
  rate_limit_token_refresh: number;
  rate_limit_otp: number;
  updated_at: Date;
}

export type AuthSettingsColumn = Exclude<keyof AuthSettingsRow, 'updated_at'>;

/**
 * The project's settings; a project nobody configured yet gets its row of defaults here, so the
 * defaults live in the migration alone.
 */
export async function read(db: Queryable, ref: string): Promise<AuthSettingsRow> {
  const { rows } = await db.query<AuthSettingsRow>(
    `with made as (insert into auth_settings (project_ref) values ($1) on conflict (project_ref) do nothing returning *)
     select * from made union all select * from auth_settings where project_ref = $1`,
    [ref],
  );
  return rows[0] ?? read(db, ref); // another request made the row after this one's snapshot
}

/** Writes the given columns (names from the caller's fixed list, values as parameters). */
export async function update(db: Queryable, ref: string, changes: Partial<Record<AuthSettingsColumn, unknown>>): Promise<void> {
  const columns = Object.keys(changes) as AuthSettingsColumn[];
  if (columns.length === 0) return;
  const names = columns.join(', ');
  const values = columns.map((_, i) => `$${i + 2}`).join(', ');
  const sets = columns.map((column) => `${column} = excluded.${column}`).join(', ');
  await db.query(
    `insert into auth_settings (project_ref, ${names}) values ($1, ${values})
     on conflict (project_ref) do update set ${sets}, updated_at = now()`,
    [ref, ...columns.map((column) => changes[column])],
  );
}

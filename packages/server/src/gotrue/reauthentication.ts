/**
 * What a password change asks of the session making it, as GoTrue asks it: with MFA on, an aal2
 * session; with secure password change on (SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION), a
 * session signed in within the last day or the code `GET /reauthenticate` mailed (the `nonce`),
 * valid for MAILER_OTP_EXP seconds and used once.
 */
import type pg from 'pg';
import type { AuthContext } from './context.ts';
import { AuthApiError, badRequest, unprocessable } from './errors.ts';
import { sendAuthEmail, tokenHash } from './mail.ts';
import type { UserRow } from './users.ts';

/** A session this recent changes the password without a code. */
const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000;

export const INVALID_NONCE = 'Nonce has expired or is invalid';

/** Mails the user a reauthentication code. */
export async function sendReauthentication(client: pg.ClientBase, auth: AuthContext, user: UserRow): Promise<void> {
  if (!user.email) throw unprocessable('Reauthentication requires the user to have an email or a phone number');
  if (!user.email_confirmed_at) throw badRequest('Please verify your email first.');
  await sendAuthEmail(client, auth, { kind: 'reauthentication', user, redirectTo: auth.settings.site_url });
}

interface SessionState {
  created_at: Date;
  aal: string | null;
  verified_factors: number;
  reauthentication_token: string | null;
  reauthentication_age: number | null;
}

/** Refuses a change of password or email the session may not make; uses up the nonce it checked. */
export async function checkSensitiveUpdate(
  client: pg.ClientBase,
  auth: AuthContext,
  user: UserRow,
  sessionId: string,
  change: { password: boolean; email: boolean; nonce: string | undefined },
): Promise<void> {
  if (!change.password && !change.email) return;
  const { rows } = await client.query<SessionState>(
    `select s.created_at, s.aal::text as aal,
       (select count(*)::int from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified') as verified_factors,
       u.reauthentication_token, extract(epoch from now() - u.reauthentication_sent_at)::float8 as reauthentication_age
     from auth.users u join auth.sessions s on s.user_id = u.id where u.id = $1 and s.id = $2 for update of u`,
    [user.id, sessionId],
  );
  const state = rows[0];
  if (!state) throw new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  if (state.verified_factors > 0 && state.aal !== 'aal2') {
    throw new AuthApiError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
  }
  if (!change.password || !auth.settings.security_update_password_require_reauthentication) return;
  if (Date.now() - state.created_at.getTime() < RECENT_SIGN_IN_MS) return;
  if (!change.nonce) throw badRequest('Password update requires reauthentication', 'reauthentication_needed');
  const expired = state.reauthentication_age === null || state.reauthentication_age > auth.settings.mailer_otp_exp;
  if (!state.reauthentication_token || expired || tokenHash(user.email ?? '', change.nonce) !== state.reauthentication_token) {
    throw badRequest(INVALID_NONCE, 'reauthentication_not_valid');
  }
  await client.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [user.id]);
}

/**
 * MFA factors as GoTrue runs them: enroll (TOTP: a secret, its otpauth:// URI and a QR code),
 * challenge, verify (the session steps up to aal2, with `totp` or `mfa/webauthn` in its amr) and
 * unenroll (its sessions step down). TOTP codes are RFC 6238 with otpauth: SHA-1, 6 digits, 30
 * seconds, one step of skew either way; WebAuthn's ceremonies are in mfa-webauthn.ts. Basin sends
 * no SMS: phone factors answer GoTrue's "disabled".
 */
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { Secret, TOTP } from 'otpauth';
import type pg from 'pg';
import QRCode from 'qrcode';
import { audit } from './audit.ts';
import type { AuthContext } from './context.ts';
import { isUuid } from '../kernel/uuid.ts';
import type { CurrentUser } from './current-user.ts';
import { withAuthTransaction } from './db.ts';
import { attemptDecision } from './hooks.ts';
import { AuthApiError, badRequest, forbidden, notFound, unprocessable } from './errors.ts';
import { type Body, stringField } from './request.ts';
import { stepUpSession } from './mfa-step-up.ts';
import type { SessionJson } from './sessions.ts';
import type { AdminActor } from './admin-users.ts';
import { checkWebauthnAnswer, webauthnAnswer, webauthnChallenge } from './mfa-webauthn.ts';
import { findUserById, type FactorJson } from './users.ts';
import type { Ceremony, StoredCredential } from './webauthn.ts';

/** GoTrue's defaults: a challenge and an unverified factor last five minutes; ten verified factors at most. */
const CHALLENGE_SECONDS = 300;
const UNVERIFIED_FACTOR_SECONDS = 300;
const MAX_VERIFIED_FACTORS = 10;

const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

export type EnrolledFactor =
  | { id: string; type: 'totp'; friendly_name: string; totp: { qr_code: string; secret: string; uri: string } }
  | { id: string; type: 'webauthn'; friendly_name: string };

interface FactorRow {
  id: string;
  factor_type: FactorJson['factor_type'];
  status: FactorJson['status'];
  secret: string | null;
  web_authn_credential: StoredCredential | null;
}

/** The settings and GoTrue's words for each factor type Basin can enroll and verify. */
const FACTOR_TYPES = {
  totp: {
    name: 'TOTP',
    enroll: ['mfa_totp_enroll_enabled', 'mfa_totp_enroll_not_enabled'],
    verification: ['mfa_totp_verify_enabled', 'mfa_totp_verify_not_enabled'],
  },
  webauthn: {
    name: 'WebAuthn',
    enroll: ['mfa_web_authn_enroll_enabled', 'mfa_webauthn_enroll_not_enabled'],
    verification: ['mfa_web_authn_verify_enabled', 'mfa_webauthn_verify_not_enabled'],
  },
} as const;
type FactorType = keyof typeof FACTOR_TYPES;

/** The amr method a factor of each type gives the sessions it verifies. */
const AMR_METHODS: Record<FactorJson['factor_type'], string> = { totp: 'totp', phone: 'mfa/phone', webauthn: 'mfa/webauthn' };

/** A challenge's address: the client's, or a stand-in where it has none that inet can hold. */
const challengeAddress = (ip: string) => (isIP(ip) ? ip : '0.0.0.0');

const maxFactorsReached = () =>
  forbidden('Maximum number of verified factors reached, unenroll to continue', 'too_many_enrolled_mfa_factors');

/** The factor type when this project enrolls or verifies it; GoTrue's refusal otherwise. */
function requireFactorType(auth: AuthContext, type: string | undefined, step: 'enroll' | 'verification'): FactorType {
  if (type === 'phone') throw unprocessable(`MFA ${step} is disabled for Phone`, 'mfa_phone_enroll_not_enabled');
  if (type !== 'totp' && type !== 'webauthn') throw badRequest('factor_type needs to be totp, phone or webauthn');
  const [setting, code] = FACTOR_TYPES[type][step];
  if (!auth.settings[setting]) throw unprocessable(`MFA ${step} is disabled for ${FACTOR_TYPES[type].name}`, code);
  return type;
}

/** The aal of the request's session, as auth.sessions keeps it. */
export async function sessionAal(client: pg.ClientBase, sessionId: string): Promise<string | null> {
  const { rows } = await client.query<{ aal: string | null }>('select aal::text from auth.sessions where id = $1', [sessionId]);
  return rows[0]?.aal ?? null;
}

/** The user's own factor, locked; GoTrue's 404 for any other id. */
async function ownFactor(client: pg.ClientBase, userId: string, factorId: string): Promise<FactorRow> {
  const { rows } = await client.query<FactorRow>(
    `select id, factor_type::text, status::text, secret, web_authn_credential from auth.mfa_factors
      where id = $2::uuid and user_id = $1
        for update`,
    [userId, isUuid(factorId) ? factorId : null],
  );
  if (!rows[0]) throw notFound('Factor not found', 'mfa_factor_not_found');
  return rows[0];
}

/**
 * `POST /factors`: a new unverified factor, a TOTP one with its secret shown this once; a WebAuthn
 * one gets its credential at its first challenge.
 */
export async function enrollFactor(auth: AuthContext, signedIn: CurrentUser, body: Body): Promise<EnrolledFactor> {
  const type = requireFactorType(auth, stringField(body, 'factor_type'), 'enroll');
  const friendlyName = stringField(body, 'friendly_name') ?? '';
  if (type === 'webauthn') return { id: await insertFactor(auth, signedIn, type, friendlyName, null), type, friendly_name: friendlyName };
  const issuer = stringField(body, 'issuer') || new URL(auth.settings.site_url).host;
  const totp = new TOTP({ ...TOTP_OPTIONS, issuer, label: signedIn.user.email ?? '', secret: new Secret({ size: 20 }) });
  const uri = totp.toString();
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H' });
  const id = await insertFactor(auth, signedIn, type, friendlyName, totp.secret.base32);
  return { id, type, friendly_name: friendlyName, totp: { qr_code: qrCode, secret: totp.secret.base32, uri } };
}

/** The new factor's id, within the user's limits; a second factor only from an aal2 session. */
async function insertFactor(
  auth: AuthContext,
  { user, claims }: CurrentUser,
  type: FactorType,
  friendlyName: string,
  secret: string | null,
): Promise<string> {
  const id = randomUUID();
  await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    await client.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`,
      [user.id, UNVERIFIED_FACTOR_SECONDS],
    );
    const { rows } = await client.query<{ total: number; verified: number }>(
      `select count(*)::int as total, count(*) filter (where status = 'verified')::int as verified from auth.mfa_factors where user_id = $1`,
      [user.id],
    );
    const { total, verified } = rows[0]!;
    if (total >= auth.settings.mfa_max_enrolled_factors || verified >= MAX_VERIFIED_FACTORS) throw maxFactorsReached();
    if (verified > 0 && (await sessionAal(client, claims.session_id)) !== 'aal2')
      throw forbidden('AAL2 required to enroll a new factor', 'insufficient_aal');
    const inserted = await client
      .query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, $4, 'unverified', now(), now(), $5)`,
        [id, user.id, friendlyName, type, secret],
      )
      .catch((error: unknown) => {
        if ((error as { code?: string }).code !== '23505') throw error;
        return undefined;
      });
    if (!inserted)
      throw unprocessable(
        `A factor with the friendly name "${friendlyName}" for this user likely already exists`,
        'mfa_factor_name_conflict',
      );
    await audit(client, {
      action: 'factor_in_progress',
      actorId: user.id,
      actorUsername: user.email,
      ip: auth.ip,
      traits: { factor_id: id, factor_type: type },
    });
  });
  return id;
}

/**
 * `POST /factors/{id}/challenge`: a challenge of the factor, answered from this address within
 * CHALLENGE_SECONDS. A WebAuthn one carries the options for the browser; the rpId and origins a
 * client sends are not used, as GoTrue uses only its own relying party.
 */
export async function challengeFactor(auth: AuthContext, { user }: CurrentUser, factorId: string) {
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const factor = await ownFactor(client, user.id, factorId);
    const type = requireFactorType(auth, factor.factor_type, 'verification');
    const webauthn = type === 'webauthn' ? await webauthnChallenge(auth, client, user, factor) : undefined;
    const { rows } = await client.query<{ id: string; expires_at: number }>(
      `with challenge as (
         insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data)
         values (gen_random_uuid(), $1, now(), $2::inet, $4::jsonb)
         returning id, created_at
       ), touched as (
         update auth.mfa_factors set last_challenged_at = clock_timestamp(), updated_at = now() where id = $1
       )
       select id, extract(epoch from created_at + make_interval(secs => $3))::bigint::int as expires_at from challenge`,
      [factor.id, challengeAddress(auth.ip), CHALLENGE_SECONDS, webauthn ? JSON.stringify(webauthn.ceremony) : null],
    );
    await audit(client, {
      action: 'challenge_created',
      actorId: user.id,
      actorUsername: user.email,
      ip: auth.ip,
      traits: { factor_id: factor.id, factor_status: factor.status },
    });
    return { id: rows[0]!.id, type: factor.factor_type, expires_at: rows[0]!.expires_at, ...(webauthn && { webauthn: webauthn.webauthn }) };
  });
}

interface ChallengeRow {
  id: string;
  verified_at: Date | null;
  ip_address: string;
  expired: boolean;
  web_authn_session_data: Ceremony | null;
}

/**
 * What verifying checks, by factor type: a TOTP code, or a WebAuthn answer to the challenge's
 * ceremony (which brings the credential to store). The body is refused before any challenge is.
 */
function answerCheck(auth: AuthContext, type: FactorType, factor: FactorRow, body: Body) {
  if (type === 'webauthn') {
    const answer = webauthnAnswer(body);
    return async (challenge: ChallengeRow) => {
      const checked = await checkWebauthnAnswer(auth, factor, challenge.web_authn_session_data, answer);
      return { valid: checked !== undefined, checked, failure: 'Failed to validate WebAuthn MFA response' };
    };
  }
  const code = stringField(body, 'code') ?? '';
  if (!code) throw badRequest('Code needs to be non-empty');
  return async () => {
    const totp = new TOTP({ ...TOTP_OPTIONS, secret: Secret.fromBase32(factor.secret ?? '') });
    return { valid: totp.validate({ token: code.trim(), window: 1 }) !== null, checked: undefined, failure: 'Invalid TOTP code entered' };
  };
}

/**
 * `POST /factors/{id}/verify`: a code or WebAuthn answer of the factor for one of its challenges.
 * The factor becomes verified (a WebAuthn one with its credential; a later assertion stores the
 * credential's new counter), the session aal2 with a new refresh token, the user's other aal1
 * sessions end and their other unverified factors of the type go, as GoTrue does.
 */
export async function verifyFactor(auth: AuthContext, { user, claims }: CurrentUser, factorId: string, body: Body): Promise<SessionJson> {
  const challengeId = stringField(body, 'challenge_id') ?? '';
  const outcome = await withAuthTransaction(auth.ctx, auth.project, async (client): Promise<SessionJson | { refused: AuthApiError }> => {
    const factor = await ownFactor(client, user.id, factorId);
    const type = requireFactorType(auth, factor.factor_type, 'verification');
    const check = answerCheck(auth, type, factor, body);
    const { rows } = await client.query<ChallengeRow>(
      `select id, verified_at, host(ip_address) as ip_address, created_at + make_interval(secs => $3) < now() as expired, web_authn_session_data
         from auth.mfa_challenges
        where id = $2::uuid and factor_id = $1
          for update`,
      [factor.id, isUuid(challengeId) ? challengeId : null, CHALLENGE_SECONDS],
    );
    const challenge = rows[0];
    if (!challenge) throw notFound('MFA factor with the provided challenge ID not found', 'mfa_factor_not_found');
    // Ambiguous on purpose, as GoTrue's: it does not say whether the challenge was already used.
    if (challenge.verified_at || challenge.ip_address !== challengeAddress(auth.ip))
      throw unprocessable('Challenge and verify IP addresses mismatch', 'mfa_ip_address_mismatch');
    if (challenge.expired)
      throw unprocessable(
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        'mfa_challenge_expired',
      );
    const { valid, checked, failure } = await check(challenge);
    const attempt = { user_id: user.id, factor_id: factor.id, factor_type: factor.factor_type, valid };
    const decision = await attemptDecision(auth, 'mfaVerificationAttempt', attempt, client);
    if (decision.reject) {
      // A rejected attempt signs the user out everywhere, committed with the refusal.
      await client.query('delete from auth.sessions where user_id = $1', [user.id]);
      return { refused: forbidden(decision.message, 'mfa_verification_rejected') };
    }
    if (!valid) throw new AuthApiError(422, 'mfa_verification_failed', failure);

    if (checked)
      await client.query(
        `update auth.mfa_factors set web_authn_credential = $2::jsonb, web_authn_aaguid = coalesce($3::uuid, web_authn_aaguid) where id = $1`,
        [factor.id, JSON.stringify(checked.credential), checked.aaguid],
      );
    await audit(client, {
      action: 'verification_attempted',
      actorId: user.id,
      actorUsername: user.email,
      ip: auth.ip,
      traits: { factor_id: factor.id, challenge_id: challenge.id, factor_type: factor.factor_type },
    });
    return stepUpSession(client, auth, { user, claims }, { id: factor.id, type, method: AMR_METHODS[type] }, challenge.id);
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}

/** `DELETE /factors/{id}`: a verified factor only from an aal2 session; its sessions step down to aal1. */
export async function unenrollFactor(auth: AuthContext, { user, claims }: CurrentUser, factorId: string): Promise<{ id: string }> {
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const factor = await ownFactor(client, user.id, factorId);
    if (factor.status === 'verified' && (await sessionAal(client, claims.session_id)) !== 'aal2')
      throw unprocessable('AAL2 required to unenroll verified factor', 'insufficient_aal');
    await removeFactor(client, factor);
    await audit(client, {
      action: 'factor_unenrolled',
      actorId: user.id,
      actorUsername: user.email,
      ip: auth.ip,
      traits: { factor_id: factor.id, factor_status: factor.status, session_id: claims.session_id },
    });
    return { id: factor.id };
  });
}

/** Deletes the factor; the sessions it raised to aal2 lose its amr claim and step down. */
async function removeFactor(client: pg.ClientBase, factor: Pick<FactorRow, 'id' | 'factor_type'>): Promise<void> {
  await client.query(
    `with raised as (
       update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1 returning id
     ), claims as (
       delete from auth.mfa_amr_claims where session_id in (select id from raised) and authentication_method = $2
     )
     delete from auth.mfa_factors where id = $1`,
    [factor.id, AMR_METHODS[factor.factor_type]],
  );
}

/** The admin's `GET /admin/users/{id}/factors`: the user's factors, as the user object lists them. */
export async function listFactors(auth: AuthContext, userId: string): Promise<FactorJson[]> {
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const user = await findUserById(client, userId);
    if (!user) throw notFound('User not found', 'user_not_found');
    return user.factors ?? [];
  });
}

/** The admin's `DELETE /admin/users/{id}/factors/{factorId}` (and the dashboard's): any factor, no aal needed. */
export async function deleteFactor(auth: AuthContext, userId: string, factorId: string, actor: AdminActor): Promise<FactorJson> {
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const user = await findUserById(client, userId);
    if (!user) throw notFound('User not found', 'user_not_found');
    const factor = await ownFactor(client, userId, factorId);
    const listed = user.factors?.find((entry) => entry.id === factor.id);
    await removeFactor(client, factor);
    await audit(client, {
      action: 'factor_deleted',
      actorId: actor.id,
      actorUsername: actor.username,
      ip: auth.ip,
      traits: { user_id: userId, factor_id: factor.id },
    });
    return listed!;
  });
}

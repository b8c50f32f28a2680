/**
 * TOTP factors as GoTrue runs them: enroll (a secret, its otpauth:// URI and a QR code), challenge,
 * verify (the session steps up to aal2, with `totp` in its amr) and unenroll (its sessions step
 * down). Codes are RFC 6238 with otpauth: SHA-1, 6 digits, 30 seconds, one step of skew either way.
 * Basin sends no SMS and has no WebAuthn factors yet: those types answer GoTrue's "disabled".
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
import { type SessionJson, sessionJson } from './sessions.ts';
import { type AmrEntry, newRefreshToken } from './tokens.ts';
import type { AdminActor } from './admin-users.ts';
import { findUserById, type FactorJson } from './users.ts';

/** GoTrue's defaults: a challenge and an unverified factor last five minutes; ten verified factors at most. */
const CHALLENGE_SECONDS = 300;
const UNVERIFIED_FACTOR_SECONDS = 300;
const MAX_VERIFIED_FACTORS = 10;

const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

export interface EnrolledFactor {
  id: string;
  type: 'totp';
  friendly_name: string;
  totp: { qr_code: string; secret: string; uri: string };
}

interface FactorRow {
  id: string;
  factor_type: FactorJson['factor_type'];
  status: FactorJson['status'];
  secret: string | null;
}

/** A challenge's address: the client's, or a stand-in where it has none that inet can hold. */
const challengeAddress = (ip: string) => (isIP(ip) ? ip : '0.0.0.0');

const maxFactorsReached = () =>
  forbidden('Maximum number of verified factors reached, unenroll to continue', 'too_many_enrolled_mfa_factors');

/** Refuses a factor type this install cannot enroll or verify, in GoTrue's words. */
function requireTotp(auth: AuthContext, type: string | undefined, step: 'enroll' | 'verification'): void {
  if (type === 'phone') throw unprocessable(`MFA ${step} is disabled for Phone`, 'mfa_phone_enroll_not_enabled');
  if (type === 'webauthn') throw unprocessable(`MFA ${step} is disabled for WebAuthn`, 'mfa_webauthn_enroll_not_enabled');
  if (type !== 'totp') throw badRequest('factor_type needs to be totp, phone or webauthn');
  const enabled = step === 'enroll' ? auth.settings.mfa_totp_enroll_enabled : auth.settings.mfa_totp_verify_enabled;
  if (!enabled)
    throw unprocessable(
      `MFA ${step} is disabled for TOTP`,
      step === 'enroll' ? 'mfa_totp_enroll_not_enabled' : 'mfa_totp_verify_not_enabled',
    );
}

/** The aal of the request's session, as auth.sessions keeps it. */
async function sessionAal(client: pg.ClientBase, sessionId: string): Promise<string | null> {
  const { rows } = await client.query<{ aal: string | null }>('select aal::text from auth.sessions where id = $1', [sessionId]);
  return rows[0]?.aal ?? null;
}

/** The user's own factor, locked; GoTrue's 404 for any other id. */
async function ownFactor(client: pg.ClientBase, userId: string, factorId: string): Promise<FactorRow> {
  const { rows } = await client.query<FactorRow>(
    `select id, factor_type::text, status::text, secret from auth.mfa_factors
      where id = $2::uuid and user_id = $1
        for update`,
    [userId, isUuid(factorId) ? factorId : null],
  );
  if (!rows[0]) throw notFound('Factor not found', 'mfa_factor_not_found');
  return rows[0];
}

/** `POST /factors`: a new unverified TOTP factor, its secret shown this once. */
export async function enrollFactor(auth: AuthContext, { user, claims }: CurrentUser, body: Body): Promise<EnrolledFactor> {
  requireTotp(auth, stringField(body, 'factor_type'), 'enroll');
  const friendlyName = stringField(body, 'friendly_name') ?? '';
  const issuer = stringField(body, 'issuer') || new URL(auth.settings.site_url).host;
  const totp = new TOTP({ ...TOTP_OPTIONS, issuer, label: user.email ?? '', secret: new Secret({ size: 20 }) });
  const uri = totp.toString();
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H' });
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
         values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [id, user.id, friendlyName, totp.secret.base32],
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
      traits: { factor_id: id },
    });
  });
  return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret: totp.secret.base32, uri } };
}

/** `POST /factors/{id}/challenge`: a challenge of the factor, answered from this address within CHALLENGE_SECONDS. */
export async function challengeFactor(auth: AuthContext, { user }: CurrentUser, factorId: string) {
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const factor = await ownFactor(client, user.id, factorId);
    requireTotp(auth, factor.factor_type, 'verification');
    const { rows } = await client.query<{ id: string; expires_at: number }>(
      `with challenge as (
         insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values (gen_random_uuid(), $1, now(), $2::inet)
         returning id, created_at
       ), touched as (
         update auth.mfa_factors set last_challenged_at = clock_timestamp(), updated_at = now() where id = $1
       )
       select id, extract(epoch from created_at + make_interval(secs => $3))::bigint::int as expires_at from challenge`,
      [factor.id, challengeAddress(auth.ip), CHALLENGE_SECONDS],
    );
    await audit(client, {
      action: 'challenge_created',
      actorId: user.id,
      actorUsername: user.email,
      ip: auth.ip,
      traits: { factor_id: factor.id, factor_status: factor.status },
    });
    return { id: rows[0]!.id, type: factor.factor_type, expires_at: rows[0]!.expires_at };
  });
}

interface ChallengeRow {
  id: string;
  verified_at: Date | null;
  ip_address: string;
  expired: boolean;
}

/**
 * `POST /factors/{id}/verify`: a code of the factor for one of its challenges. The factor becomes
 * verified, the session aal2 with a new refresh token, the user's other aal1 sessions end and their
 * other unverified TOTP factors go, as GoTrue does.
 */
export async function verifyFactor(auth: AuthContext, { user, claims }: CurrentUser, factorId: string, body: Body): Promise<SessionJson> {
  const code = stringField(body, 'code') ?? '';
  if (!code) throw badRequest('Code needs to be non-empty');
  const challengeId = stringField(body, 'challenge_id') ?? '';
  const outcome = await withAuthTransaction(auth.ctx, auth.project, async (client): Promise<SessionJson | { refused: AuthApiError }> => {
    const factor = await ownFactor(client, user.id, factorId);
    requireTotp(auth, factor.factor_type, 'verification');
    const { rows } = await client.query<ChallengeRow>(
      `select id, verified_at, host(ip_address) as ip_address, created_at + make_interval(secs => $3) < now() as expired
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
    const totp = new TOTP({ ...TOTP_OPTIONS, secret: Secret.fromBase32(factor.secret ?? '') });
    const valid = totp.validate({ token: code.trim(), window: 1 }) !== null;
    const attempt = { user_id: user.id, factor_id: factor.id, factor_type: factor.factor_type, valid };
    const decision = await attemptDecision(auth, 'mfaVerificationAttempt', attempt, client);
    if (decision.reject) {
      // A rejected attempt signs the user out everywhere, committed with the refusal.
      await client.query('delete from auth.sessions where user_id = $1', [user.id]);
      return { refused: forbidden(decision.message, 'mfa_verification_rejected') };
    }
    if (!valid) throw new AuthApiError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');

    await audit(client, {
      action: 'verification_attempted',
      actorId: user.id,
      actorUsername: user.email,
      ip: auth.ip,
      traits: { factor_id: factor.id, challenge_id: challenge.id, factor_type: factor.factor_type },
    });
    const refreshToken = newRefreshToken();
    // The amr lists totp first: it is the newest, even within the same second as the sign-in.
    const { rows: stepped } = await client.query<{ amr: AmrEntry[] }>(
      `with challenge as (
         update auth.mfa_challenges set verified_at = now() where id = $3
       ), factor as (
         update auth.mfa_factors set status = 'verified', updated_at = now() where id = $2
       ), others as (
         delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified' and id <> $2
       ), session as (
         update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $4 and user_id = $1 returning id
       ), older as (
         delete from auth.sessions where user_id = $1 and id <> $4 and (aal is null or aal < 'aal2')
       ), claim as (
         insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
         select id, now(), now(), 'totp', gen_random_uuid() from session
         on conflict (session_id, authentication_method) do update set updated_at = now()
         returning session_id, authentication_method, updated_at
       ), revoked as (
         update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $4 and not revoked returning token
       ), child as (
         insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
         select '00000000-0000-0000-0000-000000000000', $5, $1::text, false, (select max(token) from revoked), id, now(), now() from session
       )
       select jsonb_build_array((select jsonb_build_object('method', 'totp', 'timestamp', extract(epoch from updated_at)::bigint) from claim))
              || coalesce((select jsonb_agg(jsonb_build_object('method', c.authentication_method, 'timestamp', extract(epoch from c.updated_at)::bigint)
                                            order by c.updated_at desc)
                             from auth.mfa_amr_claims c where c.session_id = $4 and c.authentication_method <> 'totp'), '[]') as amr`,
      [user.id, factor.id, challenge.id, claims.session_id, refreshToken],
    );
    const signedIn = (await findUserById(client, user.id))!;
    return sessionJson(auth, signedIn, claims.session_id, refreshToken, stepped[0]!.amr, { client, method: 'totp' });
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
    [factor.id, factor.factor_type],
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

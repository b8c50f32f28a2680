/**
 * The auth emails (confirmation, recovery, magic link, email change, invite, reauthentication),
 * as GoTrue sends them: a one-time code of MAILER_OTP_LENGTH digits and its hash (hex SHA-224 of
 * address + code) on the user's row with the time it was sent, then the project's template with
 * the link to `/verify` (none for reauthentication: its code is typed in) and the code, handed to
 * the project's send email hook when it set one, else through the project's own SMTP server, else
 * the platform's (BASIN_SMTP_URL), else into the project's Mailbox (store/auth-mailbox.ts), where
 * the dashboard shows it with its link. Each message sent is counted in auth_email_sends, against the
 * project's hourly limit and for its resource warning.
 */
import { createHash, randomInt } from 'node:crypto';
import type { AuthEmailKind } from '@basin/core';
import nodemailer from 'nodemailer';
import type pg from 'pg';
import type { PlatformContext } from '../kernel/context.ts';
import * as authEmailSends from '../store/auth-email-sends.ts';
import * as mailbox from '../store/auth-mailbox.ts';
import type { AuthSettingsRow } from '../store/auth-settings.ts';
import type { AuthContext } from './context.ts';
import { AuthApiError, tooManyRequests } from './errors.ts';
import { renderAuthEmail } from './mail-template.ts';
import { createFlowState, PKCE_PREFIX, type PkceChallenge } from './pkce.ts';
import type { AuthMethod } from './sessions.ts';
import { sendEmailHook } from './hooks.ts';
import { type UserRow, userJson } from './users.ts';

export type { AuthEmailKind };

export interface AuthEmailRequest {
  kind: AuthEmailKind;
  user: UserRow;
  /** Where the link lands after verification (already checked against the allow-list). */
  redirectTo: string;
  /** The address an email change moves to. */
  newEmail?: string;
  /** The client's PKCE challenge: the link then ends in a code to exchange (pkce.ts), not a session. */
  pkce?: PkceChallenge;
}

/** The `type` of `/verify` each email's link carries. */
export type LinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

export const LINK_TYPES: Record<Exclude<AuthEmailKind, 'reauthentication'>, LinkType> = {
  confirmation: 'signup',
  invite: 'invite',
  magic_link: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

/** How the user signs in by each email's link: a PKCE flow state is kept for that method. */
const AUTH_METHODS: Record<Exclude<AuthEmailKind, 'reauthentication'>, AuthMethod> = {
  confirmation: 'email/signup',
  invite: 'invite',
  magic_link: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

const LABELS: Record<AuthEmailKind, string> = {
  confirmation: 'confirmation',
  invite: 'invite',
  magic_link: 'magic link',
  recovery: 'recovery',
  email_change: 'email change',
  reauthentication: 'reauthentication',
};

/** Which column's *_sent_at the per-user frequency limit reads (invites have none, as in GoTrue). */
const SENT_AT: Record<AuthEmailKind, string | null> = {
  confirmation: 'confirmation_sent_at',
  invite: null,
  magic_link: 'recovery_sent_at',
  recovery: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
  reauthentication: 'reauthentication_sent_at',
};

const HOUR = 3600;
/** Short timeouts: the user waits for the answer. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** A one-time code of `length` digits. */
export function newOtp(length: number): string {
  let otp = '';
  for (let i = 0; i < length; i++) otp += randomInt(10).toString();
  return otp;
}

/** GoTrue's token hash: what the link carries and the users row keeps. */
export const tokenHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

/** The token a link carries: a PKCE flow's is marked, so /verify answers a code rather than a session. */
const linkToken = (request: AuthEmailRequest, hash: string) => `${request.pkce ? PKCE_PREFIX : ''}${hash}`;

/** The link a mail carries: `{issuer}/verify?token=…&type=…&redirect_to=…`. */
export function verificationUrl(auth: AuthContext, hash: string, type: LinkType, redirectTo: string): string {
  return `${auth.issuer}/verify?${new URLSearchParams({ token: hash, type, redirect_to: redirectTo })}`;
}

/** Whether auth emails leave at all: the project's own SMTP server or the platform's. */
export function mailConfigured(ctx: PlatformContext, settings: AuthSettingsRow): boolean {
  return Boolean(settings.smtp_host) || Boolean(ctx.config.smtpUrl);
}

export type TokenPurpose = 'confirmation' | 'invite' | 'recovery' | 'email_change_new' | 'email_change_current' | 'reauthentication';

/**
 * Stores a token hash on the user's row with its sent time: confirmations and invites in
 * confirmation_token, recoveries and magic links in recovery_token, an email change's in
 * email_change_token_new/current with the new address (a change to another address than the
 * pending one starts afresh), a reauthentication's in reauthentication_token.
 */
export async function storeToken(
  client: pg.ClientBase,
  userId: string,
  purpose: TokenPurpose,
  hash: string,
  newEmail?: string,
): Promise<void> {
  switch (purpose) {
    case 'confirmation':
    case 'invite':
      await client.query(
        `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = case when $3 then now() else invited_at end, updated_at = now() where id = $1`,
        [userId, hash, purpose === 'invite'],
      );
      return;
    case 'recovery':
    case 'reauthentication':
      await client.query(`update auth.users set ${purpose}_token = $2, ${purpose}_sent_at = now(), updated_at = now() where id = $1`, [
        userId,
        hash,
      ]);
      return;
    case 'email_change_new':
    case 'email_change_current': {
      const column = purpose === 'email_change_new' ? 'email_change_token_new' : 'email_change_token_current';
      await client.query(
        `update auth.users set
           email_change_token_new = case when coalesce(email_change, '') <> $2::text then '' else email_change_token_new end,
           email_change_token_current = case when coalesce(email_change, '') <> $2::text then '' else email_change_token_current end,
           email_change = $2::text, email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
         where id = $1`,
        [userId, newEmail],
      );
      await client.query(`update auth.users set ${column} = $2 where id = $1`, [userId, hash]);
      return;
    }
  }
}

interface Message {
  to: string;
  otp: string;
  hash: string;
}

/** Issues the email's token(s) on the user's row and mails them; refuses GoTrue's 429s first. */
export async function sendAuthEmail(client: pg.ClientBase, auth: AuthContext, request: AuthEmailRequest): Promise<void> {
  const { kind, user } = request;
  const { ctx, settings, project } = auth;
  const email = user.email;
  if (!email && kind !== 'email_change') throw new AuthApiError(422, 'validation_failed', 'The user has no email address');
  await checkFrequency(client, auth, user.id, kind);
  const messages = issue(auth, request);
  const sending = mailConfigured(ctx, settings);
  if (sending && (await authEmailSends.countSince(ctx.db, project.ref, HOUR)) + messages.length > settings.rate_limit_email_sent) {
    throw tooManyRequests('Email rate limit exceeded', 'over_email_send_rate_limit');
  }
  if (kind === 'email_change') {
    const [toNew, toCurrent] = messages;
    await client.query(
      `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4, email_change_confirm_status = 0,
         email_change_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, request.newEmail, toNew!.hash, toCurrent?.hash ?? ''],
    );
  } else {
    await storeToken(client, user.id, kind === 'magic_link' ? 'recovery' : kind, messages[0]!.hash);
  }
  const linked = kind === 'reauthentication' ? undefined : kind;
  if (request.pkce && linked) await createFlowState(client, user.id, AUTH_METHODS[linked], request.pkce);
  const actionType = linked ? LINK_TYPES[linked] : 'reauthentication';
  if (await sentByHook(auth, client, request, actionType, messages)) return;
  for (const message of messages) {
    const link = linked ? verificationUrl(auth, linkToken(request, message.hash), LINK_TYPES[linked], request.redirectTo) : '';
    const rendered = renderAuthEmail(settings, kind, {
      ConfirmationURL: link,
      Token: message.otp,
      TokenHash: message.hash,
      SiteURL: settings.site_url,
      Email: email ?? '',
      NewEmail: request.newEmail ?? '',
      RedirectTo: request.redirectTo,
      Data: user.raw_user_meta_data ?? {},
    });
    if (!sending) {
      await mailbox.keep(ctx.db, project.ref, { kind, to: message.to, ...rendered, link, code: message.otp });
      continue;
    }
    try {
      await deliver(ctx, settings, { to: message.to, ...rendered }, auth);
    } catch (error) {
      ctx.logger.warn(
        { ref: project.ref, kind, reason: error instanceof Error ? error.message : String(error) },
        'auth email not sent: the SMTP server failed',
      );
      throw new AuthApiError(500, 'unexpected_failure', `Error sending ${LABELS[kind]} email`);
    }
    await authEmailSends.record(ctx.db, project.ref);
  }
}

/**
 * Hands the email to the project's send email hook, if it set one: GoTrue's `{user, email_data}`
 * with the codes and hashes. An email change that mails both addresses passes the new address's
 * pair as token/token_hash and the current address's as token_new/token_hash_new, as GoTrue does
 * despite the names; `user.new_email` says which address is which.
 */
async function sentByHook(
  auth: AuthContext,
  client: pg.ClientBase,
  request: AuthEmailRequest,
  actionType: LinkType | 'reauthentication',
  [first, second]: Message[],
): Promise<boolean> {
  const user = { ...userJson(request.user), new_email: request.newEmail ?? '' };
  const emailData = {
    token: first!.otp,
    token_hash: linkToken(request, first!.hash),
    token_new: second?.otp ?? '',
    token_hash_new: second ? linkToken(request, second.hash) : '',
    redirect_to: request.redirectTo,
    email_action_type: actionType,
    site_url: auth.issuer,
  };
  return sendEmailHook(auth, { user, email_data: emailData }, client);
}

/** The codes and hashes of the email(s): an email change mails the new address, and the current one too when secure change is on. */
function issue(auth: AuthContext, { kind, user, newEmail }: AuthEmailRequest): Message[] {
  const length = auth.settings.mailer_otp_length;
  const message = (to: string): Message => {
    const otp = newOtp(length);
    return { to, otp, hash: tokenHash(to, otp) };
  };
  if (kind !== 'email_change') return [message(user.email!)];
  if (!newEmail) throw new AuthApiError(422, 'validation_failed', 'An email change needs the new address');
  return auth.settings.mailer_secure_email_change_enabled && user.email ? [message(newEmail), message(user.email)] : [message(newEmail)];
}

/** SMTP_MAX_FREQUENCY: one email of a kind per user within that many seconds (the row is locked until the transaction ends). */
async function checkFrequency(client: pg.ClientBase, auth: AuthContext, userId: string, kind: AuthEmailKind): Promise<void> {
  const column = SENT_AT[kind];
  const { rows } = await client.query<{ age: number | null }>(
    `select ${column ? `extract(epoch from now() - ${column})::float8` : 'null::float8'} as age from auth.users where id = $1 for update`,
    [userId],
  );
  const age = rows[0]?.age;
  const frequency = auth.settings.smtp_max_frequency;
  if (age === null || age === undefined || frequency <= 0 || age >= frequency) return;
  const wait = Math.max(1, Math.ceil(frequency - age));
  throw tooManyRequests(`For security purposes, you can only request this after ${wait} seconds.`, 'over_email_send_rate_limit');
}

interface Outgoing {
  to: string;
  subject: string;
  html: string;
}

/** Through the project's SMTP server (its sealed password opened here) when it set one, else BASIN_SMTP_URL. */
async function deliver(ctx: PlatformContext, settings: AuthSettingsRow, mail: Outgoing, auth: AuthContext): Promise<void> {
  const transport = settings.smtp_host
    ? nodemailer.createTransport({
        host: settings.smtp_host,
        port: settings.smtp_port ?? 587,
        secure: settings.smtp_port === 465,
        ...(settings.smtp_user
          ? { auth: { user: settings.smtp_user, pass: settings.smtp_pass ? ctx.box.open(settings.smtp_pass) : '' } }
          : {}),
        ...TIMEOUTS,
      })
    : nodemailer.createTransport({ url: ctx.config.smtpUrl!, ...TIMEOUTS });
  try {
    await transport.sendMail({ from: { name: settings.smtp_sender_name ?? '', address: senderAddress(ctx, settings, auth) }, ...mail });
  } finally {
    transport.close();
  }
}

function senderAddress(ctx: PlatformContext, settings: AuthSettingsRow, auth: AuthContext): string {
  if (settings.smtp_admin_email) return settings.smtp_admin_email;
  if (ctx.config.supportEmail) return ctx.config.supportEmail;
  return `noreply@${new URL(auth.issuer).hostname}`;
}

/**
 * auth.audit_log_entries as Supabase Auth writes it: one row per event, its payload naming the
 * actor, the action, a log type and traits. Written in the request's transaction, so a refused
 * request leaves no entry unless it is itself worth one (a failed sign-in).
 */
import type { Queryable } from '../store/db.ts';

export type AuditAction =
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'user_signedup'
  | 'user_confirmation_requested'
  | 'user_repeated_signup'
  | 'user_invited'
  | 'invite_accepted'
  | 'user_recovery_requested'
  | 'user_reauthenticate_requested'
  | 'user_modified'
  | 'user_updated_password'
  | 'user_deleted'
  | 'token_refreshed'
  | 'token_revoked'
  | 'factor_in_progress'
  | 'challenge_created'
  | 'verification_attempted'
  | 'factor_unenrolled'
  | 'factor_deleted'
  | 'passkey_created'
  | 'passkey_updated'
  | 'passkey_deleted'
  | 'identity_unlinked';

const LOG_TYPES: Record<AuditAction, 'account' | 'team' | 'token' | 'user' | 'factor'> = {
  login: 'account',
  login_failed: 'account',
  logout: 'account',
  user_signedup: 'team',
  user_confirmation_requested: 'user',
  user_repeated_signup: 'user',
  user_invited: 'team',
  invite_accepted: 'team',
  user_recovery_requested: 'user',
  user_reauthenticate_requested: 'user',
  user_modified: 'user',
  user_updated_password: 'user',
  user_deleted: 'team',
  token_refreshed: 'token',
  token_revoked: 'token',
  factor_in_progress: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
  factor_unenrolled: 'factor',
  factor_deleted: 'factor',
  passkey_created: 'user',
  passkey_updated: 'user',
  passkey_deleted: 'user',
  identity_unlinked: 'account',
};

export interface AuditEvent {
  action: AuditAction;
  /** The user acting (or acted on, for a failed sign-in: the address tried). */
  actorId: string | null;
  actorUsername: string | null;
  ip: string;
  traits?: Record<string, unknown>;
}

/** The payload as auth.audit_log_entries holds it. */
export const auditPayload = (event: AuditEvent) => ({
  actor_id: event.actorId ?? '',
  actor_username: event.actorUsername ?? '',
  actor_via_sso: false,
  action: event.action,
  log_type: LOG_TYPES[event.action],
  ...(event.traits ? { traits: event.traits } : {}),
});

/** SQL inserting one entry whose payload is the parameter `$n` and whose address is `$n+1`. */
export const auditInsert = (n: number) =>
  `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
   values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), $${n}::json, now(), left($${n + 1}, 64))`;

export async function audit(db: Queryable, event: AuditEvent): Promise<void> {
  await db.query(auditInsert(1), [auditPayload(event), event.ip]);
}

/**
 * The dashboard's Users page (`/platform/auth/{ref}/users`, `/invite`, `/recover`): the project's
 * end users, through the same functions as the auth API's admin routes (gotrue/admin-users.ts),
 * with the member's session and role instead of the service_role key. Every member reads the
 * list; builders (auth.users:write) change it and remove users' MFA factors and passkeys. The auth API's
 * errors keep their status and words.
 */
import { AUTH_USERS_MESSAGES, type Permission } from '@basin/core';
import type {
  AuthPasskey,
  AuthPasskeyList,
  AuthRecoverResponse,
  AuthUser,
  AuthUsersQuery,
  AuthUsersResponse,
  CreateAuthUserBody,
} from '@basin/core/schemas';
import { type AdminActor, createUser, deleteUser, getUser, listUsers, updateUser } from '../../gotrue/admin-users.ts';
import { type AuthContext, authContextFor } from '../../gotrue/context.ts';
import { inviteUserByEmail, mailConfigured, sendRecoveryEmail } from '../../gotrue/email-flows.ts';
import { AuthApiError } from '../../gotrue/errors.ts';
import { deleteFactor } from '../../gotrue/mfa.ts';
import { adminDeletePasskey, adminListPasskeys } from '../../gotrue/passkey-management.ts';
import { userJson } from '../../gotrue/users.ts';
import { conflict, HttpError } from '../../kernel/errors.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';

/** The signed-in member acting, and from where (the auth API's audit log and rate limits). */
export interface ActingMember {
  userId: string;
  email: string;
  ip: string;
  userAgent: string;
}

const asAuthUser = (user: Parameters<typeof userJson>[0]) => userJson(user) as AuthUser;

/** The auth API's refusals as the platform's `{message}` with the same status. */
async function translated<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AuthApiError && error.status < 500) throw new HttpError(error.status as 400, error.message);
    if (error instanceof AuthApiError) throw conflict(error.message);
    throw error;
  }
}

/** The project's auth context for the member, once they may do `permission` and the project runs. */
async function memberAuth(ctx: PlatformContext, ref: string, member: ActingMember, permission: Permission): Promise<AuthContext> {
  const project = await requireProject(ctx.db, ref, member.userId);
  requirePermission(project.role, permission, permission === 'auth:read' ? undefined : AUTH_USERS_MESSAGES.noWritePermission);
  if (project.status !== 'ACTIVE_HEALTHY' || project.port === null) throw conflict(AUTH_USERS_MESSAGES.notRunning(project.status));
  return authContextFor(ctx, project, member.ip, member.userAgent);
}

/** In the audit log, the dashboard's actions name the member who acted. */
const actorOf = (member: ActingMember): AdminActor => ({ id: null, username: member.email });

export async function listAuthUsers(
  ctx: PlatformContext,
  ref: string,
  member: ActingMember,
  query: AuthUsersQuery,
): Promise<AuthUsersResponse> {
  const auth = await memberAuth(ctx, ref, member, 'auth:read');
  const { users, total } = await translated(listUsers(auth, { page: query.page, perPage: query.per_page, keywords: query.keywords }));
  return {
    users: users.map(asAuthUser),
    total,
    page: query.page,
    per_page: query.per_page,
    mail_configured: mailConfigured(ctx, auth.settings),
  };
}

export async function getAuthUser(ctx: PlatformContext, ref: string, member: ActingMember, id: string): Promise<AuthUser> {
  const auth = await memberAuth(ctx, ref, member, 'auth:read');
  return asAuthUser(await translated(getUser(auth, id)));
}

export async function createAuthUser(ctx: PlatformContext, ref: string, member: ActingMember, body: CreateAuthUserBody): Promise<AuthUser> {
  const auth = await memberAuth(ctx, ref, member, 'auth.users:write');
  const user = await translated(
    createUser(auth, { email: body.email, password: body.password, email_confirm: body.autoConfirm ?? true }, actorOf(member)),
  );
  return asAuthUser(user);
}

/** Bans for the duration, or lifts the ban with 'none'. */
export async function banAuthUser(
  ctx: PlatformContext,
  ref: string,
  member: ActingMember,
  id: string,
  banDuration: string,
): Promise<AuthUser> {
  const auth = await memberAuth(ctx, ref, member, 'auth.users:write');
  return asAuthUser(await translated(updateUser(auth, id, { ban_duration: banDuration }, actorOf(member))));
}

/** Deletes the user for good (identities and sessions with it); answers the user as it was. */
export async function deleteAuthUser(ctx: PlatformContext, ref: string, member: ActingMember, id: string): Promise<AuthUser> {
  const auth = await memberAuth(ctx, ref, member, 'auth.users:write');
  return asAuthUser(await translated(deleteUser(auth, id, false, actorOf(member))));
}

/**
 * Removes one of the user's MFA factors (another user's id is GoTrue's 404); the sessions it raised
 * to aal2 step down to aal1. Answers the user after, so the panel shows the factors that are left.
 */
export async function deleteAuthUserFactor(
  ctx: PlatformContext,
  ref: string,
  member: ActingMember,
  id: string,
  factorId: string,
): Promise<AuthUser> {
  const auth = await memberAuth(ctx, ref, member, 'auth.users:write');
  await translated(deleteFactor(auth, id, factorId, actorOf(member)));
  return asAuthUser(await translated(getUser(auth, id)));
}

/** The user's passkeys, oldest first. */
export async function listAuthUserPasskeys(ctx: PlatformContext, ref: string, member: ActingMember, id: string): Promise<AuthPasskeyList> {
  const auth = await memberAuth(ctx, ref, member, 'auth:read');
  return { passkeys: (await translated(adminListPasskeys(auth, id))) as AuthPasskey[] };
}

/** Removes one of the user's passkeys; answers the passkeys left. */
export async function deleteAuthUserPasskey(
  ctx: PlatformContext,
  ref: string,
  member: ActingMember,
  id: string,
  passkeyId: string,
): Promise<AuthPasskeyList> {
  const auth = await memberAuth(ctx, ref, member, 'auth.users:write');
  await translated(adminDeletePasskey(auth, id, passkeyId, actorOf(member)));
  return { passkeys: (await translated(adminListPasskeys(auth, id))) as AuthPasskey[] };
}

/** Creates the user unconfirmed and mails the invitation (with the project's template); a confirmed address is refused. */
export async function inviteAuthUser(ctx: PlatformContext, ref: string, member: ActingMember, email: string): Promise<AuthUser> {
  const auth = await memberAuth(ctx, ref, member, 'auth.users:write');
  return (await translated(inviteUserByEmail(auth, email, undefined, undefined, actorOf(member)))) as AuthUser;
}

/** Mails a password recovery link to the address; whether a mail leaves at all is in the answer. */
export async function sendAuthUserRecovery(
  ctx: PlatformContext,
  ref: string,
  member: ActingMember,
  email: string,
): Promise<AuthRecoverResponse> {
  const auth = await memberAuth(ctx, ref, member, 'auth.users:write');
  await translated(sendRecoveryEmail(auth, email));
  return { email, mail_configured: mailConfigured(ctx, auth.settings) };
}

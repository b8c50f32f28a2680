import type { AuthUser } from '@basin/core/schemas';
import type { BadgeTone } from '../../ui/badge';

export interface UserBadge {
  label: string;
  tone: BadgeTone;
  /** Said by the badge's tooltip. */
  title: string;
}

export const isBanned = (user: Pick<AuthUser, 'banned_until'>, now = Date.now()) =>
  Boolean(user.banned_until && Date.parse(user.banned_until) > now);

/** The states a user's row shows: anonymous, invited, unconfirmed, banned. */
export function userBadges(user: AuthUser, now = Date.now()): UserBadge[] {
  const badges: UserBadge[] = [];
  if (user.is_anonymous) badges.push({ label: 'Anonymous', tone: 'info', title: 'Signed in anonymously: no email or password yet' });
  else if (!user.email_confirmed_at && !user.phone_confirmed_at) {
    badges.push(
      user.invited_at
        ? { label: 'Invited', tone: 'neutral', title: 'Invited: has not accepted the invitation yet' }
        : { label: 'Unconfirmed', tone: 'warning', title: 'Has not confirmed the email address: cannot sign in yet' },
    );
  }
  if (isBanned(user, now)) badges.push({ label: 'Banned', tone: 'danger', title: `Banned until ${user.banned_until}` });
  return badges;
}

/** The sign-in methods of the user: its identities' providers (anonymous users have none). */
export function userProviders(user: AuthUser): string[] {
  const fromMetadata = Array.isArray(user.app_metadata.providers)
    ? user.app_metadata.providers.filter((p): p is string => typeof p === 'string')
    : [];
  const providers = new Set([...fromMetadata, ...user.identities.map((identity) => identity.provider)]);
  if (user.is_anonymous && providers.size === 0) providers.add('anonymous');
  return [...providers];
}

/** How a user is named in rows, menus and toasts. */
export const userLabel = (user: Pick<AuthUser, 'email' | 'phone' | 'id'>) => user.email || user.phone || `user ${user.id.slice(0, 8)}`;

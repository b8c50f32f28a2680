import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@basin/core/schemas';
import { userBadges, userLabel, userProviders } from './user-status';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const user = (fields: Partial<AuthUser> = {}): AuthUser => ({
  id: '6f1c2a4e-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  app_metadata: { provider: 'email', providers: ['email'] },
  user_metadata: {},
  identities: [],
  created_at: '2026-02-01T00:00:00Z',
  is_anonymous: false,
  ...fields,
});

describe('user status', () => {
  it('flags unconfirmed, invited, anonymous and banned users', () => {
    expect(userBadges(user({ email_confirmed_at: '2026-02-01T00:00:00Z' }), NOW)).toEqual([]);
    expect(userBadges(user(), NOW).map((b) => b.label)).toEqual(['Unconfirmed']);
    expect(userBadges(user({ invited_at: '2026-02-01T00:00:00Z' }), NOW).map((b) => b.label)).toEqual(['Invited']);
    expect(userBadges(user({ is_anonymous: true, email: '' }), NOW).map((b) => b.label)).toEqual(['Anonymous']);
    const banned = user({ email_confirmed_at: '2026-02-01T00:00:00Z', banned_until: '2026-03-02T00:00:00Z' });
    expect(userBadges(banned, NOW).map((b) => b.label)).toEqual(['Banned']);
    expect(userBadges({ ...banned, banned_until: '2026-02-28T00:00:00Z' }, NOW)).toEqual([]);
  });

  it('lists providers from app metadata and identities, anonymous for anonymous users', () => {
    expect(userProviders(user())).toEqual(['email']);
    expect(userProviders(user({ is_anonymous: true, app_metadata: {} }))).toEqual(['anonymous']);
  });

  it('names a user by email, phone, or a short id', () => {
    expect(userLabel(user())).toBe('ada@example.com');
    expect(userLabel(user({ email: '', phone: '' }))).toBe('user 6f1c2a4e');
  });
});

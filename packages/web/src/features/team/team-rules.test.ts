import { describe, expect, it } from 'vitest';
import type { Member } from '@basin/core/schemas';
import { assignableRoles, canInvite, canRevokeInvitation, isLastOwner, memberControls } from './team-rules';

const member = (user_id: string, role: Member['role']): Member => ({
  user_id,
  role,
  email: `${user_id}@example.com`,
  username: user_id,
  joined_at: '2026-01-01T00:00:00Z',
});

describe('team rules', () => {
  const owner = member('owner', 'Owner');
  const admin = member('admin', 'Administrator');
  const dev = member('dev', 'Developer');
  const members = [owner, admin, dev];

  it('knows the last Owner', () => {
    expect(isLastOwner(owner, members)).toBe(true);
    expect(isLastOwner(owner, [...members, member('owner2', 'Owner')])).toBe(false);
    expect(isLastOwner(admin, members)).toBe(false);
  });

  it('never offers removing the last Owner, even to an Owner', () => {
    const controls = memberControls('Owner', owner, members);
    expect(controls.showRemove).toBe(false);
    expect(controls.canRemove).toBe(false);
    expect(controls.canChangeRole).toBe(false);
  });

  it('lets Administrators manage everyone but Owners', () => {
    expect(memberControls('Administrator', dev, members).canRemove).toBe(true);
    expect(assignableRoles('Administrator', 'Developer')).not.toContain('Owner');
    const second = member('owner2', 'Owner');
    expect(memberControls('Administrator', second, [...members, second]).canRemove).toBe(false);
  });

  it('gives Developers and Read-only members no controls', () => {
    expect(canInvite('Developer')).toBe(false);
    expect(canInvite('Read-only')).toBe(false);
    expect(canInvite('Administrator')).toBe(true);
    const controls = memberControls('Developer', admin, members);
    expect(controls.canRemove).toBe(false);
    expect(controls.canChangeRole).toBe(false);
    expect(controls.reason).toMatch(/additional permissions/);
  });

  it('lets only Owners revoke an Owner invitation, and nobody below Administrator revoke any', () => {
    expect(canRevokeInvitation('Owner', 'Owner')).toBe(true);
    expect(canRevokeInvitation('Administrator', 'Owner')).toBe(false);
    expect(canRevokeInvitation('Administrator', 'Developer')).toBe(true);
    expect(canRevokeInvitation('Developer', 'Read-only')).toBe(false);
    expect(canRevokeInvitation(undefined, 'Read-only')).toBe(false);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, type Role } from '@basin/core';
import type { Invitation } from '@basin/core/schemas';
import { memberFixture, organizationFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { TeamPage } from './team-page';

const MEMBERS = [
  memberFixture({ user_id: 'u1', email: 'ada@example.com', username: 'ada', role: 'Owner' }),
  memberFixture({ user_id: 'u2', email: 'bob@example.com', username: 'bob', role: 'Developer' }),
];

const invitation = (id: string, email: string, role: Role): Invitation => ({
  id,
  email,
  role,
  invited_by: 'ada@example.com',
  created_at: '2026-03-01T10:00:00.000Z',
  expires_at: '2026-03-08T10:00:00.000Z',
});
const INVITATIONS = [invitation('i1', 'cy@example.com', 'Developer'), invitation('i2', 'dee@example.com', 'Owner')];

function renderTeam(role: Role, invitations: Invitation[] = []) {
  let pending = invitations;
  const api = mockApi({
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    'GET /api/platform/organizations/acme/members': json(MEMBERS),
    'GET /api/platform/organizations/acme/invitations': () => json(pending),
    'DELETE /api/platform/organizations/acme/invitations/i1': () => {
      pending = pending.filter((i) => i.id !== 'i1');
      return { status: 204 };
    },
    'GET /api/platform/profile': json({ id: 'u1', email: 'ada@example.com', username: 'ada' }),
  });
  renderAt('/org/:slug/team', <TeamPage />, '/org/acme/team');
  return api;
}

describe('team page', () => {
  it('never offers removing the last Owner; an Owner may remove others', async () => {
    renderTeam('Owner');
    const rows = await screen.findAllByRole('row');
    const adaRow = rows.find((row) => row.textContent?.includes('ada@example.com'));
    const bobRow = rows.find((row) => row.textContent?.includes('bob@example.com'));
    expect(within(adaRow!).queryByRole('button', { name: /Leave|Remove/ })).toBeNull();
    expect(within(bobRow!).getByRole('button', { name: 'Remove bob@example.com' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Invite member' })).toHaveProperty('disabled', false);
  });

  it('disables the controls of a Read-only member', async () => {
    renderTeam('Read-only');
    expect(await screen.findByRole('button', { name: 'Remove bob@example.com' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Invite member' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('combobox', { name: 'Role of bob@example.com' })).toHaveProperty('disabled', true);
  });

  it('lists pending invitations with role and expiry; an Administrator revokes all but Owner invitations', async () => {
    const user = userEvent.setup();
    const { calls } = renderTeam('Administrator', INVITATIONS);
    const table = within(await screen.findByRole('region', { name: 'Pending invitations' }));
    const cy = (await table.findByText('cy@example.com')).closest('tr')!;
    expect(cy.textContent).toMatch(/Developer.*Mar 8, 2026/);
    expect(table.getByRole('button', { name: 'Revoke invitation for dee@example.com' })).toHaveProperty('disabled', true);

    await user.click(within(cy).getByRole('button', { name: 'Revoke invitation for cy@example.com' }));
    expect(await screen.findByText(INVITATION_MESSAGES.revoked('cy@example.com'))).toBeTruthy();
    expect(await table.findByText('dee@example.com')).toBeTruthy();
    expect(table.queryByText('cy@example.com')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/invitations/i1'))).toBe(true);
  });

  it('says when no invitation is pending', async () => {
    renderTeam('Owner');
    expect(await screen.findByText('No pending invitations.')).toBeTruthy();
  });
});

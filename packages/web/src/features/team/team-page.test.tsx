import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@basin/core';
import { memberFixture, organizationFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { TeamPage } from './team-page';

const MEMBERS = [
  memberFixture({ user_id: 'u1', email: 'ada@example.com', username: 'ada', role: 'Owner' }),
  memberFixture({ user_id: 'u2', email: 'bob@example.com', username: 'bob', role: 'Developer' }),
];

function renderTeam(role: Role) {
  mockApi({
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    'GET /api/platform/organizations/acme/members': json(MEMBERS),
    'GET /api/platform/profile': json({ id: 'u1', email: 'ada@example.com', username: 'ada' }),
  });
  renderAt('/org/:slug/team', <TeamPage />, '/org/acme/team');
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
});

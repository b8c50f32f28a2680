import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, MESSAGES } from '@basin/core';
import type { ProfileInvitation } from '@basin/core/schemas';
import { organizationFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { OrganizationsPage } from '../organizations/organizations-page';
import { InvitationsPage } from './invitations-page';

const ACME: ProfileInvitation = {
  id: '7d3f2a3e-9a41-4c59-8a55-1f0e3c2b6d11',
  organization_slug: 'acme',
  organization_name: 'Acme',
  role: 'Developer',
  invited_by: 'ada@example.com',
  created_at: '2026-03-01T10:00:00.000Z',
  expires_at: '2026-03-08T10:00:00.000Z',
};
const GLOBEX: ProfileInvitation = {
  ...ACME,
  id: '0b6c1b1e-2f4a-4d7e-9c3b-5a6d7e8f9a00',
  organization_slug: 'globex',
  organization_name: 'Globex',
  invited_by: null,
};

const routes = [
  { path: '/invitations', element: <InvitationsPage /> },
  { path: '/organizations', element: <OrganizationsPage /> },
];

describe('invitations page', () => {
  it('lists each invitation with who sent it, the role and the expiry; accepting joins and shows the organization', async () => {
    const user = userEvent.setup();
    let accepted = false;
    const { calls } = mockApi({
      'GET /api/platform/profile/invitations': () => json(accepted ? [GLOBEX] : [ACME, GLOBEX]),
      [`POST /api/platform/profile/invitations/${ACME.id}/accept`]: () => {
        accepted = true;
        return json(organizationFixture({ role: 'Developer' }));
      },
      'GET /api/platform/organizations': () => json(accepted ? [organizationFixture({ role: 'Developer' })] : []),
    });
    const { router } = renderRoutes(routes, '/invitations');

    const acme = await screen.findByRole('listitem', { name: 'Acme' });
    expect(acme.textContent).toContain('ada@example.com invited you as Developer');
    expect(acme.textContent).toMatch(/Expires Mar 8, 2026/);
    expect(within(screen.getByRole('listitem', { name: 'Globex' })).getByText(/You are invited as Developer/)).toBeTruthy();

    // Keyboard only: Decline, then Accept of the first invitation.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(within(acme).getByRole('button', { name: 'Accept' }));
    await user.keyboard('{Enter}');

    expect(await screen.findByText(INVITATION_MESSAGES.accepted('Acme'))).toBeTruthy();
    expect(router.state.location.pathname).toBe('/organizations');
    expect(await screen.findByRole('link', { name: /Acme/ })).toBeTruthy();
    // The invitation still open is announced on the organization list.
    expect(await screen.findByText('You have a pending invitation')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View invitations' }).getAttribute('href')).toBe('/invitations');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/platform/profile/invitations/${ACME.id}/accept`]);
  });

  it('declines and then shows the empty state', async () => {
    const user = userEvent.setup();
    let declined = false;
    mockApi({
      'GET /api/platform/profile/invitations': () => json(declined ? [] : [ACME]),
      [`POST /api/platform/profile/invitations/${ACME.id}/decline`]: () => {
        declined = true;
        return { status: 204 };
      },
    });
    renderRoutes(routes, '/invitations');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(INVITATION_MESSAGES.declined('Acme'))).toBeTruthy();
    expect(await screen.findByText('No pending invitations')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your organizations' })).toBeTruthy();
  });

  it('toasts a refused accept (e.g. expired meanwhile) and stays', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/platform/profile/invitations': json([ACME]),
      [`POST /api/platform/profile/invitations/${ACME.id}/accept`]: json({ message: 'Invitation not found' }, 404),
    });
    const { router } = renderRoutes(routes, '/invitations');
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(INVITATION_MESSAGES.acceptFailed('Invitation not found'))).toBeTruthy();
    expect(router.state.location.pathname).toBe('/invitations');
  });

  it('offers a retry when the invitations cannot be loaded', async () => {
    const user = userEvent.setup();
    let failing = true;
    mockApi({ 'GET /api/platform/profile/invitations': () => (failing ? json({ message: 'down' }, 500) : json([ACME])) });
    renderRoutes(routes, '/invitations');
    expect(await screen.findByText(MESSAGES.genericError)).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: MESSAGES.tryAgain }));
    expect(await screen.findByRole('listitem', { name: 'Acme' })).toBeTruthy();
  });
});

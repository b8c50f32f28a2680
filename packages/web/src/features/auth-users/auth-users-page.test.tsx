import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BLUR_VALIDATION_DELAY_MS, type Role } from '@basin/core';
import type { AuthFactor, AuthUser, AuthUsersResponse } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer, type MockRequest } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { AuthUsersPage } from './auth-users-page';

const USERS_PATH = `/api/platform/auth/${PROJECT_REF}/users`;

const authUser = (n: number, fields: Partial<AuthUser> = {}): AuthUser => ({
  id: `6f1c2a4e-0000-4000-8000-${String(n).padStart(12, '0')}`,
  aud: 'authenticated',
  role: 'authenticated',
  email: `user${n}@example.com`,
  phone: '',
  email_confirmed_at: '2026-02-01T10:00:00.000Z',
  app_metadata: { provider: 'email', providers: ['email'] },
  user_metadata: { nickname: `U${n}` },
  identities: [
    {
      identity_id: `9a000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      id: `6f1c2a4e-0000-4000-8000-${String(n).padStart(12, '0')}`,
      user_id: `6f1c2a4e-0000-4000-8000-${String(n).padStart(12, '0')}`,
      provider: 'email',
      email: `user${n}@example.com`,
      identity_data: {},
      created_at: '2026-02-01T10:00:00.000Z',
      updated_at: '2026-02-01T10:00:00.000Z',
      last_sign_in_at: null,
    },
  ],
  created_at: '2026-02-01T10:00:00.000Z',
  is_anonymous: false,
  ...fields,
});

const factor = (n: number, fields: Partial<AuthFactor> = {}): AuthFactor => ({
  id: `f0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  friendly_name: `Phone app ${n}`,
  factor_type: 'totp',
  status: 'verified',
  created_at: '2026-02-02T10:00:00.000Z',
  updated_at: '2026-02-02T10:00:00.000Z',
  last_challenged_at: '2026-02-03T10:00:00.000Z',
  ...fields,
});

function renderUsers({
  role = 'Owner',
  users = [authUser(1), authUser(2, { email_confirmed_at: undefined }), authUser(3, { banned_until: '2999-01-01T00:00:00.000Z' })],
  mailConfigured = true,
  list,
  extra = {},
  entry = '',
}: {
  role?: Role;
  users?: AuthUser[];
  mailConfigured?: boolean;
  list?: (request: MockRequest) => MockAnswer;
  extra?: Record<string, (request: MockRequest) => MockAnswer>;
  entry?: string;
} = {}) {
  let current = users;
  const page = (): AuthUsersResponse => ({ users: current, total: current.length, page: 1, per_page: 50, mail_configured: mailConfigured });
  const handlers: Record<string, (request: MockRequest) => MockAnswer> = {
    [`GET /api/platform/projects/${PROJECT_REF}`]: () => json(projectFixture()),
    'GET /api/platform/organizations/acme': () => json(organizationFixture({ role })),
    [`GET ${USERS_PATH}`]: list ?? (() => json(page())),
    ...extra,
  };
  for (const user of users) {
    handlers[`GET ${USERS_PATH}/${user.id}`] = () => json(current.find((u) => u.id === user.id) ?? user);
    handlers[`DELETE ${USERS_PATH}/${user.id}`] = () => {
      current = current.filter((u) => u.id !== user.id);
      return json(user);
    };
    handlers[`PATCH ${USERS_PATH}/${user.id}`] = (request) => {
      const duration = (request.body as { ban_duration: string }).ban_duration;
      const changed = { ...user, banned_until: duration === 'none' ? undefined : '2999-01-01T00:00:00.000Z' };
      current = current.map((u) => (u.id === user.id ? changed : u));
      return json(changed);
    };
    for (const { id } of user.factors ?? []) {
      // As the server answers: the user after, without `factors` once none is left.
      handlers[`DELETE ${USERS_PATH}/${user.id}/factors/${id}`] = () => {
        const before = current.find((u) => u.id === user.id)!;
        const left = (before.factors ?? []).filter((f) => f.id !== id);
        const changed = { ...before, factors: left.length ? left : undefined };
        current = current.map((u) => (u.id === user.id ? changed : u));
        return json(changed);
      };
    }
  }
  const api = mockApi(handlers);
  const rendered = renderAt('/project/:ref/auth/users', <AuthUsersPage />, `/project/${PROJECT_REF}/auth/users${entry}`);
  return { ...api, ...rendered };
}

const rowOf = async (email: string) => (await screen.findByRole('button', { name: email })).closest('tr')!;

describe('Users page', () => {
  it('lists users with providers, dates and status badges, and the count', async () => {
    renderUsers();
    const unconfirmed = await rowOf('user2@example.com');
    expect(within(unconfirmed).getByText('Unconfirmed')).toBeTruthy();
    expect(within(unconfirmed).getByText('email')).toBeTruthy();
    expect(within(await rowOf('user3@example.com')).getByText('Banned')).toBeTruthy();
    expect(within(await rowOf('user1@example.com')).getByText('Active')).toBeTruthy();
    expect(within(await rowOf('user1@example.com')).getByText('Never')).toBeTruthy();
    expect(screen.getByText(/1–3 of 3 users/)).toBeTruthy();
    expect(screen.queryByText('Auth emails are kept in the Mailbox')).toBeNull();
  });

  it('says how apps sign users up when there are none, and that mails are kept in the Mailbox without SMTP', async () => {
    renderUsers({ users: [], mailConfigured: false });
    expect(await screen.findByText('No users in your project yet')).toBeTruthy();
    expect(screen.getByText(/supabase\.auth\.signUp/)).toBeTruthy();
    expect(screen.getByText('Auth emails are kept in the Mailbox')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mailbox' }).getAttribute('href')).toBe(`/project/${PROJECT_REF}/auth/mailbox`);
  });

  it("shows the server's message when the list fails, and retries", async () => {
    let fail = true;
    renderUsers({
      list: () =>
        fail
          ? json({ message: 'The project is paused: restore it to see and manage its users' }, 409)
          : json({ users: [], total: 0, page: 1, per_page: 50, mail_configured: true }),
    });
    expect(await screen.findByText(/The project is paused/)).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No users in your project yet')).toBeTruthy();
  });

  it('searches as you type (debounced, in the URL) and pages', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 50 }, (_, i) => authUser(i + 10));
    const { calls, router } = renderUsers({
      list: (request) => json({ users: many, total: 120, page: 1, per_page: 50, mail_configured: true, request: request.path }),
    });
    await rowOf('user10@example.com');
    // Three keystrokes in one go: typed with pauses, a busy machine can stretch one past the debounce.
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    for (const text of ['a', 'ad', 'ada']) fireEvent.change(search, { target: { value: text } });
    await waitFor(() => expect(router.state.location.search).toContain('search=ada'));
    await waitFor(() => expect(fetchedUrls()).toContainEqual(expect.stringContaining('keywords=ada')));
    expect(fetchedUrls().filter((url) => url.includes('keywords=a')).length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    await waitFor(() => expect(fetchedUrls()).toContainEqual(expect.stringContaining('page=2')));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(calls.length).toBeGreaterThan(0);
  });

  // A long run of typing and two round trips: on a loaded machine it can outlast the project's 20 s.
  it('creates a user, showing validation and the server refusal in the dialog', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { calls } = renderUsers({
      extra: {
        [`POST ${USERS_PATH}`]: (request) => {
          attempts += 1;
          return attempts === 1
            ? json({ message: 'A user with this email address has already been registered' }, 422)
            : json(authUser(9, { email: (request.body as { email: string }).email }), 201);
        },
      },
    });
    await rowOf('user1@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: /Add user/ })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: /Add user/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create new user' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a new user' }));
    await user.click(await dialog.findByRole('button', { name: 'Create user' }));
    expect(await dialog.findByText('Enter a valid email address')).toBeTruthy();
    expect(dialog.getByText('Password is required')).toBeTruthy();
    await user.type(dialog.getByLabelText('Email address'), 'new@example.com');
    await user.type(dialog.getByLabelText('User password'), 'a fine password');
    // The typing re-validates as it goes: send once the form has taken both values.
    await waitFor(() => expect(dialog.queryByText('Enter a valid email address')).toBeNull());
    await user.click(dialog.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(attempts).toBe(1), { timeout: 10_000 });
    expect(await dialog.findByText('A user with this email address has already been registered', {}, { timeout: 10_000 })).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.at(-1)?.body).toEqual({ email: 'new@example.com', password: 'a fine password', autoConfirm: true });
  }, 30_000);

  it("keeps the server's refusal beside the password after the field's late blur check, until the password changes", async () => {
    const user = userEvent.setup();
    renderUsers({
      extra: { [`POST ${USERS_PATH}`]: () => json({ message: 'Password should be at least 6 characters.' }, 422) },
    });
    await rowOf('user1@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: /Add user/ })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: /Add user/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create new user' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a new user' }));
    await user.click(await dialog.findByRole('button', { name: 'Create user' }));
    await user.type(dialog.getByLabelText('Email address'), 'new@example.com');
    await user.type(dialog.getByLabelText('User password'), '1');
    await waitFor(() => expect(dialog.queryByText('Enter a valid email address')).toBeNull());
    await user.click(dialog.getByRole('button', { name: 'Create user' }));
    expect(await dialog.findByText('Password should be at least 6 characters.')).toBeTruthy();
    // The click blurred the password field: its re-validation runs BLUR_VALIDATION_DELAY_MS later.
    await new Promise((resolve) => setTimeout(resolve, BLUR_VALIDATION_DELAY_MS * 3));
    expect(dialog.getByText('Password should be at least 6 characters.')).toBeTruthy();
    await user.type(dialog.getByLabelText('User password'), '2');
    await waitFor(() => expect(dialog.queryByText('Password should be at least 6 characters.')).toBeNull());
  }, 30_000);

  it('bans with a chosen duration and deletes after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = renderUsers();
    await user.click(within(await rowOf('user1@example.com')).getByRole('button', { name: 'Actions for user1@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ban user' }));
    const ban = within(await screen.findByRole('dialog', { name: 'Ban user' }));
    await user.click(ban.getByLabelText('7 days'));
    await user.click(ban.getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ ban_duration: '168h' });
    expect(await within(await rowOf('user1@example.com')).findByText('Banned')).toBeTruthy();

    await user.click(within(await rowOf('user2@example.com')).getByRole('button', { name: 'Actions for user2@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete user' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete user' }));
    await user.click(confirm.getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'user2@example.com' })).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith(authUser(2).id))).toBe(true);
  });

  it('opens the detail panel from the URL with the id, metadata and identities', async () => {
    renderUsers({ entry: `?user=${authUser(1).id}` });
    const panel = within(await screen.findByRole('dialog', { name: 'user1@example.com' }));
    expect(await panel.findByLabelText('User id')).toHaveProperty('textContent', authUser(1).id);
    expect(panel.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(panel.getByLabelText('User metadata (JSON)').textContent).toContain('"nickname": "U1"');
    expect(panel.getByLabelText('App metadata (JSON)').textContent).toContain('"provider": "email"');
    expect(panel.getByRole('region', { name: 'Identities (1)' })).toBeTruthy();
  });

  it('lists MFA factors in the panel with name, type, status and dates, and a Remove button each', async () => {
    const withFactors = authUser(1, {
      factors: [factor(1), factor(2, { friendly_name: undefined, status: 'unverified', last_challenged_at: undefined })],
    });
    renderUsers({ users: [withFactors, authUser(2)], entry: `?user=${withFactors.id}` });
    const panel = within(await screen.findByRole('dialog', { name: 'user1@example.com' }));
    const section = within(await panel.findByRole('region', { name: 'MFA factors (2)' }));
    const [named, unnamed] = section.getAllByRole('listitem').map((item) => within(item));
    expect(named!.getByText('Phone app 1')).toBeTruthy();
    expect(named!.getByText('TOTP')).toBeTruthy();
    expect(named!.getByText('Verified')).toBeTruthy();
    expect(named!.getByText('Last challenged').nextSibling?.textContent).not.toBe('—');
    expect(unnamed!.getByText('Unnamed factor')).toBeTruthy();
    expect(unnamed!.getByText('Unverified')).toBeTruthy();
    expect(unnamed!.getByText('Last challenged').nextSibling?.textContent).toBe('—');
    expect(section.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
  });

  it('says a user without factors signs in with one factor', async () => {
    renderUsers({ entry: `?user=${authUser(1).id}` });
    const panel = within(await screen.findByRole('dialog', { name: 'user1@example.com' }));
    const section = within(await panel.findByRole('region', { name: 'MFA factors (0)' }));
    expect(section.getByText('No MFA factors: this user signs in with one factor.')).toBeTruthy();
  });

  it('removes a factor after a confirmation that says its sessions drop to aal1', async () => {
    const user = userEvent.setup();
    const withFactor = authUser(1, { factors: [factor(1)] });
    const { calls } = renderUsers({ users: [withFactor], entry: `?user=${withFactor.id}` });
    const panel = within(await screen.findByRole('dialog', { name: 'user1@example.com' }));
    await user.click(await panel.findByRole('button', { name: 'Remove Phone app 1' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove MFA factor' }));
    expect(confirm.getByText(/sessions that used it drop to aal1/)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Remove factor' }));
    expect(await screen.findByText('Removed MFA factor Phone app 1 from user1@example.com')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove MFA factor' })).toBeNull());
    expect(await panel.findByText('No MFA factors: this user signs in with one factor.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === `${USERS_PATH}/${withFactor.id}/factors/${factor(1).id}`)).toBe(
      true,
    );
  });

  it('lets Read-only members read and view details, without the actions', async () => {
    const user = userEvent.setup();
    renderUsers({ role: 'Read-only', users: [authUser(1, { factors: [factor(1)] })] });
    await rowOf('user1@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: /Add user/ })).toHaveProperty('disabled', true));
    await user.click(within(await rowOf('user1@example.com')).getByRole('button', { name: 'Actions for user1@example.com' }));
    expect(await screen.findByRole('menuitem', { name: 'View user details' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete user' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Ban user' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(await rowOf('user1@example.com')).getByRole('button', { name: 'user1@example.com' }));
    const panel = within(await screen.findByRole('dialog', { name: 'user1@example.com' }));
    expect(await panel.findByText('Phone app 1')).toBeTruthy();
    expect(panel.queryByRole('button', { name: /^Remove / })).toBeNull();
  });
});

function fetchedUrls(): string[] {
  return (globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } }).mock.calls.map(([input]) => String(input));
}

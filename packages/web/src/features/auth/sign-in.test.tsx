import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@basin/core';
import { json, mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { RequireSession } from './require-session';
import { SignInPage } from './sign-in-page';
import { SignUpPage } from './sign-up-page';

const SESSION = { user: { id: 'u1', email: 'ada@example.com', name: 'ada' }, session: { id: 's1', expiresAt: '2030-01-01' } };

const routes = [
  { path: '/sign-in', element: <SignInPage /> },
  { path: '/sign-up', element: <SignUpPage /> },
  {
    path: '/organizations',
    element: (
      <RequireSession>
        <p>Organizations page</p>
      </RequireSession>
    ),
  },
];

describe('sign in and sign up', () => {
  it('validates on submit, shows the server error, clears it on typing, then signs in', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    let attempts = 0;
    mockApi({
      'GET /api/auth/get-session': () => json(signedIn ? SESSION : null),
      'POST /api/auth/sign-in/email': () => {
        attempts += 1;
        if (attempts === 1) return json({ message: MESSAGES.signInFailed, code: 'INVALID_EMAIL_OR_PASSWORD' }, 401);
        signedIn = true;
        return json({ user: SESSION.user });
      },
    });
    renderRoutes(routes, '/sign-in');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(attempts).toBe(0);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.signInFailed)).toBeTruthy();

    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText(MESSAGES.signInFailed)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Organizations page')).toBeTruthy();
  });

  it('shows the rate-limit message on 429', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/auth/get-session': json(null),
      'POST /api/auth/sign-in/email': json({ message: 'Too many requests' }, 429),
    });
    renderRoutes(routes, '/sign-in');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.tooManyAttempts)).toBeTruthy();
  });

  it('signs up with a name from the email and goes to /organizations', async () => {
    const user = userEvent.setup();
    let signedUp = false;
    const { calls } = mockApi({
      'GET /api/auth/get-session': () => json(signedUp ? SESSION : null),
      'POST /api/auth/sign-up/email': () => {
        signedUp = true;
        return json({ user: SESSION.user });
      },
    });
    renderRoutes(routes, '/sign-up');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Organizations page')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/sign-up/email')?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse battery',
      name: 'ada',
    });
  });

  it('refuses a blank or common password on sign-up before asking the server, and keeps the name to 64 characters', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/auth/get-session': json(null),
      'POST /api/auth/sign-up/email': json({ user: SESSION.user }),
    });
    renderRoutes(routes, '/sign-up');
    const longLocalPart = 'a'.repeat(70);
    await user.type(screen.getByLabelText('Email'), `${longLocalPart}@example.com`);
    await user.type(screen.getByLabelText('Password'), 'Password');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('This password is too common: choose one that is harder to guess')).toBeTruthy();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), '         ');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Password must have at least 8 characters that are not spaces')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/sign-up/email')).toBe(false);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/auth/sign-up/email')?.body).toMatchObject({ name: 'a'.repeat(64) }),
    );
  });

  it('sends signed-out visitors of other pages to /sign-in', async () => {
    mockApi({ 'GET /api/auth/get-session': json(null) });
    const { router } = renderRoutes(routes, '/organizations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

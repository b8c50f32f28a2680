import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_MESSAGES, MESSAGES } from '@basin/core';
import type { AccessToken, CreatedAccessToken } from '@basin/core/schemas';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { AccessTokensPage } from './access-tokens-page';

const PATH = '/api/platform/profile/access-tokens';
const LAPTOP: AccessToken = {
  id: '5b0e8f7c-3c55-4b8e-9a57-0f1d2c3b4a59',
  name: 'Laptop CLI',
  token_alias: 'sbp_a1b2c3',
  created_at: '2026-03-01T10:00:00.000Z',
  last_used_at: '2026-03-02T09:30:00.000Z',
  expires_at: null,
};
const OLD: AccessToken = {
  ...LAPTOP,
  id: '9c4f1a2b-7d6e-4f3a-8b2c-1d0e9f8a7b6c',
  name: 'Old CI',
  token_alias: 'sbp_ffee00',
  last_used_at: null,
  expires_at: '2026-01-01T00:00:00.000Z',
};
const SECRET = `sbp_${'0123456789abcdef'.repeat(2)}01234567`;

const renderPage = () => renderAt('/account/tokens', <AccessTokensPage />);

describe('access tokens page', () => {
  it('lists tokens by name and alias, with when they were created, last used and expire', async () => {
    mockApi({ [`GET ${PATH}`]: json([LAPTOP, OLD]) });
    renderPage();
    const laptop = await screen.findByRole('row', { name: 'Laptop CLI' });
    expect(laptop.textContent).toContain('sbp_a1b2c3…');
    expect(laptop.textContent).toMatch(/Mar 1, 2026/);
    expect(laptop.textContent).toMatch(/Mar 2, 2026/);
    expect(laptop.textContent).toContain('Never');
    const old = screen.getByRole('row', { name: 'Old CI' });
    expect(old.textContent).toContain('Never used');
    expect(old.textContent).toMatch(/Expired Jan 1, 2026|Expired Dec 31, 2025/);
  });

  it('generates a token and shows it once, with a copy button and a warning', async () => {
    const user = userEvent.setup();
    let tokens: AccessToken[] = [LAPTOP];
    const { calls } = mockApi({
      [`GET ${PATH}`]: () => json(tokens),
      [`POST ${PATH}`]: ({ body }) => {
        const created: CreatedAccessToken = {
          ...LAPTOP,
          id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
          name: (body as { name: string }).name,
          token_alias: SECRET.slice(0, 10),
          last_used_at: null,
          expires_at: '2026-04-01T10:00:00.000Z',
          token: SECRET,
        };
        const { token: _token, ...listed } = created;
        tokens = [listed, ...tokens];
        return json(created, 201);
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate new token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate new token' });

    // A name is required.
    await user.click(await within(dialog).findByRole('button', { name: 'Generate token' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Name'), 'GitHub Actions');
    await user.click(within(dialog).getByRole('button', { name: 'Generate token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new access token' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'GitHub Actions', expires_in_days: 30 });
    expect((within(shown).getByRole('textbox') as HTMLInputElement).value).toBe(SECRET);
    expect(within(shown).getByText(ACCESS_TOKEN_MESSAGES.shownOnce)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeTruthy();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Listed by its alias; the token itself is gone from the page and does not come back.
    const row = await screen.findByRole('row', { name: 'GitHub Actions' });
    expect(row.textContent).toContain(`${SECRET.slice(0, 10)}…`);
    expect(document.body.textContent).not.toContain(SECRET);
    await user.click(screen.getByRole('button', { name: 'Generate new token' }));
    expect(await screen.findByRole('dialog', { name: 'Generate new token' })).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    mockApi({ [`GET ${PATH}`]: json([LAPTOP]), [`POST ${PATH}`]: json({ message: 'Expiry must be at most 365 days' }, 400) });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate new token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate new token' });
    await user.type(await within(dialog).findByLabelText('Name'), 'CI');
    await user.click(within(dialog).getByRole('button', { name: 'Generate token' }));
    expect(await within(dialog).findByText('Expiry must be at most 365 days')).toBeTruthy();
  });

  it('asks before deleting, and deletes only once confirmed', async () => {
    const user = userEvent.setup();
    let tokens: AccessToken[] = [LAPTOP, OLD];
    const { calls } = mockApi({
      [`GET ${PATH}`]: () => json(tokens),
      [`DELETE ${PATH}/${LAPTOP.id}`]: () => {
        tokens = tokens.filter((t) => t.id !== LAPTOP.id);
        return json(LAPTOP);
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Laptop CLI' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete access token' });
    expect(confirm.textContent).toContain('sbp_a1b2c3…');
    expect(confirm.textContent).toMatch(/refused from its next request on/);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    // Cancel keeps it.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Laptop CLI' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete access token' })).getByRole('button', { name: 'Delete token' }),
    );
    expect(await screen.findByText(ACCESS_TOKEN_MESSAGES.deleted('Laptop CLI'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Laptop CLI' })).toBeNull());
    expect(screen.getByRole('row', { name: 'Old CI' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${PATH}/${LAPTOP.id}`]);
  });

  it('shows an empty state with the generate button, and a retry when the list fails', async () => {
    const user = userEvent.setup();
    let failing = true;
    mockApi({ [`GET ${PATH}`]: () => (failing ? json({ message: 'down' }, 500) : json([])) });
    renderPage();
    expect(await screen.findByText(MESSAGES.genericError)).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: MESSAGES.tryAgain }));
    expect(await screen.findByText('No access tokens')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate new token' })).toBeTruthy();
  });
});

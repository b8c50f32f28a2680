import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Role, VAULT_MESSAGES } from '@basin/core';
import type { VaultSecret } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { VaultPage } from './vault-page';

const SECRETS = `/api/platform/projects/${PROJECT_REF}/vault/secrets`;
const stripe: VaultSecret = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'stripe_key',
  description: 'Stripe live key',
  created_at: '2026-03-04T21:05:00.000Z',
  updated_at: '2026-03-05T10:00:00.000Z',
};

function renderPage({ role = 'Owner' as Role, list = json([stripe]) as MockAnswer, create = json(stripe, 201) as MockAnswer } = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${SECRETS}`]: list,
    [`POST ${SECRETS}`]: create,
    [`GET ${SECRETS}/${stripe.id}/decrypted`]: json({ id: stripe.id, decrypted_secret: 'sk_live_123' }),
    [`PATCH ${SECRETS}/${stripe.id}`]: json({ ...stripe, description: 'Rotated' }),
    [`DELETE ${SECRETS}/${stripe.id}`]: json(stripe),
  });
  return {
    ...api,
    ...renderRoutes([{ path: '/project/:ref/settings/vault', element: <VaultPage /> }], `/project/${PROJECT_REF}/settings/vault`),
  };
}

describe('Vault page', () => {
  it('lists the secrets with their value hidden, and reveals one on request only', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Vault' })).toBeTruthy();
    const row = (await screen.findByText('stripe_key')).closest('tr')!;
    expect(within(row).getByText('Stripe live key')).toBeTruthy();
    expect(within(row).getByLabelText('Hidden value')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/decrypted'))).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Reveal stripe_key' }));
    expect(await within(row).findByText('sk_live_123')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Copy' })).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Hide stripe_key' }));
    expect(within(row).queryByText('sk_live_123')).toBeNull();
    expect(screen.getByText('Using the Vault')).toBeTruthy();
  });

  it('adds a secret through the dialog, requiring a name and a value', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ list: json([]) });
    expect(await screen.findByText('No secrets yet')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Add new secret' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add new secret' });
    await user.click(within(dialog).getByRole('button', { name: 'Add secret' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Name'), 'stripe_key');
    await user.click(within(dialog).getByRole('button', { name: 'Add secret' }));
    expect(await within(dialog).findByText('Secret value is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Description'), 'Stripe live key');
    await user.type(within(dialog).getByLabelText('Secret value'), 'sk_live_123');
    await user.click(within(dialog).getByRole('button', { name: 'Add secret' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'stripe_key',
        description: 'Stripe live key',
        secret: 'sk_live_123',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a taken name on the name field', async () => {
    const user = userEvent.setup();
    renderPage({ create: json({ message: VAULT_MESSAGES.nameTaken('stripe_key') }, 409) });
    await screen.findByText('stripe_key');
    await user.click(screen.getByRole('button', { name: 'Add new secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new secret' });
    await user.type(within(dialog).getByLabelText('Name'), 'stripe_key');
    await user.type(within(dialog).getByLabelText('Secret value'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Add secret' }));
    expect(await within(dialog).findByText('A secret named "stripe_key" already exists')).toBeTruthy();
  });

  it('edits only what changed, keeping the value when none is typed, and deletes after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit stripe_key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit secret stripe_key' });
    const description = within(dialog).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Rotated');
    await user.click(within(dialog).getByRole('button', { name: 'Save secret' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ description: 'Rotated' }));

    await user.click(await screen.findByRole('button', { name: 'Delete stripe_key' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete secret' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete secret' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === `${SECRETS}/${stripe.id}`)).toBe(true));
  });

  it('refuses Read-only members without asking for the secrets', async () => {
    const { calls } = renderPage({ role: 'Read-only' });
    expect(await screen.findByText(VAULT_MESSAGES.noPermission)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add new secret' })).toBeNull();
    expect(calls.some((call) => call.path === SECRETS)).toBe(false);
  });

  it('says why the list failed (a stopped database) and offers to try again', async () => {
    renderPage({ list: json({ message: VAULT_MESSAGES.notRunning('INACTIVE') }, 409) });
    expect(await screen.findByText(VAULT_MESSAGES.listFailed)).toBeTruthy();
    expect(screen.getByText(VAULT_MESSAGES.notRunning('INACTIVE'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@basin/core';
import type { SecretItem } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { FunctionSecretsPage } from './secrets-page';

const SECRETS = `/api/v1/projects/${PROJECT_REF}/secrets`;

function renderSecrets({
  role = 'Owner',
  secrets = [{ name: 'STRIPE_KEY', value: 'f'.repeat(64), updated_at: '2026-03-02T11:30:00.000Z' }],
}: { role?: Role; secrets?: SecretItem[] } = {}) {
  let current = secrets;
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: () => json(projectFixture()),
    'GET /api/platform/organizations/acme': () => json(organizationFixture({ role })),
    [`GET ${SECRETS}`]: () => json(current),
    [`POST ${SECRETS}`]: (request) => {
      const added = request.body as { name: string; value: string }[];
      current = [
        ...current.filter((s) => !added.some((a) => a.name === s.name)),
        ...added.map((a) => ({ name: a.name, value: 'e'.repeat(64) })),
      ];
      return { status: 201 };
    },
    [`DELETE ${SECRETS}`]: (request) => {
      current = current.filter((s) => !(request.body as string[]).includes(s.name));
      return json({});
    },
  });
  return { ...api, ...renderAt('/project/:ref/functions/secrets', <FunctionSecretsPage />, `/project/${PROJECT_REF}/functions/secrets`) };
}

describe('Edge function secrets', () => {
  it('lists names with their digest, never values', async () => {
    renderSecrets();
    const row = within((await screen.findByText('STRIPE_KEY')).closest('tr')!);
    expect(row.getByText(`${'f'.repeat(16)}…`)).toBeTruthy();
    expect(row.getByText(/Mar 2, 2026/)).toBeTruthy();
  });

  it('checks names and values, then saves several pairs at once', async () => {
    const user = userEvent.setup();
    const { calls } = renderSecrets({ secrets: [] });
    expect(await screen.findByText('No secrets yet')).toBeTruthy();
    await user.type(screen.getByLabelText('Name of secret 1'), 'SUPABASE_X');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Secret names must not start with SUPABASE_')).toBeTruthy();
    expect(screen.getByText('Give the secret a value')).toBeTruthy();
    await user.clear(screen.getByLabelText('Name of secret 1'));
    await user.type(screen.getByLabelText('Name of secret 1'), 'API_TOKEN');
    await user.type(screen.getByLabelText('Value of secret 1'), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Add another' }));
    await user.type(screen.getByLabelText('Name of secret 2'), '2FAST');
    await user.type(screen.getByLabelText('Value of secret 2'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A secret name holds only letters, digits and _, and does not start with a digit')).toBeTruthy();
    await user.clear(screen.getByLabelText('Name of secret 2'));
    await user.type(screen.getByLabelText('Name of secret 2'), 'MAIL_FROM');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved 2 secrets')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual([
      { name: 'API_TOKEN', value: 's3cret' },
      { name: 'MAIL_FROM', value: 'x' },
    ]);
    expect(await screen.findByText('API_TOKEN')).toBeTruthy();
    expect(screen.getByLabelText('Name of secret 1')).toHaveProperty('value', '');
  });

  it('fills one row per line when .env lines are pasted into a name', async () => {
    renderSecrets({ secrets: [] });
    const name = await screen.findByLabelText('Name of secret 1');
    fireEvent.paste(name, { clipboardData: { getData: () => '# keys\nA_KEY=one\nexport B_KEY="two words"\n' } });
    await waitFor(() => expect(screen.getByLabelText('Name of secret 2')).toHaveProperty('value', 'B_KEY'));
    expect(screen.getByLabelText('Name of secret 1')).toHaveProperty('value', 'A_KEY');
    expect(screen.getByLabelText('Value of secret 2')).toHaveProperty('value', 'two words');
  });

  it('updates a secret through the form and deletes one after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = renderSecrets();
    await user.click(await screen.findByRole('button', { name: 'Update STRIPE_KEY' }));
    expect(screen.getByLabelText('Name of secret 1')).toHaveProperty('value', 'STRIPE_KEY');
    await user.click(screen.getByRole('button', { name: 'Delete STRIPE_KEY' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete secret' }));
    await user.click(dialog.getByRole('button', { name: 'Delete secret' }));
    expect(await screen.findByText('No secrets yet')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual(['STRIPE_KEY']);
  });

  it('tells Read-only members they may not see secrets, and asks nothing of the server', async () => {
    const { calls } = renderSecrets({ role: 'Read-only' });
    expect(await screen.findByText('You need additional permissions to manage edge function secrets')).toBeTruthy();
    expect(calls.some((call) => call.path === SECRETS)).toBe(false);
  });
});

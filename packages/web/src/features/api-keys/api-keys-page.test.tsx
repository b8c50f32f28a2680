import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_KEYS_MESSAGES, type Role } from '@basin/core';
import type { JwtSecretUpdateStatus, ProjectSettings } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { ApiKeysPage } from './api-keys-page';

const BASE = `/api/platform/projects/${PROJECT_REF}`;
const updated: JwtSecretUpdateStatus = { changeTrackingId: null, error: null, progress: null, status: 'Updated' };
const settingsOf = (anon = 'eyJ.anon.key', service = 'eyJ.service.key'): ProjectSettings => ({
  ref: PROJECT_REF,
  service_api_keys: [
    { api_key: anon, tags: 'anon', name: 'anon' },
    { api_key: service, tags: 'service_role', name: 'service_role' },
  ],
  app_config: { protocol: 'http', endpoint: `${PROJECT_REF}.localhost:8080` },
  jwt_secret: 'super-secret',
  db_schema: 'public',
  jwtSecretUpdateStatus: updated,
});

function renderPage({
  role = 'Owner' as Role,
  settings = json(settingsOf()) as MockAnswer,
  rotate = json({ ...updated, changeTrackingId: 'c1' }) as MockAnswer,
  status = updated,
} = {}) {
  let rotated = false;
  const api = mockApi({
    [`GET ${BASE}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${BASE}/settings`]: () => (rotated ? json(settingsOf('eyJ.anon.new', 'eyJ.service.new')) : settings),
    [`GET ${BASE}/config/secrets/update-status`]: json(status),
    [`POST ${BASE}/config/secrets`]: () => {
      rotated = true;
      return rotate;
    },
  });
  return {
    ...api,
    ...renderRoutes(
      [{ path: '/project/:ref/settings/api-keys/new', element: <ApiKeysPage /> }],
      `/project/${PROJECT_REF}/settings/api-keys/new`,
    ),
  };
}

describe('API keys page', () => {
  it('shows the publishable (anon) key and the secret (service_role) key masked, and says how they differ from opaque keys', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'API Keys' })).toBeTruthy();
    expect(((await screen.findByLabelText('anon key')) as HTMLInputElement).value).toBe('eyJ.anon.key');
    const secret = screen.getByLabelText('service_role key') as HTMLInputElement;
    expect(secret.value).not.toContain('service');
    expect(screen.getByRole('heading', { name: 'Publishable key' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Secret key' })).toBeTruthy();
    expect(screen.getByText(/sb_publishable_… and sb_secret_…/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API settings' }).getAttribute('href')).toBe(`/project/${PROJECT_REF}/settings/api`);
  });

  it('rotates both keys after the project ref is typed, and shows the new ones', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await screen.findByLabelText('anon key');
    await user.click(screen.getByRole('button', { name: 'Rotate keys' }));
    const dialog = await screen.findByRole('dialog', { name: "Rotate the project's API keys?" });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate keys' }));
    expect(await within(dialog).findByText('Value entered does not match')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByRole('textbox'), PROJECT_REF);
    await user.click(within(dialog).getByRole('button', { name: 'Rotate keys' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === `${BASE}/config/secrets`)).toBe(true));
    await waitFor(() => expect((screen.getByLabelText('anon key') as HTMLInputElement).value).toBe('eyJ.anon.new'));
  });

  it('lets Developers read the keys but not rotate them', async () => {
    renderPage({ role: 'Developer' });
    await screen.findByLabelText('anon key');
    expect(screen.getByRole('button', { name: 'Rotate keys' })).toHaveProperty('disabled', true);
  });

  it('tells Read-only members the keys are not theirs to see', async () => {
    renderPage({ role: 'Read-only', settings: json({ ...settingsOf(), service_api_keys: [], jwt_secret: null }) });
    expect(await screen.findByText(API_KEYS_MESSAGES.noPermission)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rotate keys' })).toBeNull();
  });

  it('shows the rotation in progress instead of the keys', async () => {
    const updating: JwtSecretUpdateStatus = { ...updated, status: 'Updating' };
    renderPage({ settings: json({ ...settingsOf(), jwtSecretUpdateStatus: updating }), status: updating });
    expect((await screen.findAllByText(API_KEYS_MESSAGES.updating)).length).toBeGreaterThan(0);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_MESSAGES, type Role } from '@basin/core';
import { DEFAULT_REALTIME_CONFIG, type RealtimeConfig } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer, type MockHandler } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { RealtimeSettingsPage } from './realtime-settings-page';

const PATH = `/api/platform/projects/${PROJECT_REF}/config/realtime`;
const CONFIG: RealtimeConfig = { ...DEFAULT_REALTIME_CONFIG, max_concurrent_users: 500, max_payload_size_in_kb: 128 };

function renderPage({ role = 'Owner' as Role, get = json(CONFIG) as MockAnswer | MockHandler } = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${PATH}`]: get,
    [`PATCH ${PATH}`]: (request) => json({ ...CONFIG, ...(request.body as object) }),
  });
  renderAt('/project/:ref/realtime/settings', <RealtimeSettingsPage />, `/project/${PROJECT_REF}/realtime/settings`);
  return { ...api, patches: () => api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body) };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

/** The form once the settings and the member's role have loaded. */
async function loaded() {
  await waitFor(() => expect(field('Max concurrent clients').value).toBe('500'));
  await waitFor(() => expect(field('Max concurrent clients').readOnly).toBe(false));
}

describe('realtime settings page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the stored values with their units and maxima', async () => {
    renderPage();
    await loaded();
    expect(screen.getByRole('heading', { name: 'Realtime Settings' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Private channels only' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/policies on realtime\.messages/)).toBeTruthy();
    expect(field('Max payload size').value).toBe('128');
    expect(field('Max channels per client').value).toBe('100');
    expect(field('Max channels per client').getAttribute('aria-describedby')).toBe('realtime-max_channels_per_client-description');
    expect(screen.getByText('Default 100, at most 1,000 channels.')).toBeTruthy();
    expect(screen.getByText('Default 256, at most 3,000 KB.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('says what is wrong with 0 and with a value above the maximum, and sends nothing', async () => {
    const user = userEvent.setup();
    const { patches } = renderPage();
    await loaded();
    await user.clear(field('Max channels per client'));
    await user.type(field('Max channels per client'), '0');
    expect(await screen.findByText('Max channels per client must be at least 1')).toBeTruthy();
    await user.clear(field('Max payload size'));
    await user.type(field('Max payload size'), '3001');
    expect(await screen.findByText('Max payload size must be at most 3000')).toBeTruthy();
    await user.click(saveButton());
    expect(field('Max channels per client').getAttribute('aria-invalid')).toBe('true');
    expect(patches()).toEqual([]);
  });

  it('sends only the changed settings, then is clean again', async () => {
    const user = userEvent.setup();
    const { patches } = renderPage();
    await loaded();
    await user.clear(field('Max channels per client'));
    await user.type(field('Max channels per client'), '1');
    await user.click(screen.getByRole('switch', { name: 'Private channels only' }));
    await user.click(saveButton());
    await waitFor(() => expect(patches()).toEqual([{ max_channels_per_client: 1, private_only: true }]));
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(field('Max channels per client').value).toBe('1');
  });

  it('puts the stored values back on Cancel', async () => {
    const user = userEvent.setup();
    const { patches } = renderPage();
    await loaded();
    await user.clear(field('Max concurrent clients'));
    await user.type(field('Max concurrent clients'), '42');
    expect(saveButton().disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field('Max concurrent clients').value).toBe('500');
    expect(saveButton().disabled).toBe(true);
    expect(patches()).toEqual([]);
  });

  it('shows a Developer the values read-only, with the reason and no way to save', async () => {
    const user = userEvent.setup();
    const { patches } = renderPage({ role: 'Developer' });
    expect(await screen.findByText('These settings are read-only for you')).toBeTruthy();
    expect(field('Max concurrent clients').value).toBe('500');
    expect(field('Max concurrent clients').readOnly).toBe(true);
    expect((screen.getByRole('switch', { name: 'Private channels only' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(field('Max concurrent clients'), '1');
    expect(field('Max concurrent clients').value).toBe('500');
    expect(saveButton().disabled).toBe(true);
    await user.hover(saveButton().parentElement as HTMLElement);
    expect((await screen.findAllByText(REALTIME_MESSAGES.settingsForbidden)).length).toBeGreaterThan(0);
    expect(patches()).toEqual([]);
  });

  it('says when the settings could not be read, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPage({ get: () => (fail ? json({ message: 'Project is not reachable' }, 500) : json(CONFIG)) });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    await loaded();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_KEYS_MESSAGES, type Role } from '@basin/core';
import type { CustomHostname, JwtSecretUpdateStatus, LogsQueryResult, Organization, ProjectSettings } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer, type MockHandler } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { ApiDocsButton } from '../api-docs/api-docs-button';
import { ApiSettings } from './api-settings';
import { CUSTOM_DOMAIN_TEXTS } from './custom-domain-card';

const BASE = `/api/platform/projects/${PROJECT_REF}`;
const ANON = 'eyJhbGciOiJIUzI1NiJ9.anon.anonsignature';
const SERVICE = 'eyJhbGciOiJIUzI1NiJ9.service.servicesignature';
const SECRET = 'x'.repeat(64);
const status = (value: JwtSecretUpdateStatus['status']): JwtSecretUpdateStatus => ({
  changeTrackingId: null,
  error: null,
  progress: null,
  status: value,
});

/** A platform with BASIN_DOMAIN=basin.test: the host form first, the path form second. */
const GATEWAY_URL = `http://127.0.0.1:8080/api/projects/${PROJECT_REF}/gateway`;
const project = projectFixture({
  restUrl: `http://${PROJECT_REF}.basin.test/rest/v1/`,
  apiUrls: [
    { url: `http://${PROJECT_REF}.basin.test`, form: 'host' },
    { url: GATEWAY_URL, form: 'path' },
  ],
});

function settingsFixture(canRead = true): ProjectSettings {
  return {
    ref: PROJECT_REF,
    service_api_keys: canRead
      ? [
          { api_key: ANON, tags: 'anon', name: 'anon' },
          { api_key: SERVICE, tags: 'service_role', name: 'service_role' },
        ]
      : [],
    app_config: { protocol: 'http', endpoint: `${PROJECT_REF}.basin.test` },
    jwt_secret: canRead ? SECRET : null,
    db_schema: 'public',
    jwtSecretUpdateStatus: status('Updated'),
  };
}

/** The keys panel's log query over edge_logs: rows by the first 8 characters of each key's signature. */
const LOGS_ALL = `${BASE}/analytics/endpoints/logs.all`;
const logRows = (result: LogsQueryResult['result']): LogsQueryResult => ({ result, error: null, warnings: [] });
const NEVER_USED = logRows([]);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 5_000).toISOString();
const hostname = (value: CustomHostname['status']): CustomHostname => ({ status: value, customDomain: null });

function renderPage({
  role = 'Owner' as Role,
  plan = { id: 'free', name: 'Free' } as Organization['plan'],
  settings = json(settingsFixture(role !== 'Read-only')) as MockAnswer | MockHandler,
  updateStatus = json(status('Updated')) as MockAnswer | MockHandler,
  rotate = json(status('Updated')) as MockAnswer,
  lastUsed = json(NEVER_USED) as MockAnswer,
  customHostname = json(hostname(plan.id === 'free' ? '0_not_allowed' : '0_no_hostname_configured')) as MockAnswer,
} = {}) {
  const api = mockApi({
    [`GET ${BASE}`]: json(project),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role, plan })),
    [`GET ${BASE}/settings`]: settings,
    [`GET ${BASE}/config/secrets/update-status`]: updateStatus,
    [`POST ${BASE}/config/secrets`]: rotate,
    [`GET ${LOGS_ALL}`]: lastUsed,
    [`GET /api/v1/projects/${PROJECT_REF}/custom-hostname`]: customHostname,
    [`GET ${BASE}/config/postgrest`]: json({ db_schema: 'public', max_rows: 1000, db_aggregates_enabled: false, db_plan_enabled: false }),
  });
  renderAt('/project/:ref/settings/api', <ApiSettings />, `/project/${PROJECT_REF}/settings/api`);
  return api;
}

const field = (label: string) => screen.findByLabelText<HTMLInputElement>(label);
const rowOf = (input: HTMLElement) => input.parentElement!;

describe('API settings page', () => {
  it('shows the anon key, the service_role key and the JWT secret hidden until revealed, and the URL', async () => {
    const user = userEvent.setup();
    renderPage();
    expect((await field('anon public')).value).toBe(ANON);
    const service = await field('service_role secret');
    expect(service.value).not.toContain(SERVICE);
    await user.click(screen.getByRole('button', { name: 'Reveal service_role secret' }));
    expect(service.value).toBe(SERVICE);
    await user.click(screen.getByRole('button', { name: 'Hide service_role secret' }));
    expect(service.value).not.toContain(SERVICE);
    expect((await field('URL')).value).toBe(`http://${PROJECT_REF}.basin.test`);
    expect((await field('Other project URL')).value).toBe(GATEWAY_URL);
    expect(
      screen.getByText("The same API through the dashboard's address, for clients that cannot resolve the project's host name."),
    ).toBeTruthy();
    const secret = await field('JWT Secret');
    expect(secret.value).not.toContain(SECRET);
    await user.click(screen.getByRole('button', { name: 'Reveal JWT Secret' }));
    expect(secret.value).toBe(SECRET);
  });

  it('resets the key copy label after 2 s and the configuration copy label after 3 s', async () => {
    const user = userEvent.setup();
    renderPage();
    const urlCopy = within(rowOf(await field('URL'))).getByRole('button', { name: 'Copy' });
    const keyCopy = within(rowOf(await field('anon public'))).getByRole('button', { name: 'Copy' });
    await user.click(urlCopy);
    await user.click(keyCopy);
    expect(await navigator.clipboard.readText()).toBe(ANON);
    expect(keyCopy.textContent).toBe('Copied');
    await waitFor(() => expect(keyCopy.textContent).toBe('Copy'), { timeout: 2900 });
    expect(urlCopy.textContent).toBe('Copied');
    await waitFor(() => expect(urlCopy.textContent).toBe('Copy'), { timeout: 2000 });
  });

  it('tells Read-only members they may not see the keys and offers no rotation', async () => {
    renderPage({ role: 'Read-only' });
    expect(await screen.findByText(API_KEYS_MESSAGES.noPermission)).toBeTruthy();
    expect((await field('URL')).value).toBe(`http://${PROJECT_REF}.basin.test`);
    expect(screen.queryByLabelText('anon public')).toBeNull();
    expect(screen.queryByLabelText('JWT Secret')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate a new JWT secret' })).toBeNull();
  });

  it("says 'Failed to retrieve configuration' and toasts 'Failed to retrieve API keys' when the settings cannot be read", async () => {
    renderPage({ settings: json({ message: 'boom' }, 500) });
    expect(await screen.findByText(API_KEYS_MESSAGES.configFailed)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(API_KEYS_MESSAGES.keysFailedToast).length).toBeGreaterThanOrEqual(2));
  });

  it("shows 'Updating JWT secret...' while updating, polls every second, then shows the new keys", async () => {
    let polls = 0;
    const updateStatus: MockHandler = () => json(status(++polls < 3 ? 'Updating' : 'Updated'));
    const { calls } = renderPage({ updateStatus });
    expect((await field('anon public')).value).toBe(API_KEYS_MESSAGES.updating);
    expect((await field('service_role secret')).value).toBe(API_KEYS_MESSAGES.updating);
    await waitFor(() => expect((screen.getByLabelText('anon public') as HTMLInputElement).value).toBe(ANON), { timeout: 4000 });
    expect(polls).toBe(3);
    // The keys are read again once the rotation settles.
    expect(calls.filter((call) => call.path === `${BASE}/settings`).length).toBeGreaterThanOrEqual(2);
  });

  it("shows 'JWT secret update failed, new API key may have issues' after a failed rotation", async () => {
    renderPage({ updateStatus: json({ ...status('Failed'), error: 'signing failed' }) });
    await waitFor(() => expect((screen.getByLabelText('anon public') as HTMLInputElement).value).toBe(API_KEYS_MESSAGES.updateFailed));
  });

  it('rotates the secret only after the ref is typed, and toasts when that fails', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ rotate: json({ message: 'boom' }, 500) });
    await user.click(await screen.findByRole('button', { name: 'Generate a new JWT secret' }));
    const dialog = screen.getByRole('dialog', { name: 'Generate a new JWT secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate new secret' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText(`Type ${PROJECT_REF} to confirm.`), PROJECT_REF);
    await user.click(within(dialog).getByRole('button', { name: 'Generate new secret' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === `${BASE}/config/secrets`)).toBe(true));
    expect(await screen.findByText(API_KEYS_MESSAGES.updateFailedToast)).toBeTruthy();
  });
});

describe('keys last used', () => {
  it('says when each key was last used in the last 24 hours', async () => {
    const { calls } = renderPage({ lastUsed: json(logRows([{ key_signature_prefix: 'anonsign', last_used_at: minutesAgo(3) }])) });
    const anon = rowOf(await field('anon public')).parentElement!;
    expect(await within(anon).findByText('Last used 3 minutes ago')).toBeTruthy();
    const service = rowOf(await field('service_role secret')).parentElement!;
    expect(within(service).getByText('Not used in the last 24 hours')).toBeTruthy();
    expect(calls.filter((call) => call.path === LOGS_ALL)).toHaveLength(1);
  });

  it.each([
    ['the request fails', json({ message: 'boom' }, 500)],
    ['the query fails', json({ result: [], error: { message: 'boom' }, warnings: [] })],
  ])(
    "says 'Failed to identify when the anon and service_role keys were last used' when %s, and still shows the keys",
    async (_, answer) => {
      renderPage({ lastUsed: answer });
      expect(await screen.findByText(API_KEYS_MESSAGES.lastUsedFailed)).toBeTruthy();
      expect((await field('anon public')).value).toBe(ANON);
      expect(screen.queryByText(/Last used|Not used/)).toBeNull();
    },
  );

  it('is not asked for by members who may not read the keys', async () => {
    const { calls } = renderPage({ role: 'Read-only' });
    expect(await screen.findByText(API_KEYS_MESSAGES.noPermission)).toBeTruthy();
    expect(calls.some((call) => call.path === LOGS_ALL)).toBe(false);
  });
});

describe('custom domains', () => {
  it('offers the upgrade on the free plan', async () => {
    renderPage();
    expect(await screen.findByText(CUSTOM_DOMAIN_TEXTS.notAllowed)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toContain('/org/acme/billing?panel=subscriptionPlan');
  });

  it('explains on paid plans that Basin cannot issue certificates or DNS, and how to put a domain in front', async () => {
    renderPage({ plan: { id: 'pro', name: 'Pro' } });
    expect(await screen.findByText(CUSTOM_DOMAIN_TEXTS.notConfigured)).toBeTruthy();
    expect(await screen.findByText(CUSTOM_DOMAIN_TEXTS.howTo(`${PROJECT_REF}.basin.test`))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).toBeNull();
  });

  it("reads the spec's refusal messages as statuses", async () => {
    renderPage({ customHostname: json({ message: 'Your organization is not allowed to set up custom domain' }, 400) });
    expect(await screen.findByText(CUSTOM_DOMAIN_TEXTS.notAllowed)).toBeTruthy();
  });

  it('says so when the custom domain cannot be read', async () => {
    renderPage({ customHostname: json({ message: 'boom' }, 500) });
    expect(await screen.findByText(CUSTOM_DOMAIN_TEXTS.failed)).toBeTruthy();
  });
});

describe('API docs panel keys', () => {
  it('shows the real keys to members who may read them', async () => {
    const user = userEvent.setup();
    mockApi({
      [`GET ${BASE}`]: json(projectFixture()),
      'GET /api/platform/organizations/acme': json(organizationFixture({ role: 'Developer' })),
      [`GET ${BASE}/settings`]: json(settingsFixture()),
      [`GET ${BASE}/api/rest`]: json({ swagger: '2.0', definitions: {}, paths: {} }),
    });
    renderAt('/project/:ref', <ApiDocsButton projectRef={PROJECT_REF} />, `/project/${PROJECT_REF}`);
    await user.click(screen.getByRole('button', { name: 'API Docs' }));
    await user.click(await screen.findByRole('button', { name: 'Show keys' }));
    expect(await screen.findByText(ANON, { selector: 'code' })).toBeTruthy();
    expect(screen.getByText(SERVICE, { selector: 'code' })).toBeTruthy();
    expect(screen.getAllByText(new RegExp(ANON.replaceAll('.', '\\.'))).length).toBeGreaterThanOrEqual(2); // the client example too
  });
});

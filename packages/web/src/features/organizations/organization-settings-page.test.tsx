import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_MESSAGES, FEATURE_FLAG_DEFAULTS, ORGANIZATION_SETTINGS_MESSAGES, type FeatureFlags, type Role } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { organizationFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { OrganizationSettingsPage } from './organization-settings-page';

const ORG = '/api/platform/organizations/acme';
const M = ORGANIZATION_SETTINGS_MESSAGES;

/** A server holding the organization: GET answers what the last PATCH set, unless `patch` answers instead. */
function renderPage({
  role = 'Owner' as Role,
  organization = {} as Partial<Organization>,
  flags = {} as Partial<FeatureFlags>,
  patch,
}: { role?: Role; organization?: Partial<Organization>; flags?: Partial<FeatureFlags>; patch?: MockAnswer } = {}) {
  let current = organizationFixture({ role, ...organization });
  const api = mockApi({
    [`GET ${ORG}`]: () => json(current),
    'GET /api/platform/organizations': () => json([current]),
    [`GET ${ORG}/feature-flags`]: json({ ...FEATURE_FLAG_DEFAULTS, ...flags }),
    [`PATCH ${ORG}`]: (request) => {
      if (patch) return patch;
      current = { ...current, ...(request.body as Partial<Organization>) };
      return json(current);
    },
  });
  const rendered = renderRoutes([{ path: '/org/:slug/general', element: <OrganizationSettingsPage /> }], '/org/acme/general');
  const patches = () => api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
  return { ...api, ...rendered, patches };
}

const optInRadios = () => screen.getAllByRole('radio');
const detailsSave = () => within(screen.getByLabelText('Organization name').closest('form')!).getByRole('button', { name: 'Save' });
const optInSave = () => within(screen.getByRole('radiogroup').closest('form')!).getByRole('button', { name: 'Save' });

describe('organization settings page', () => {
  it('sends only the fields with a value, then reads the organization again', async () => {
    const user = userEvent.setup();
    const { calls, patches } = renderPage({ organization: { additional_billing_emails: ['ops@acme.test'] } });
    const name = await screen.findByLabelText('Organization name');
    expect(screen.getByLabelText<HTMLInputElement>('Additional billing emails').value).toBe('ops@acme.test');

    await user.clear(name);
    await user.type(name, 'Acme Labs');
    await user.click(detailsSave());
    // The billing email is empty, so it is not sent; the list is (an empty one would clear it).
    await waitFor(() => expect(patches()).toEqual([{ name: 'Acme Labs', additional_billing_emails: ['ops@acme.test'] }]));
    expect((await screen.findAllByText(M.updated)).length).toBeGreaterThan(0);
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.path === ORG).length).toBeGreaterThan(1));

    await user.type(screen.getByLabelText('Billing email'), 'billing@acme.test');
    const additional = screen.getByLabelText('Additional billing emails');
    await user.clear(additional);
    await user.type(additional, 'cfo@acme.test; ops@acme.test, cfo@acme.test');
    await user.click(detailsSave());
    await waitFor(() =>
      expect(patches()[1]).toEqual({
        name: 'Acme Labs',
        billing_email: 'billing@acme.test',
        additional_billing_emails: ['cfo@acme.test', 'ops@acme.test'],
      }),
    );
  });

  it('shows validation messages and sends nothing', async () => {
    const user = userEvent.setup();
    const { patches } = renderPage();
    const name = await screen.findByLabelText('Organization name');
    await user.clear(name);
    await user.type(screen.getByLabelText('Billing email'), 'not-an-email');
    await user.type(screen.getByLabelText('Additional billing emails'), 'ok@acme.test, nope');
    await user.click(detailsSave());
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Billing email must be a valid email address')).toBeTruthy();
    expect(screen.getByText('Additional billing email "nope" is not a valid email address')).toBeTruthy();
    expect(patches()).toEqual([]);
  });

  it("toasts 'Failed to update organization' when the details are refused", async () => {
    const user = userEvent.setup();
    renderPage({ patch: json({ message: 'Name must be at most 64 characters' }, 400) });
    const name = await screen.findByLabelText('Organization name');
    await user.type(name, ' Renamed');
    await user.click(detailsSave());
    expect(await screen.findByText(M.updateFailed('Name must be at most 64 characters'))).toBeTruthy();
  });

  it('shows the opt-in levels the flags enable, the stored one chosen, and saves a level as its tags', async () => {
    const user = userEvent.setup();
    const { patches } = renderPage({
      organization: { opt_in_tags: ['AI_SQL', 'AI_LOG'] },
      flags: { aiOptInLevelSchemaAndLogAndData: false },
    });
    const chosen = await screen.findByRole('radio', { name: 'Schema and logs' });
    expect(chosen.getAttribute('aria-checked')).toBe('true');
    expect(optInRadios().map((radio) => radio.getAttribute('aria-checked'))).toEqual(['false', 'false', 'true']);
    expect(screen.queryByRole('radio', { name: 'Schema, logs and data' })).toBeNull();
    expect(screen.queryByText(M.metadataWarningTitle)).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Schema only' }));
    expect(screen.getByText(M.metadataWarningTitle)).toBeTruthy();
    expect(screen.getByText(M.metadataWarning.schema)).toBeTruthy();
    await user.click(optInSave());
    await waitFor(() => expect(patches()).toEqual([{ opt_in_tags: ['AI_SQL'] }]));
    expect((await screen.findAllByText(M.optInUpdated)).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('radio', { name: 'Disabled' }));
    expect(screen.getByText(M.metadataWarning.disabled)).toBeTruthy();
    await user.click(optInSave());
    await waitFor(() => expect(patches()[1]).toEqual({ opt_in_tags: [] }));
  });

  it('asks for a level when the stored one is not offered', async () => {
    const user = userEvent.setup();
    const { patches } = renderPage({ organization: { opt_in_tags: [] }, flags: { aiOptInLevelDisabled: false } });
    await screen.findByRole('radio', { name: 'Schema only' });
    expect(optInRadios()).toHaveLength(3);
    expect(optInRadios().every((radio) => radio.getAttribute('aria-checked') === 'false')).toBe(true);
    await user.click(optInSave());
    expect(await screen.findByText(ASSISTANT_MESSAGES.optInRequired)).toBeTruthy();
    expect(patches()).toEqual([]);
  });

  it("toasts 'Failed to update settings' for a refused level", async () => {
    const user = userEvent.setup();
    renderPage({ patch: json({ message: 'Internal server error' }, 500) });
    await user.click(await screen.findByRole('radio', { name: 'Schema only' }));
    await user.click(optInSave());
    expect(await screen.findByText(M.settingsFailed('Internal server error'))).toBeTruthy();
  });

  it("says 'Failed to update settings: Organization not found.' on a 404", async () => {
    const user = userEvent.setup();
    renderPage({ patch: json({ message: 'Organization not found' }, 404) });
    await user.click(await screen.findByRole('radio', { name: 'Schema only' }));
    await user.click(optInSave());
    expect(await screen.findByText(M.settingsOrganizationMissing)).toBeTruthy();
  });

  it('disables everything for members without organizations:update, and says why', async () => {
    renderPage({ role: 'Developer', organization: { opt_in_tags: ['AI_SQL'] } });
    await screen.findByRole('radio', { name: 'Schema only' });
    expect(screen.getAllByText(M.noUpdatePermission).length).toBe(2);
    expect(screen.getByLabelText<HTMLInputElement>('Organization name').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Billing email').disabled).toBe(true);
    expect(optInRadios().every((radio) => radio.hasAttribute('disabled'))).toBe(true);
    for (const save of screen.getAllByRole('button', { name: 'Save' })) expect(save.hasAttribute('disabled')).toBe(true);
  });

  it("explains data privacy in Basin's words", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: M.privacyButton }));
    const dialog = await screen.findByRole('dialog', { name: 'Data Privacy and Supabase AI' });
    expect(within(dialog).getByText(/OPENAI_BASE_URL/)).toBeTruthy();
    expect(within(dialog).getByText(/your own machine/)).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

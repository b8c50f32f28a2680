import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@basin/core';
import type { PostgrestConfig } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer, type MockHandler } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { ApiSettings } from './api-settings';
import { DATA_API_TEXTS } from './data-api-card';

const BASE = `/api/platform/projects/${PROJECT_REF}`;
const CONFIG = `${BASE}/config/postgrest`;
const DEFAULTS: PostgrestConfig = { db_schema: 'public', max_rows: 1000, db_aggregates_enabled: false, db_plan_enabled: false };

function renderPage({
  role = 'Owner' as Role,
  config = json(DEFAULTS) as MockAnswer | MockHandler,
  patch = (({ body }) => json({ ...DEFAULTS, ...(body as Partial<PostgrestConfig>) })) as MockAnswer | MockHandler,
} = {}) {
  const api = mockApi({
    [`GET ${BASE}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${CONFIG}`]: config,
    [`PATCH ${CONFIG}`]: patch,
  });
  renderAt('/project/:ref/settings/api', <ApiSettings />, `/project/${PROJECT_REF}/settings/api`);
  return api;
}

const card = async () => within(await screen.findByRole('form', { name: DATA_API_TEXTS.title }));
const patches = (api: ReturnType<typeof mockApi>) => api.calls.filter((call) => call.method === 'PATCH');

describe('Data API settings card', () => {
  it('shows the settings, keeps Save disabled until something changes, and saves only what changed', async () => {
    const user = userEvent.setup();
    const api = renderPage();
    const form = await card();
    const schemas = form.getByLabelText<HTMLInputElement>('Exposed schemas');
    expect(schemas.value).toBe('public');
    expect(form.getByLabelText<HTMLInputElement>('Max rows').value).toBe('1000');
    const aggregates = form.getByRole('switch', { name: /Enable aggregate functions/ });
    expect(aggregates).toHaveProperty('checked', false);
    expect(form.getByText(/count\(\), sum\(\), avg\(\), min\(\) and max\(\) in select/)).toBeTruthy();
    const explain = form.getByRole('switch', { name: /Enable explain\(\)/ });
    const save = form.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);

    await user.click(aggregates);
    await user.click(explain);
    await user.clear(schemas);
    await user.type(schemas, 'public, api');
    expect(save).toHaveProperty('disabled', false);
    await user.click(save);
    expect(await screen.findByText('Saved the Data API settings')).toBeTruthy();
    expect(patches(api).map((call) => call.body)).toEqual([
      { db_schema: 'public, api', db_aggregates_enabled: true, db_plan_enabled: true },
    ]);
    // The answer is the new baseline: nothing left to save.
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    expect(aggregates).toHaveProperty('checked', true);
  });

  it("shows the server's message when it refuses, and checks max rows before asking", async () => {
    const user = userEvent.setup();
    const api = renderPage({ patch: json({ message: 'System schemas cannot be exposed' }, 400) });
    const form = await card();
    const schemas = form.getByLabelText('Exposed schemas');
    await user.clear(schemas);
    await user.type(schemas, 'pg_catalog');
    await user.click(form.getByRole('button', { name: 'Save' }));
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toContain(DATA_API_TEXTS.refused);
    expect(alert.textContent).toContain('System schemas cannot be exposed');

    const maxRows = form.getByLabelText('Max rows');
    await user.clear(maxRows);
    await user.type(maxRows, '0');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('max_rows must be at least 1')).toBeTruthy();
    expect(patches(api)).toHaveLength(1);
  });

  it('shows the values read-only, with the reason, to members without project.settings:write', async () => {
    renderPage({ role: 'Developer' });
    const form = await card();
    expect(await screen.findByText(DATA_API_TEXTS.readOnly)).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>('Exposed schemas').readOnly).toBe(true);
    expect(form.getByLabelText<HTMLInputElement>('Max rows').readOnly).toBe(true);
    expect(form.getByRole('switch', { name: /Enable aggregate functions/ })).toHaveProperty('disabled', true);
    expect(form.getByRole('switch', { name: /Enable explain\(\)/ })).toHaveProperty('disabled', true);
    expect(form.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('shows a skeleton while loading and an error when the settings cannot be read', async () => {
    renderPage({ config: json({ message: 'Project not found' }, 404) });
    const heading = await screen.findByRole('heading', { name: DATA_API_TEXTS.title });
    const dataApiCard = heading.parentElement!.parentElement!;
    expect(dataApiCard.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await within(dataApiCard).findByText(DATA_API_TEXTS.failed)).toBeTruthy();
    expect(screen.getByText('Project not found')).toBeTruthy();
    expect(screen.queryByRole('form', { name: DATA_API_TEXTS.title })).toBeNull();
  });
});

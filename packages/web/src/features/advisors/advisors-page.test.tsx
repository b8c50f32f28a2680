import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@basin/core';
import type { Lint } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockRequest } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { AdvisorsPage } from './advisors-page';

const LINTS = `/api/platform/projects/${PROJECT_REF}/run-lints`;
const ACKS = `/api/platform/projects/${PROJECT_REF}/advisors/acknowledgements`;

function lintFixture(overrides: Partial<Lint>): Lint {
  return {
    name: 'rls_disabled_in_public',
    title: 'RLS Disabled in Public',
    level: 'ERROR',
    facing: 'EXTERNAL',
    categories: ['SECURITY'],
    description: 'A table in an exposed schema has no row level security.',
    detail: 'Table public.orders is public, but RLS has not been enabled.',
    remediation: 'Enable row level security.',
    metadata: { schema: 'public', name: 'orders', type: 'table' },
    cache_key: 'rls_disabled_in_public_public_orders',
    acknowledged: null,
    ...overrides,
  };
}

const UNINDEXED = lintFixture({
  name: 'unindexed_foreign_keys',
  title: 'Unindexed foreign keys',
  level: 'INFO',
  categories: ['PERFORMANCE'],
  detail: 'Table public.items has a foreign key without an index.',
  metadata: { schema: 'public', name: 'items', type: 'table' },
  cache_key: 'unindexed_foreign_keys_public_items',
});

function renderAdvisors({ lints = [lintFixture({}), UNINDEXED], role = 'Owner' as Role } = {}) {
  let current = lints;
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${LINTS}`]: () => json(current),
    [`POST ${ACKS}`]: (request: MockRequest) => {
      const { cache_key, note } = request.body as { cache_key: string; note: string };
      current = current.map((lint) =>
        lint.cache_key === cache_key ? { ...lint, acknowledged: { note, by: 'ada@example.com', at: '2026-03-01T10:00:00.000Z' } } : lint,
      );
      return json({ cache_key, note }, 201);
    },
    [`DELETE ${ACKS}/rls_disabled_in_public_public_orders`]: () => {
      current = current.map((lint) => ({ ...lint, acknowledged: null }));
      return { status: 204 };
    },
  });
  const view = renderRoutes(
    [
      { path: '/project/:ref/advisors', element: <AdvisorsPage /> },
      { path: '/project/:ref/database/indexes', element: <h1>Indexes page</h1> },
      { path: '/project/:ref/auth/policies', element: <h1>Policies page</h1> },
    ],
    `/project/${PROJECT_REF}/advisors`,
  );
  return { ...api, ...view };
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('advisors page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('groups findings by level with title, category badge and entity', async () => {
    renderAdvisors();
    const error = await screen.findByRole('listitem', { name: 'RLS Disabled in Public' });
    expect(within(error).getByText('Security')).toBeTruthy();
    expect(within(error).getByText('public.orders')).toBeTruthy();
    expect(tab(/Errors/).textContent).toContain('1');
    expect(screen.queryByRole('listitem', { name: 'Unindexed foreign keys' })).toBeNull();
    await userEvent.click(tab(/Info/));
    const info = await screen.findByRole('listitem', { name: 'Unindexed foreign keys' });
    expect(within(info).getByText('Performance').className).toContain('warning');
  });

  it("shows 'No warnings detected' when there are none", async () => {
    renderAdvisors();
    await screen.findByRole('listitem', { name: 'RLS Disabled in Public' });
    await userEvent.click(tab(/Warnings/));
    expect(screen.getByRole('heading', { name: 'No warnings detected' })).toBeTruthy();
    expect(screen.getByText('Congrats! There are no warnings detected for this database')).toBeTruthy();
  });

  it("shows 'No errors detected' without errors", async () => {
    renderAdvisors({ lints: [UNINDEXED] });
    expect(await screen.findByRole('heading', { name: 'No errors detected' })).toBeTruthy();
    expect(screen.getByText('Congrats! There are no errors detected for this database')).toBeTruthy();
  });

  it('links each finding to the page that fixes it', async () => {
    const { router } = renderAdvisors();
    await userEvent.click(await screen.findByRole('tab', { name: /Info/ }));
    const info = await screen.findByRole('listitem', { name: 'Unindexed foreign keys' });
    await userEvent.click(within(info).getByRole('link', { name: 'Fix' }));
    expect(await screen.findByRole('heading', { name: 'Indexes page' })).toBeTruthy();
    expect(router.state.location.search).toBe('?schema=public&table=items');
  });

  it('acknowledges with a note, lists it as acknowledged, and unacknowledges it', async () => {
    const user = userEvent.setup();
    const { calls } = renderAdvisors();
    const error = await screen.findByRole('listitem', { name: 'RLS Disabled in Public' });
    await waitFor(() => expect(within(error).getByRole('button', { name: 'Acknowledge' })).toHaveProperty('disabled', false));
    await user.click(within(error).getByRole('button', { name: 'Acknowledge' }));
    await user.type(screen.getByLabelText('Note'), 'Read-only reference data');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByRole('heading', { name: 'No errors detected' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      cache_key: 'rls_disabled_in_public_public_orders',
      note: 'Read-only reference data',
    });

    await user.click(tab(/Acknowledged/));
    const acknowledged = await screen.findByRole('listitem', { name: 'RLS Disabled in Public' });
    expect(within(acknowledged).getByText(/Read-only reference data/)).toBeTruthy();
    await user.click(within(acknowledged).getByRole('button', { name: 'Unacknowledge' }));
    expect(await screen.findByRole('heading', { name: 'No acknowledged findings' })).toBeTruthy();
    await user.click(tab(/Errors/));
    expect(await screen.findByRole('listitem', { name: 'RLS Disabled in Public' })).toBeTruthy();
  });

  it('refreshes through ?refresh=true', async () => {
    const { fetchMock } = renderAdvisors();
    await screen.findByRole('listitem', { name: 'RLS Disabled in Public' });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/run-lints?refresh=true'))).toBe(true));
  });

  it('disables acknowledging for Read-only members', async () => {
    renderAdvisors({ role: 'Read-only' });
    const error = await screen.findByRole('listitem', { name: 'RLS Disabled in Public' });
    await waitFor(() => expect(screen.getByRole('tab', { name: /Errors/ })).toBeTruthy());
    expect(within(error).getByRole('button', { name: 'Acknowledge' })).toHaveProperty('disabled', true);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@basin/core';
import type { EdgeFunction, FunctionsRuntimeStatus } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { edgeFunction } from './function-fixtures';
import { FunctionsListPage } from './functions-list-page';

const LIST = `GET /api/v1/projects/${PROJECT_REF}/functions`;

function renderList({ role = 'Owner', list, runtime }: { role?: Role; list?: () => MockAnswer; runtime?: FunctionsRuntimeStatus } = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: () => json(projectFixture()),
    [`GET /api/platform/projects/${PROJECT_REF}/functions/runtime`]: () => json(runtime ?? { sandbox: 'bwrap', reason: null }),
    'GET /api/platform/organizations/acme': () => json(organizationFixture({ role })),
    [LIST]: list ?? (() => json([])),
  });
  return { ...api, ...renderAt('/project/:ref/functions', <FunctionsListPage />, `/project/${PROJECT_REF}/functions`) };
}

describe('Edge functions list', () => {
  it('lists name, slug, status, version, JWT check and update time, names linking to the details', async () => {
    const functions: EdgeFunction[] = [
      edgeFunction('hello-world', { name: 'Hello world', version: 3 }),
      edgeFunction('stripe-webhook', { verify_jwt: false, status: 'THROTTLED' }),
    ];
    renderList({ list: () => json(functions) });
    const link = await screen.findByRole('link', { name: 'Hello world' });
    expect(link.getAttribute('href')).toBe(`/project/${PROJECT_REF}/functions/hello-world/details`);
    const hello = within(link.closest('tr')!);
    expect(hello.getByText('hello-world')).toBeTruthy();
    expect(hello.getByText('Active')).toBeTruthy();
    expect(hello.getByText('3')).toBeTruthy();
    expect(hello.getByText('On')).toBeTruthy();
    expect(hello.getByText(/Mar 2, 2026/)).toBeTruthy();
    const webhook = within(screen.getByRole('link', { name: 'stripe-webhook' }).closest('tr')!);
    expect(webhook.getByText('Off')).toBeTruthy();
    expect(webhook.getByText('Throttled')).toBeTruthy();
    expect(screen.getByText('2 functions')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Deploy a new function/ }).getAttribute('href')).toBe(`/project/${PROJECT_REF}/functions/new`);
    expect(await screen.findByRole('link', { name: /Secrets/ })).toBeTruthy();
  });

  it('explains functions when there are none, with the CLI command and the dashboard path', async () => {
    renderList();
    expect(await screen.findByRole('heading', { name: 'Deploy your first edge function' })).toBeTruthy();
    expect(screen.getByText(/supabase functions deploy hello-world \\\s+--project-ref abcdefghijklmnopqrst/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Deploy a new function/ })).toBeTruthy();
  });

  it("shows the server's message when the list fails, and tries again", async () => {
    let fail = true;
    renderList({ list: () => (fail ? json({ message: 'Project is paused' }, 409) : json([])) });
    expect(await screen.findByText('Project is paused')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Deploy your first edge function' })).toBeTruthy();
  });

  it('disables deploying for Read-only members, with the reason, and hides the secrets', async () => {
    const user = userEvent.setup();
    renderList({ role: 'Read-only' });
    await screen.findByRole('heading', { name: 'Deploy your first edge function' });
    const deploy = await screen.findByRole('button', { name: /Deploy a new function/ });
    expect(deploy).toHaveProperty('disabled', true);
    await user.hover(deploy.parentElement!);
    expect((await screen.findAllByText('You need additional permissions to manage edge functions')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /Secrets/ })).toBeNull();
  });

  it('says when this server cannot run functions (no sandbox), and when it runs them unconfined', async () => {
    const reason = 'bubblewrap (bwrap) is not installed. Install bubblewrap (Debian and Ubuntu: apt-get install bubblewrap)';
    renderList({ runtime: { sandbox: 'unavailable', reason } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Edge functions cannot run on this server');
    expect(alert.textContent).toContain(reason);
  });

  it('warns when the operator turned the sandbox off, and says nothing when functions run confined', async () => {
    const { unmount } = renderList({ runtime: { sandbox: 'off', reason: null } });
    expect((await screen.findByText('Edge functions run without the OS sandbox')).closest('[role=status]')?.textContent).toContain(
      'BASIN_FUNCTIONS_SANDBOX=off',
    );
    unmount();
    renderList();
    await screen.findByText('Deploy your first edge function');
    expect(screen.queryByText(/cannot run on this server|without the OS sandbox/)).toBeNull();
  });
});

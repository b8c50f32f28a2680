import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GITHUB_MESSAGES, type Role } from '@basin/core';
import type { GitHubConnection, Project } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { IntegrationsPage } from './integrations-page';

const CONNECTIONS = '/api/platform/integrations/github/connections';
const connection: GitHubConnection = {
  id: 7,
  created_at: '2026-03-01T00:00:00.000Z',
  project: { ref: PROJECT_REF },
  repository: { id: 42, name: 'acme/orders' },
  gitless_branching: false,
};

function renderPage({
  role = 'Owner' as Role,
  connections = json([connection]) as MockAnswer,
  project = projectFixture() as Project,
} = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${project.ref}`]: json(project),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${CONNECTIONS}`]: connections,
    [`POST ${CONNECTIONS}`]: json(connection, 201),
  });
  return {
    ...api,
    ...renderRoutes(
      [{ path: '/project/:ref/settings/integrations', element: <IntegrationsPage /> }],
      `/project/${project.ref}/settings/integrations`,
    ),
  };
}

describe('integrations page', () => {
  it("shows the project's GitHub connection with its real state, and what else connects", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Integrations' })).toBeTruthy();
    expect(await screen.findByText('acme/orders')).toBeTruthy();
    expect(screen.getByRole('switch')).toHaveProperty('checked', false);
    expect(screen.getByRole('link', { name: /Access tokens/ }).getAttribute('href')).toBe('/account/tokens');
    expect(screen.getByRole('link', { name: /API settings/ }).getAttribute('href')).toBe(`/project/${PROJECT_REF}/settings/api`);
    expect(screen.getByRole('link', { name: /Database settings/ }).getAttribute('href')).toBe(`/project/${PROJECT_REF}/database/settings`);
  });

  it('connects a repository when there is none', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ connections: json([]) });
    await user.type(await screen.findByLabelText('Repository'), 'acme/orders');
    await user.type(screen.getByLabelText('Token'), 'ghp_token');
    await user.click(screen.getByRole('button', { name: 'Connect repository' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        organization_id: 1,
        project_ref: PROJECT_REF,
        repository: 'acme/orders',
        token: 'ghp_token',
      }),
    );
  });

  it('keeps Developers to reading, and says why', async () => {
    renderPage({ role: 'Developer' });
    expect(await screen.findByText(GITHUB_MESSAGES.writeForbidden)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toHaveProperty('disabled', true);
  });

  it('says when the connections cannot be read', async () => {
    renderPage({ connections: json({ message: 'boom' }, 500) });
    expect(await screen.findByText(GITHUB_MESSAGES.connectionsFailed)).toBeTruthy();
  });

  it("sends a preview branch to its parent's integrations", async () => {
    const branch = projectFixture({ ref: 'bbbbbbbbbbbbbbbbbbbb', parent_project_ref: PROJECT_REF });
    renderPage({ project: branch });
    const link = await screen.findByRole('link', { name: 'manage the connection there' });
    expect(link.getAttribute('href')).toBe(`/project/${PROJECT_REF}/settings/integrations`);
  });
});

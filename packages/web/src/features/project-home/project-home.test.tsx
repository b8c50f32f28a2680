import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { ProjectHome } from './project-home';

function renderHome(project = projectFixture(), organization = organizationFixture()) {
  mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(project),
    'GET /api/platform/organizations/acme': json(organization),
  });
  renderAt('/project/:ref', <ProjectHome />, `/project/${PROJECT_REF}`);
}

describe('project home', () => {
  it('heads the page with the project name and shows the connection details with copy buttons', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    for (const name of ['Project URL', 'Connection string', 'Read-only connection string']) {
      const group = screen.getByRole('group', { name });
      expect(within(group).getByRole('textbox')).toBeTruthy();
      expect(within(group).getByRole('button', { name: 'Copy' })).toBeTruthy();
    }
    expect((await screen.findAllByRole('link', { name: /Next\.js/ })).length).toBeGreaterThan(0);
  });

  it('shows the project URL createClient takes, the other URL with when to use it, and the REST endpoint apart', async () => {
    renderHome();
    const value = async (name: string) => within(await screen.findByRole('group', { name })).getByRole<HTMLInputElement>('textbox').value;
    expect(await value('Project URL')).toBe(`http://127.0.0.1:8080/api/projects/${PROJECT_REF}/gateway`);
    expect(await value('Other project URL')).toBe(`http://${PROJECT_REF}.localhost:8080`);
    expect(screen.getByText(/for browsers on this machine only/)).toBeTruthy();
    expect(await value('REST endpoint')).toBe(`http://127.0.0.1:8080/api/projects/${PROJECT_REF}/gateway/rest/v1/`);
  });

  it('tells members without the connection string that they only see the read-only one', async () => {
    renderHome(projectFixture({ connectionString: null }), organizationFixture({ role: 'Read-only' }));
    expect(await screen.findByText('Your role (Read-only) can only see the read-only connection string.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Connection string' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Read-only connection string' })).toBeTruthy();
  });

  it('shows how to restore a paused project instead of the connection details', async () => {
    mockApi({
      [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture({ status: 'INACTIVE' })),
      [`GET /api/platform/projects/${PROJECT_REF}/pause/status`]: json({
        can_restore: true,
        latest_downloadable_backup_id: 1,
        max_days_till_restore_disabled: 90,
        remaining_days_till_restore_disabled: 90,
      }),
      'GET /api/platform/organizations/acme': json(organizationFixture()),
      'GET /api/platform/organizations/acme/members/reached-free-project-limit': json([]),
    });
    renderAt('/project/:ref', <ProjectHome />, `/project/${PROJECT_REF}`);
    expect(await screen.findByRole('heading', { name: 'The project "Orders" is paused' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Connection string' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Restore project' })).toBeTruthy();
  });

  it("welcomes the 'default' project", async () => {
    mockApi({ 'GET /api/platform/projects/default': json(projectFixture({ ref: 'default' })) });
    renderAt('/project/:ref', <ProjectHome />, '/project/default');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to your project' })).toBeTruthy();
  });
});

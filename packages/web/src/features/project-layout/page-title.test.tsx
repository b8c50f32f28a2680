import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignInPage } from '../auth/sign-in-page';
import { OrganizationProjectsPage } from '../organizations/organization-projects-page';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { projectRoutes } from '../../test/project-routes';
import { renderAt, renderRoutes } from '../../test/render';

describe('document title', () => {
  it('names the page, the project, the organization and the app on project pages', async () => {
    mockApi({
      [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture({ name: 'Orders' })),
      'GET /api/platform/organizations/acme': json(organizationFixture({ name: 'Acme' })),
    });
    renderRoutes(projectRoutes, `/project/${PROJECT_REF}`);
    await waitFor(() => expect(document.title).toBe('Home | Orders | Acme | Basin'));
  });

  it('names a table page by its table (spec part 1 §2), and by the page without one', async () => {
    mockApi({
      [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture({ name: 'Orders' })),
      'GET /api/platform/organizations/acme': json(organizationFixture({ name: 'Acme' })),
    });
    const { router } = renderRoutes(projectRoutes, `/project/${PROJECT_REF}/editor?schema=public&table=invoices`);
    await waitFor(() => expect(document.title).toBe('invoices | Orders | Acme | Basin'));
    await router.navigate(`/project/${PROJECT_REF}/editor`);
    await waitFor(() => expect(document.title).toBe('Tables | Orders | Acme | Basin'));
  });

  it('names the page and the organization on organization pages', async () => {
    mockApi({
      'GET /api/platform/organizations/acme': json(organizationFixture({ name: 'Acme' })),
      'GET /api/platform/organizations/acme/projects': json([projectFixture()]),
    });
    renderAt('/org/:slug', <OrganizationProjectsPage />, '/org/acme');
    await waitFor(() => expect(document.title).toBe('Projects | Acme | Basin'));
    expect(await screen.findByRole('link', { name: /Orders/ })).toBeTruthy();
  });

  it('names signed-out pages', async () => {
    mockApi({ 'GET /api/auth/get-session': json(null) });
    renderAt('/sign-in', <SignInPage />);
    await waitFor(() => expect(document.title).toBe('Sign in | Basin'));
  });
});

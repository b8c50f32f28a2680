import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@basin/core';
import { json, mockApi } from '../../test/mock-api';
import { projectRoutes } from '../../test/project-routes';
import { renderRoutes } from '../../test/render';
import { TopBar } from '../shell/top-bar';
import { ProjectLayout } from './project-layout';

// The project routes under the shell's top bar, as in the app.
const routes = [
  {
    ...projectRoutes[0],
    element: (
      <>
        <TopBar />
        <ProjectLayout />
      </>
    ),
  },
];

describe('project layout with a ref no project can have', () => {
  // The API answers these refs with a 400 (not a 404), which once showed the error screen.
  it.each(['default', '_', 'NOT-A-REF', 'x'])('shows Project not found for /project/%s', async (ref) => {
    const { calls } = mockApi({
      [`GET /api/platform/projects/${ref}`]: json({ message: 'Project ref must be 20 lower-case letters' }, 400),
    });
    renderRoutes(routes, `/project/${ref}/settings/general`);

    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your organizations' }).getAttribute('href')).toBe('/organizations');
    expect(screen.queryByText(MESSAGES.genericError)).toBeNull();
    expect(screen.queryByText('Settings page')).toBeNull();
    // No project crumbs or project buttons in the top bar, and nothing is asked about a ref that cannot exist.
    expect(screen.queryByRole('navigation', { name: 'Breadcrumbs' })).toBeNull();
    expect(screen.queryByRole('button', { name: /API Docs/ })).toBeNull();
    expect(calls.filter((call) => call.path.includes(`/${ref}`))).toEqual([]);
  });
});

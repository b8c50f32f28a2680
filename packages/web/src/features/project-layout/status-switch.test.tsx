import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STATUS_POLL_INTERVAL_MS, SUPPORT_PROMPT_AFTER_MS } from '@basin/core';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { projectRoutes } from '../../test/project-routes';
import { renderRoutes } from '../../test/render';
import { SetupScreen } from '../project-status/setup-screen';

const PROJECT_PATH = `/api/platform/projects/${PROJECT_REF}`;

describe('project status switch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the setup screen for COMING_UP, polls every 4 s, and shows the page once healthy', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let healthy = false;
    const { calls } = mockApi({
      [`GET ${PROJECT_PATH}`]: () => json(projectFixture({ status: healthy ? 'ACTIVE_HEALTHY' : 'COMING_UP' })),
      [`GET ${PROJECT_PATH}/status`]: () => json({ status: healthy ? 'ACTIVE_HEALTHY' : 'COMING_UP' }),
      'GET /api/platform/organizations/acme': json(organizationFixture()),
    });
    renderRoutes(projectRoutes, `/project/${PROJECT_REF}`);

    expect(await screen.findByText('While you wait')).toBeTruthy();
    expect(screen.getByText('Not working?')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Client libraries' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Example projects' })).toBeTruthy();
    expect(screen.queryByText('Project home')).toBeNull();
    const statusCalls = () => calls.filter((call) => call.path === `${PROJECT_PATH}/status`).length;
    expect(statusCalls()).toBe(1);

    await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS));
    expect(statusCalls()).toBe(2);

    healthy = true;
    await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS));
    expect(await screen.findByRole('heading', { name: 'Project home' })).toBeTruthy();
    expect(screen.queryByText('While you wait')).toBeNull();

    // Healthy: polling stops.
    const settled = statusCalls();
    await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS * 3));
    expect(statusCalls()).toBe(settled);
  });

  it('does not poll a healthy project', async () => {
    const { calls } = mockApi({
      [`GET ${PROJECT_PATH}`]: json(projectFixture()),
      'GET /api/platform/organizations/acme': json(organizationFixture()),
    });
    renderRoutes(projectRoutes, `/project/${PROJECT_REF}`);
    expect(await screen.findByRole('heading', { name: 'Project home' })).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/status'))).toBe(false);
  });

  it('shows the status message and a support link for INIT_FAILED', async () => {
    mockApi({
      [`GET ${PROJECT_PATH}`]: json(projectFixture({ status: 'INIT_FAILED', status_message: 'initdb: could not create directory' })),
      [`GET ${PROJECT_PATH}/status`]: json({ status: 'INIT_FAILED' }),
      'GET /api/platform/organizations/acme': json(organizationFixture()),
    });
    renderRoutes(projectRoutes, `/project/${PROJECT_REF}`);
    expect(await screen.findByText('initdb: could not create directory')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Contact support' });
    expect(link.getAttribute('href')).toMatch(new RegExp(`^/support/new\\?category=Database_unresponsive&ref=${PROJECT_REF}&subject=`));
  });
});

describe('SetupScreen support prompt', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderSetup(insertedAt: string) {
    const project = projectFixture({ status: 'COMING_UP', inserted_at: insertedAt });
    const router = createMemoryRouter([{ path: '/', element: <SetupScreen project={project} /> }]);
    render(<RouterProvider router={router} />);
  }

  it('offers a support ticket only after 2 minutes without a connection', () => {
    vi.useFakeTimers();
    renderSetup(new Date().toISOString());
    expect(screen.getByText('While you wait')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /support ticket/ })).toBeNull();

    act(() => vi.advanceTimersByTime(SUPPORT_PROMPT_AFTER_MS - 1));
    expect(screen.queryByRole('link', { name: /support ticket/ })).toBeNull();

    act(() => vi.advanceTimersByTime(1));
    const link = screen.getByRole('link', { name: 'Open a support ticket' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(url.pathname).toBe('/support/new');
    expect(url.searchParams.get('category')).toBe('Database_unresponsive');
    expect(url.searchParams.get('ref')).toBe(PROJECT_REF);
    expect(url.searchParams.get('subject')).toBeTruthy();
  });

  it('offers it at once for a project that has been setting up for longer', () => {
    vi.useFakeTimers();
    renderSetup(new Date(Date.now() - SUPPORT_PROMPT_AFTER_MS - 1000).toISOString());
    expect(screen.getByRole('link', { name: 'Open a support ticket' })).toBeTruthy();
  });
});

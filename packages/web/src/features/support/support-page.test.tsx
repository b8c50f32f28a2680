import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { SupportPage } from './support-page';
import { readSupportQuery } from './support-query';
import { SupportTicketPage } from './support-ticket-page';

const TICKET = {
  id: 12,
  category: 'Database_unresponsive',
  subject: 'Orders is down',
  message: 'It stopped answering.',
  projectRef: PROJECT_REF,
  organizationSlug: 'acme',
  created_at: '2026-03-04T21:05:00.000Z',
  emailed: false,
};

function renderSupport(query: string) {
  const api = mockApi({
    'GET /api/platform/organizations': json([organizationFixture(), organizationFixture({ slug: 'globex', name: 'Globex' })]),
    'GET /api/platform/organizations/acme/projects': json([projectFixture()]),
    'GET /api/platform/organizations/globex/projects': json([]),
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'POST /api/platform/support/tickets': (request) => json({ ...TICKET, ...(request.body as object) }, 201),
    'GET /api/platform/support/tickets/12': json(TICKET),
  });
  const rendered = renderRoutes(
    [
      { path: '/support/new', element: <SupportPage /> },
      { path: '/support/tickets/:id', element: <SupportTicketPage /> },
    ],
    `/support/new${query}`,
  );
  return { ...api, ...rendered };
}

const combobox = (name: string) => screen.getByRole('combobox', { name });

describe('support form', () => {
  it('reads the spec query: slug, projectRef (no-project for none), category, subject, message', () => {
    expect(readSupportQuery(new URLSearchParams('slug=acme&projectRef=no-project&category=Plan_upgrade&subject=S&message=M'))).toEqual({
      slug: 'acme',
      projectRef: 'no-project',
      category: 'Plan_upgrade',
      subject: 'S',
      message: 'M',
    });
    expect(readSupportQuery(new URLSearchParams(`ref=${PROJECT_REF}&category=Nonsense`))).toMatchObject({
      slug: undefined,
      projectRef: PROJECT_REF,
      category: undefined,
    });
    expect(readSupportQuery(new URLSearchParams('slug=_')).slug).toBeUndefined();
  });

  it('prefills every field from the query, sends the ticket and shows it back', async () => {
    const user = userEvent.setup();
    const query = new URLSearchParams({
      slug: 'acme',
      projectRef: PROJECT_REF,
      category: 'Database_unresponsive',
      subject: 'Orders is down',
      message: 'It stopped answering.',
    });
    const { calls, router } = renderSupport(`?${query.toString()}`);
    await waitFor(() => expect(combobox('Organization').textContent).toBe('Acme'));
    await waitFor(() => expect(combobox('Project').textContent).toContain('Orders'));
    expect(combobox('Category').textContent).toBe('Database unresponsive');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Orders is down');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('It stopped answering.');

    await user.click(screen.getByRole('button', { name: 'Send support request' }));
    expect(await screen.findByRole('heading', { name: 'Support request #12 received' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/support/tickets/12');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      organizationSlug: 'acme',
      projectRef: PROJECT_REF,
      category: 'Database_unresponsive',
      subject: 'Orders is down',
      message: 'It stopped answering.',
    });
    expect(screen.getByText('Not sent by email')).toBeTruthy();
    expect(screen.getByText('It stopped answering.')).toBeTruthy();
  });

  it("finds the organization of a failure screen's link, which names the project only", async () => {
    renderSupport(`?category=Database_unresponsive&ref=${PROJECT_REF}&subject=Project%20Orders%20failed`);
    await waitFor(() => expect(combobox('Organization').textContent).toBe('Acme'));
    await waitFor(() => expect(combobox('Project').textContent).toContain('Orders'));
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Project Orders failed');
  });

  it("sends 'no-project' without a project and asks for a category and a message", async () => {
    const user = userEvent.setup();
    const { calls } = renderSupport('?subject=Question');
    await waitFor(() => expect(combobox('Project').textContent).toBe('No specific project'));
    await user.click(screen.getByRole('button', { name: 'Send support request' }));
    expect(await screen.findByText('Choose a category from the list')).toBeTruthy();
    expect(screen.getByText('Please describe the problem')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

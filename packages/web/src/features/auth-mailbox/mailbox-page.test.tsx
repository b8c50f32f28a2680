import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MAILBOX_MESSAGES, type Role } from '@basin/core';
import type { AuthMailboxResponse } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { MailboxPage } from './mailbox-page';

const PATH = `/api/platform/auth/${PROJECT_REF}/mailbox`;
const MAILBOX: AuthMailboxResponse = {
  smtp: false,
  messages: [
    {
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'magic_link',
      to: 'ada@example.com',
      subject: 'Your magic link',
      html: '<h2>Magic link</h2><p><a href="http://api.test/auth/v1/verify?token=b">Log in</a> or enter <strong>654321</strong></p>',
      link: 'http://api.test/auth/v1/verify?token=b',
      code: '654321',
      created_at: '2026-03-01T10:05:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'confirmation',
      to: 'bob@example.com',
      subject: 'Confirm your signup',
      html: '<p><a href="http://api.test/auth/v1/verify?token=a">Confirm</a> <strong>123456</strong></p>',
      link: 'http://api.test/auth/v1/verify?token=a',
      code: '123456',
      created_at: '2026-03-01T10:00:00.000Z',
    },
  ],
};

function renderMailbox(role: Role = 'Owner', mailbox: AuthMailboxResponse = MAILBOX) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET ${PATH}`]: json(mailbox),
    [`DELETE ${PATH}`]: { status: 204 },
  });
  renderAt('/project/:ref/auth/mailbox', <MailboxPage />, `/project/${PROJECT_REF}/auth/mailbox`);
  return api;
}

describe('the Mailbox page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the kept emails newest first and shows the first: its link, its code and its body in a frame that runs no script', async () => {
    renderMailbox();
    const list = await screen.findByRole('list', { name: 'Kept emails' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('ada@example.com'), expect.stringContaining('bob@example.com')]);
    expect(screen.getByText(AUTH_MAILBOX_MESSAGES.keptNotice, { exact: false })).toBeTruthy();
    const shown = screen.getByRole('region', { name: 'Email to ada@example.com' });
    expect(within(shown).getByRole('link', { name: 'Open link' }).getAttribute('href')).toBe('http://api.test/auth/v1/verify?token=b');
    expect(within(shown).getByLabelText('Code').textContent).toBe('654321');
    const frame = within(shown).getByTitle('Your magic link (email body)');
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toContain('<strong>654321</strong>');
  });

  it('opens another email from the list, by mouse or keyboard', async () => {
    const user = userEvent.setup();
    renderMailbox();
    const list = await screen.findByRole('list', { name: 'Kept emails' });
    await user.click(within(list).getByRole('button', { name: /bob@example.com/ }));
    expect(await screen.findByRole('region', { name: 'Email to bob@example.com' })).toBeTruthy();
    within(list)
      .getByRole('button', { name: /ada@example.com/ })
      .focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: 'Email to ada@example.com' })).toBeTruthy();
  });

  it('empties the mailbox after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = renderMailbox();
    await user.click(await screen.findByRole('button', { name: 'Empty mailbox' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Empty mailbox' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([PATH]));
  });

  it('says so when nothing is kept, and when mail goes out through SMTP', async () => {
    renderMailbox('Owner', { smtp: true, messages: [] });
    expect(await screen.findByText('No emails kept')).toBeTruthy();
    expect(screen.getByText('Auth emails go out through SMTP')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Empty mailbox' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is closed to a read-only member, and asks the API nothing', async () => {
    const { calls } = renderMailbox('Read-only');
    expect(await screen.findByText(AUTH_MAILBOX_MESSAGES.noPermission)).toBeTruthy();
    expect(calls.some((call) => call.path === PATH)).toBe(false);
  });
});

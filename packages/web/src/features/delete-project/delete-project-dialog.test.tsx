import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FOLLOW_UP_LABEL, EXIT_SURVEY_REASONS, exitSurveyOptions, followUpLabel } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { lastOrganizationSetting } from '../../lib/settings';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { DeleteProjectDialog } from './delete-project-dialog';

const DELETE = `DELETE /api/platform/projects/${PROJECT_REF}`;
const SURVEY = 'POST /api/platform/feedback/downgrade';

function renderDialog(organization: Organization, { survey = json({ id: 1 }, 201) }: { survey?: MockAnswer } = {}) {
  const api = mockApi({ [DELETE]: json({ ref: PROJECT_REF, name: 'Orders' }), [SURVEY]: survey });
  const project = projectFixture();
  const rendered = renderRoutes(
    [
      { path: '/project/:ref/settings/general', element: <DeleteProjectDialog project={project} organization={organization} /> },
      { path: '/org/:slug', element: <p>Organization page</p> },
      { path: '/organizations', element: <p>Organizations page</p> },
    ],
    `/project/${PROJECT_REF}/settings/general`,
  );
  return { ...api, ...rendered };
}

const paid = organizationFixture({ plan: { id: 'pro', name: 'Pro' } });
const free = organizationFixture();

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Delete project' }));
  return screen.getByRole('dialog', { name: 'Confirm deletion of Orders' });
}

describe('delete-project dialog', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("is a small dialog with 'This action cannot be undone.' on the free plan, and deletes once the name is typed", async () => {
    const user = userEvent.setup();
    lastOrganizationSetting.set('acme');
    const { calls } = renderDialog(free);
    const dialog = await openDialog(user);
    expect(dialog.className).toContain('max-w-sm');
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Type Orders to confirm.'), 'Orders');
    await user.click(within(dialog).getByRole('button', { name: 'I understand, delete this project' }));

    expect(await screen.findByText('Organization page')).toBeTruthy();
    expect((await screen.findAllByText('Successfully deleted Orders')).length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(calls.some((call) => call.path.endsWith('/feedback/downgrade'))).toBe(false);
  });

  it('goes to /organizations when no organization page was visited', async () => {
    const user = userEvent.setup();
    renderDialog(free);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Type Orders to confirm.'), 'Orders');
    await user.click(within(dialog).getByRole('button', { name: 'I understand, delete this project' }));
    expect(await screen.findByText('Organizations page')).toBeTruthy();
  });

  it('does not delete while the typed name does not match', async () => {
    const user = userEvent.setup();
    const { calls } = renderDialog(free);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Type Orders to confirm.'), 'Order');
    await user.click(within(dialog).getByRole('button', { name: 'I understand, delete this project' }));
    expect(within(dialog).getByText('Value entered does not match')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('shows the paid dialog: the alert, 10 shuffled reasons then None of the above, and the default follow-up label', async () => {
    const user = userEvent.setup();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderDialog(paid);
    const dialog = await openDialog(user);
    expect(dialog.className).toContain('max-w-3xl');
    expect(within(dialog).getByText('This will permanently delete the project')).toBeTruthy();
    expect(within(dialog).getByText('All project data will be lost, and cannot be undone')).toBeTruthy();

    const labels = within(dialog)
      .getAllByRole('radio')
      .map((radio) => dialog.querySelector(`label[for="${radio.id}"]`)?.textContent);
    expect(labels).toHaveLength(11);
    expect(labels.at(-1)).toBe('None of the above');
    // The order is core's fair shuffle, drawn once for this opening.
    expect(labels).toEqual(exitSurveyOptions(() => 0).map((option) => option.label));
    expect(new Set(labels.slice(0, 10))).toEqual(new Set(EXIT_SURVEY_REASONS.map((reason) => reason.label)));
    expect(within(dialog).getByLabelText(DEFAULT_FOLLOW_UP_LABEL)).toBeTruthy();
  });

  it('shuffles again on the next opening, not while it is open', async () => {
    const user = userEvent.setup();
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    renderDialog(paid);
    let dialog = await openDialog(user);
    const order = () =>
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value'));
    const first = order();
    random.mockReturnValue(0.99);
    await user.type(within(dialog).getByLabelText('Type Orders to confirm.'), 'x');
    expect(order()).toEqual(first);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    dialog = await openDialog(user);
    expect(order()).toEqual(exitSurveyOptions(() => 0.99).map((option) => option.value));
    expect(order()).not.toEqual(first);
  });

  it('requires a reason on paid plans, and labels the free text after the chosen reason', async () => {
    const user = userEvent.setup();
    const { calls } = renderDialog(paid);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Type Orders to confirm.'), 'Orders');
    await user.click(within(dialog).getByRole('button', { name: 'I understand, delete this project' }));
    expect(within(dialog).getByText('Please select a reason for deleting your project')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    const reason = EXIT_SURVEY_REASONS.find((r) => r.followUp !== DEFAULT_FOLLOW_UP_LABEL)!;
    await user.click(within(dialog).getByLabelText(reason.label));
    expect(within(dialog).queryByText('Please select a reason for deleting your project')).toBeNull();
    expect(within(dialog).getByLabelText(followUpLabel(reason.value))).toBeTruthy();
    expect(within(dialog).queryByLabelText(DEFAULT_FOLLOW_UP_LABEL)).toBeNull();
  });

  it('sends the exit survey after the delete on paid plans, then goes to the last organization', async () => {
    const user = userEvent.setup();
    lastOrganizationSetting.set('acme');
    const { calls } = renderDialog(paid);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByLabelText('A feature I need is missing'));
    await user.type(within(dialog).getByLabelText('Which feature were you missing?'), '  Branching  ');
    await user.type(within(dialog).getByLabelText('Type Orders to confirm.'), 'Orders');
    await user.click(within(dialog).getByRole('button', { name: 'I understand, delete this project' }));

    expect(await screen.findByText('Organization page')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/feedback/downgrade'))).toBe(true));
    const order = calls.map((call) => `${call.method} ${call.path}`);
    expect(order.indexOf(DELETE)).toBeLessThan(order.indexOf(SURVEY));
    expect(calls.find((call) => call.path.endsWith('/feedback/downgrade'))?.body).toEqual({
      projectRef: PROJECT_REF,
      orgSlug: 'acme',
      reasons: ['missing_feature'],
      message: 'Branching',
      exitAction: 'delete',
    });
  });

  it('ignores a failed exit survey after the deletion', async () => {
    const user = userEvent.setup();
    const { calls } = renderDialog(paid, { survey: json({ message: 'Survey store is down' }, 500) });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByLabelText('None of the above'));
    await user.type(within(dialog).getByLabelText('Type Orders to confirm.'), 'Orders');
    await user.click(within(dialog).getByRole('button', { name: 'I understand, delete this project' }));
    expect(await screen.findByText('Organizations page')).toBeTruthy();
    // Toasts outlive a test (sonner keeps them module-wide): one or more is fine.
    expect((await screen.findAllByText('Successfully deleted Orders')).length).toBeGreaterThan(0);
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/feedback/downgrade'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Failed to submit exit survey/)).toBeNull();
  });

  it("toasts 'Failed to delete project: {message}' and stays when the server refuses", async () => {
    const user = userEvent.setup();
    mockApi({ [DELETE]: json({ message: 'This project is already being deleted' }, 409) });
    renderRoutes([{ path: '/p', element: <DeleteProjectDialog project={projectFixture()} organization={free} /> }], '/p');
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Type Orders to confirm.'), 'Orders');
    await user.click(within(dialog).getByRole('button', { name: 'I understand, delete this project' }));
    expect(await screen.findByText('Failed to delete project: This project is already being deleted')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Confirm deletion of Orders' })).toBeTruthy();
  });

  it("is disabled with 'You need additional permissions to delete this project' without update permission", async () => {
    const user = userEvent.setup();
    renderDialog(organizationFixture({ role: 'Developer' }));
    const button = screen.getByRole('button', { name: 'Delete project' });
    expect(button).toHaveProperty('disabled', true);
    await user.hover(button.parentElement!);
    expect((await screen.findAllByText('You need additional permissions to delete this project')).length).toBeGreaterThan(0);
  });
});

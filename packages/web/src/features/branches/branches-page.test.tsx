import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BRANCH_MESSAGES, computeAddonVariant, PITR_MESSAGES, type Role } from '@basin/core';
import type { BranchItem, GitHubConnection, PitrStatusResponse, Project, ProjectAddonsResponse } from '@basin/core/schemas';
import { toDateTimeLocal } from '../../lib/datetime-local';
import { formatDateTimeWithZone, localTimeZone } from '../../lib/format-date';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { BranchesPage } from './branches-page';

const BRANCHES_PATH = `/api/v1/projects/${PROJECT_REF}/branches`;
const EXISTING: BranchItem = {
  name: 'dev',
  is_default: false,
  git_branch: null,
  project_ref: 'bbbbbbbbbbbbbbbbbbbb',
  status: 'ACTIVE_HEALTHY',
  with_data: false,
};
const CONNECTIONS_PATH = '/api/platform/integrations/github/connections';
const CONNECTION: GitHubConnection = {
  id: 7,
  created_at: '2026-01-01T00:00:00.000Z',
  project: { ref: PROJECT_REF },
  repository: { id: 4242, name: 'acme/web' },
  gitless_branching: false,
};
const PITR_OFF: PitrStatusResponse = {
  pitr_enabled: false,
  retention_days: null,
  earliest_recoverable_at: null,
  latest_recoverable_at: null,
  archive_bytes: null,
  archiving_failing: false,
  latest_restore: null,
};
const PITR_ON: PitrStatusResponse = {
  ...PITR_OFF,
  pitr_enabled: true,
  retention_days: 7,
  earliest_recoverable_at: '2026-03-01T10:00:00.000Z',
  latest_recoverable_at: '2026-03-04T12:30:45.000Z',
  archive_bytes: 1024,
};
const branchCheckPath = (name: string) => `/api/platform/integrations/github/repositories/4242/branches/${encodeURIComponent(name)}`;

interface PageOptions {
  role?: Role;
  plan?: 'free' | 'pro';
  create?: MockAnswer;
  connections?: MockAnswer;
  /** Answers of the branch check, by git branch name. */
  gitBranches?: Record<string, MockAnswer>;
  /** The project's selected add-ons. */
  selectedAddons?: ProjectAddonsResponse['selected_addons'];
  pitr?: PitrStatusResponse;
}

function renderPage({
  role = 'Owner',
  plan = 'pro',
  create = json({ name: 'feature-1', persistent: false, project_ref: 'cccccccccccccccccccc' }, 201),
  connections = json([]),
  gitBranches = {},
  selectedAddons = [],
  pitr = PITR_OFF,
}: PageOptions = {}) {
  const api = mockApi({
    [`GET ${CONNECTIONS_PATH}`]: connections,
    ...Object.fromEntries(Object.entries(gitBranches).map(([name, answer]) => [`GET ${branchCheckPath(name)}`, answer])),
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture() as Project),
    'GET /api/platform/organizations/acme': json(
      organizationFixture({ role, plan: plan === 'free' ? { id: 'free', name: 'Free' } : { id: 'pro', name: 'Pro' } }),
    ),
    [`GET /api/platform/projects/${PROJECT_REF}/disk`]: json({
      attributes: { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 },
      last_modified_at: null,
    }),
    [`GET ${BRANCHES_PATH}`]: json([EXISTING]),
    [`GET /api/platform/projects/${PROJECT_REF}/billing/addons`]: json({
      ref: PROJECT_REF,
      selected_addons: selectedAddons,
      available_addons: [],
    }),
    [`GET /api/platform/database/${PROJECT_REF}/backups/pitr`]: json(pitr),
    [`POST ${BRANCHES_PATH}`]: create,
    [`DELETE /api/platform/projects/${EXISTING.project_ref}`]: json({ ref: EXISTING.project_ref, name: EXISTING.name }),
  });
  renderAt('/project/:ref/branches', <BranchesPage />, `/project/${PROJECT_REF}/branches`);
  return api;
}

async function openDialog() {
  const user = userEvent.setup();
  await screen.findByText('dev');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Create branch' })).toHaveProperty('disabled', false));
  await user.click(screen.getByRole('button', { name: 'Create branch' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Create a new preview branch' }) };
}

describe('preview branches page', () => {
  it('checks the branch name on submit with the spec messages, and sends nothing until it is valid', async () => {
    const { calls } = renderPage();
    const { user, dialog } = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Create branch' });
    await user.click(submit);
    expect(await within(dialog).findByText('Branch name cannot be empty')).toBeTruthy();
    const name = within(dialog).getByLabelText('Branch name');
    await user.type(name, 'feat/x');
    await user.click(submit);
    expect(await within(dialog).findByText('Branch name can only contain alphanumeric characters, hyphens, and underscores.')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'dev');
    await user.click(submit);
    expect(await within(dialog).findByText('A branch with this name already exists')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says on the Free plan, before anything is filled in, that branching needs a paid plan', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ plan: 'free' });
    const banner = await screen.findByRole('region', { name: BRANCH_MESSAGES.paidPlanOnly });
    const upgrade = within(banner).getByRole('link', { name: 'Upgrade to Pro' });
    expect(upgrade.getAttribute('href')).toBe('/org/acme/billing?panel=subscriptionPlan&source=branches');
    const create = screen.getByRole('button', { name: 'Create branch' });
    expect(create).toHaveProperty('disabled', true);
    await user.hover(create.parentElement!);
    // The banner's title, and now the button's tooltip.
    await waitFor(() => expect(screen.getAllByText(BRANCH_MESSAGES.paidPlanOnly).length).toBeGreaterThan(1));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('offers no upgrade prompt on a paid plan', async () => {
    renderPage();
    await screen.findByText('dev');
    expect(screen.queryByRole('region', { name: BRANCH_MESSAGES.paidPlanOnly })).toBeNull();
  });

  it('creates a branch with data and shows the cost from the sizing rules', async () => {
    const { calls } = renderPage();
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText(/micro compute at \$0\.01344 \/ hour/)).toBeTruthy();
    await user.click(within(dialog).getByRole('switch', { name: 'Include data' }));
    expect(within(dialog).getByText(/about 12 GB of disk/)).toBeTruthy();
    expect(within(dialog).getByText(/about 4 minutes/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Branch name'), 'feature-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ branchName: 'feature-1', withData: true });
  });

  it('without PITR on the parent, suggests it with a link to the add-on panel and offers no point in time', async () => {
    renderPage();
    const { dialog, user } = await openDialog();
    const link = await within(dialog).findByRole('link', { name: 'Enable point-in-time recovery (PITR)' });
    expect(link.getAttribute('href')).toBe(`/project/${PROJECT_REF}/settings/addons?panel=pitr&source=createBranch`);
    expect(link.parentElement?.textContent).toBe(
      'Enable point-in-time recovery (PITR) on production to branch from a recent, consistent state.',
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Include data' }));
    expect(within(dialog).queryByRole('checkbox', { name: /Start from a point in time/ })).toBeNull();
  });

  it('with PITR on, says how far back a branch can start and sends the chosen second as recovery_time_target', async () => {
    const { calls } = renderPage({ pitr: PITR_ON });
    const { user, dialog } = await openDialog();
    const earliest = formatDateTimeWithZone(PITR_ON.earliest_recoverable_at!);
    expect(
      await within(dialog).findByText(`Point-in-time recovery is on: a branch with data can start from any second since ${earliest}.`),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: /Enable point-in-time recovery/ })).toBeNull();
    await user.type(within(dialog).getByLabelText('Branch name'), 'before-migration');
    await user.click(within(dialog).getByRole('switch', { name: 'Include data' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Start from a point in time/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    const latest = formatDateTimeWithZone(PITR_ON.latest_recoverable_at!);
    expect(await within(dialog).findByText(PITR_MESSAGES.outsideWindow(earliest, latest))).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const target = Date.parse('2026-03-02T09:00:30.000Z');
    fireEvent.change(within(dialog).getByLabelText(`Date and time (${localTimeZone()})`), { target: { value: toDateTimeLocal(target) } });
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      branchName: 'before-migration',
      withData: true,
      recovery_time_target: target / 1000,
    });
  });

  it('sends no point in time once the option is unchecked', async () => {
    const { calls } = renderPage({ pitr: PITR_ON });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Branch name'), 'now');
    await user.click(within(dialog).getByRole('switch', { name: 'Include data' }));
    const option = await within(dialog).findByRole('checkbox', { name: /Start from a point in time/ });
    await user.click(option);
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ branchName: 'now', withData: true });
  });

  it('with PITR on but no window yet, says the first base backup is still running', async () => {
    renderPage({ pitr: { ...PITR_ON, earliest_recoverable_at: null, latest_recoverable_at: null } });
    const { user, dialog } = await openDialog();
    expect(
      await within(dialog).findByText(
        'Point-in-time recovery is on: a branch can start from a point in time once its first base backup completes.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('switch', { name: 'Include data' }));
    expect(within(dialog).queryByRole('checkbox', { name: /Start from a point in time/ })).toBeNull();
  });

  it('sizes a branch with data by the selected compute add-on rather than the disk', async () => {
    renderPage({ selectedAddons: [{ type: 'compute_instance', variant: computeAddonVariant('large') }] });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('switch', { name: 'Include data' }));
    expect(await within(dialog).findByText(/large compute at \$0\.1517 \/ hour/)).toBeTruthy();
  });

  it('toasts the server message when creation fails', async () => {
    renderPage({ create: json({ message: 'boom' }, 400) });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Branch name'), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    expect(await screen.findByText('Failed to create branch: boom')).toBeTruthy();
  });

  it('disables Create branch for Read-only members and says why in its tooltip', async () => {
    const user = userEvent.setup();
    renderPage({ role: 'Read-only' });
    await screen.findByText('dev');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create branch' })).toHaveProperty('disabled', true));
    await user.hover(screen.getByRole('button', { name: 'Create branch' }).parentElement!);
    expect((await screen.findAllByText(BRANCH_MESSAGES.noCreatePermission)).length).toBeGreaterThan(0);
  });

  it('disables deleting branches for members who may not delete projects', async () => {
    renderPage({ role: 'Developer' });
    await screen.findByText('dev');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete branch dev' })).toHaveProperty('disabled', true));
  });

  it('deletes a branch after its name is typed, and refetches the list', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await screen.findByText('dev');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete branch dev' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Delete branch dev' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deletion of dev' });
    const confirm = within(dialog).getByRole('button', { name: 'I understand, delete this branch' });
    await user.click(confirm);
    expect(await within(dialog).findByText('Value entered does not match')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Type dev to confirm.'), 'dev');
    const listReads = calls.filter((call) => call.method === 'GET' && call.path === BRANCHES_PATH).length;
    await user.click(confirm);
    expect(await screen.findByText('Successfully deleted dev')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/platform/projects/${EXISTING.project_ref}`,
    ]);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET' && call.path === BRANCHES_PATH).length).toBeGreaterThan(listReads),
    );
  });
});

describe('git branch of a new branch with GitHub connected', () => {
  const connected = (connection: Partial<GitHubConnection> = {}) => json([{ ...CONNECTION, ...connection }]);

  it('is required while gitless branching is off', async () => {
    const { calls } = renderPage({ connections: connected() });
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText('Required: the branch of acme/web this preview branch follows.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Branch name'), 'feature-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    expect(await within(dialog).findByText('Git branch name is required when GitHub is connected')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('must exist in the repository: checked on submit, again on blur, then sent', async () => {
    const { calls } = renderPage({
      connections: connected(),
      gitBranches: {
        nope: json({ message: 'Unable to find branch "nope" in acme/web' }, 404),
        'feature/login': json({ name: 'feature/login', commit_sha: 'abc' }),
      },
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Branch name'), 'feature-1');
    const gitBranch = within(dialog).getByLabelText('Git branch sync');
    await user.type(gitBranch, 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    expect(await within(dialog).findByText('Unable to find branch "nope" in acme/web')).toBeTruthy();

    // Revalidated on blur (after the delay), without another submit.
    await user.clear(gitBranch);
    await user.type(gitBranch, 'feature/login');
    await user.tab();
    await waitFor(() => expect(within(dialog).queryByText('Unable to find branch "nope" in acme/web')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      branchName: 'feature-1',
      gitBranch: 'feature/login',
      withData: false,
    });
    expect(calls.map((call) => call.path)).toContain(branchCheckPath('feature/login'));
  });

  it("says 'Failed to check GitHub branch: {message}' when the check fails", async () => {
    renderPage({ connections: connected(), gitBranches: { main: json({ message: 'GitHub is unreachable (ECONNREFUSED)' }, 502) } });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Branch name'), 'feature-1');
    await user.type(within(dialog).getByLabelText('Git branch sync'), 'main');
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    expect(await within(dialog).findByText('Failed to check GitHub branch: GitHub is unreachable (ECONNREFUSED)')).toBeTruthy();
  });

  it('is optional with gitless branching on', async () => {
    const { calls } = renderPage({ connections: connected({ gitless_branching: true }) });
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText('Optional: gitless branching is on for acme/web.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Branch name'), 'feature-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ branchName: 'feature-1', withData: false });
  });

  it("says 'Failed to retrieve GitHub connection information' when the connections cannot be read", async () => {
    renderPage({ connections: json({ message: 'boom' }, 500) });
    expect(await screen.findByText('Failed to retrieve GitHub connection information')).toBeTruthy();
  });
});

describe('GitHub section', () => {
  it('connects a repository with a token once the name is owner/repo', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const repository = await screen.findByLabelText('Repository');
    await user.type(repository, 'acme');
    await user.type(screen.getByLabelText('Token'), 'ghp_secret');
    await user.click(screen.getByRole('button', { name: 'Connect repository' }));
    expect(await screen.findByText('Repository must be in the form owner/repo')).toBeTruthy();
    await user.type(repository, '/web');
    await user.click(screen.getByRole('button', { name: 'Connect repository' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')).toBeTruthy());
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: CONNECTIONS_PATH,
      body: { organization_id: 1, project_ref: PROJECT_REF, repository: 'acme/web', token: 'ghp_secret' },
    });
  });

  it('shows the connected repository and toggles gitless branching', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ connections: json([CONNECTION]) });
    expect(await screen.findByText('acme/web')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: /Gitless branching/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: `${CONNECTIONS_PATH}/7`,
        body: { gitless_branching: true },
      }),
    );
  });

  it('is read-only for Developers', async () => {
    renderPage({ role: 'Developer', connections: json([CONNECTION]) });
    await screen.findByText('acme/web');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Disconnect' })).toHaveProperty('disabled', true));
    expect(screen.getByRole('switch', { name: /Gitless branching/ })).toHaveProperty('disabled', true);
    expect(screen.getByText('You need additional permissions to manage GitHub connections')).toBeTruthy();
  });
});

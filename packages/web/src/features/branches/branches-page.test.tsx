import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@basin/core';
import type { BranchItem, Project } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { BranchesPage } from './branches-page';

const BRANCHES_PATH = `/api/v1/projects/${PROJECT_REF}/branches`;
const EXISTING: BranchItem = { name: 'dev', is_default: false, git_branch: null, project_ref: 'bbbbbbbbbbbbbbbbbbbb', status: 'ACTIVE_HEALTHY', with_data: false };

function renderPage({ role = 'Owner' as Role, create = json({ name: 'feature-1', persistent: false, project_ref: 'cccccccccccccccccccc' }, 201) as MockAnswer } = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture() as Project),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role, plan: { id: 'pro', name: 'Pro' } })),
    [`GET /api/platform/projects/${PROJECT_REF}/disk`]: json({ attributes: { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 }, last_modified_at: null }),
    [`GET ${BRANCHES_PATH}`]: json([EXISTING]),
    [`POST ${BRANCHES_PATH}`]: create,
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

  it('toasts the server message when creation fails', async () => {
    renderPage({ create: json({ message: 'boom' }, 400) });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Branch name'), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    expect(await screen.findByText('Failed to create branch: boom')).toBeTruthy();
  });

  it('disables Create branch for Read-only members', async () => {
    renderPage({ role: 'Read-only' });
    await screen.findByText('dev');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create branch' })).toHaveProperty('disabled', true));
  });
});

import { BRANCH_MESSAGES } from '@basin/core';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubStandIn, type GitHubStandIn } from '../packages/server/test/github-stand-in.ts';
import { ApiClient, createProject, healthyProject, uniqueEmail, waitFor } from '../packages/server/test/harness.ts';
import { signUpMember } from '../packages/server/test/membership.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard } from './dashboard.ts';

const TOKEN = 'ghp_browser_test_token';

let gitHub: GitHubStandIn;
let dashboard: Dashboard;
let api: ApiClient;
let ref: string;
let slug: string;

beforeAll(async () => {
  gitHub = await startGitHubStandIn(TOKEN, [
    { id: 777, full_name: 'acme/web', default_branch: 'main', branches: ['main', 'feature/login'] },
  ]);
  dashboard = await startDashboard({ githubApiUrl: gitHub.url });
  api = new ApiClient(dashboard.platform.url);
  await api.signUp(uniqueEmail('branches'));
  slug = (await api.post('/api/platform/organizations', { name: 'Branching' })).body.slug;
  await api.put(`/api/platform/organizations/${slug}/billing/subscription`, { plan: 'pro' });
  ref = await healthyProject(api, slug, 'Shop');
});
afterAll(async () => {
  await dashboard?.close();
  await gitHub?.stop();
});

describe('preview branches with GitHub in the dashboard', () => {
  it('says on the Free plan, before anything is filled in, that branching needs a paid plan', async () => {
    const slug: string = (await api.post('/api/platform/organizations', { name: 'Free branching' })).body.slug;
    const freeRef = await createProject(api, slug, 'Shop');
    const page = await dashboard.openPage(api);
    await page.goto(`${dashboard.platform.url}/project/${freeRef}/branches`);

    await page.getByText('Branching is only available on paid plans').first().waitFor();
    expect(await page.getByRole('button', { name: 'Create branch' }).isDisabled()).toBe(true);
    const upgrade = page.getByRole('link', { name: 'Upgrade to Pro' });
    expect(await upgrade.getAttribute('href')).toContain(`/org/${slug}/billing?panel=subscriptionPlan`);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'branches-free-plan.png'), fullPage: true });
  });

  it('connects a repository, refuses an unknown git branch, creates a branch on a real one and deletes it', async () => {
    const page = await dashboard.openPage(api);
    await page.goto(`${dashboard.platform.url}/project/${ref}/branches`);

    await page.getByLabel('Repository').fill('acme/web');
    await page.getByLabel('Token').fill(TOKEN);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'github-connect.png'), fullPage: true });
    await page.getByRole('button', { name: 'Connect repository' }).click();
    await page.getByText('Connected to acme/web').waitFor();

    await page.getByRole('button', { name: 'Create branch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a new preview branch' });
    await dialog.getByLabel('Branch name').fill('login');
    await dialog.getByLabel('Git branch sync').fill('nope');
    await dialog.getByRole('button', { name: 'Create branch' }).click();
    await dialog.getByText('Unable to find branch "nope" in acme/web').waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'branch-git-branch-missing.png'), fullPage: true });
    expect((await api.get(`/api/v1/projects/${ref}/branches`)).body).toEqual([]);

    await dialog.getByLabel('Git branch sync').fill('feature/login');
    await dialog.getByRole('button', { name: 'Create branch' }).click();
    await dialog.waitFor({ state: 'detached' });
    const branches = page.getByRole('list', { name: 'Preview branches' });
    const row = branches.getByRole('listitem').filter({ hasText: 'login' });
    await row.getByText('feature/login').waitFor();
    // The list polls while the branch comes up.
    await row.getByText('ACTIVE_HEALTHY').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'branches-with-github.png'), fullPage: true });

    await row.getByRole('button', { name: 'Delete branch login' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm deletion of login' });
    await confirm.getByLabel('Type login to confirm.').fill('login');
    await confirm.getByRole('button', { name: 'I understand, delete this branch' }).click();
    await page.getByText('Successfully deleted login').waitFor();
    await page.getByText('No preview branches').waitFor({ timeout: 60_000 });
    expect((await api.get(`/api/v1/projects/${ref}/branches`)).body).toEqual([]);
  });

  // Issue 22: the disabled button says why, as Delete and point-in-time recovery do.
  it('tells a Read-only member why Create branch is disabled, in a tooltip', async () => {
    const reader = await signUpMember(api, slug, 'Read-only', 'branches-reader');
    const page = await dashboard.openPage(reader);
    await page.goto(`${dashboard.platform.url}/project/${ref}/branches`);
    const create = page.getByRole('button', { name: 'Create branch' });
    await page.getByText('No preview branches').waitFor();
    await waitFor(
      () => create.isDisabled(),
      (disabled) => disabled,
      10_000,
      100,
    );
    expect(await page.getByText(BRANCH_MESSAGES.paidPlanOnly).count()).toBe(0);
    // A disabled button takes no pointer events: its wrapper carries the tooltip.
    await create.locator('..').hover();
    await page.getByRole('tooltip').getByText(BRANCH_MESSAGES.noCreatePermission).waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'branches-read-only-tooltip.png') });
    await page.context().close();
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard } from './dashboard.ts';

const PASSWORD = 'correct horse battery';
let dashboard: Dashboard;
let owner: ApiClient;
let slug: string;
let inviteeEmail: string;

beforeAll(async () => {
  dashboard = await startDashboard();
  owner = new ApiClient(dashboard.platform.url);
  await owner.signUp(uniqueEmail('owner'));
  slug = (await owner.post('/api/platform/organizations', { name: 'Invited Co' })).body.slug;
  inviteeEmail = (await new ApiClient(dashboard.platform.url).signUp(uniqueEmail('invitee'), PASSWORD)).email;
});
afterAll(() => dashboard?.close());

describe('joining an organization by invitation', () => {
  it('the owner invites an email, the invitee signs in, sees the invitation, accepts and finds the organization', async () => {
    const ownerPage = await dashboard.openPage(owner);
    await ownerPage.goto(`${dashboard.platform.url}/org/${slug}/team`);
    // An email with an account and one without: the dashboard says the same for both.
    for (const email of [inviteeEmail, 'nobody-yet@example.com']) {
      await ownerPage.getByRole('button', { name: 'Invite member' }).click();
      const dialog = ownerPage.getByRole('dialog');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await ownerPage.getByText(`Invitation sent to ${email}`).waitFor();
      await dialog.waitFor({ state: 'detached' });
    }
    const pending = ownerPage.getByRole('region', { name: 'Pending invitations' });
    await pending.getByRole('cell', { name: inviteeEmail, exact: true }).waitFor();
    await pending.getByRole('cell', { name: 'nobody-yet@example.com', exact: true }).waitFor();
    await ownerPage.screenshot({ path: path.join(OUTPUT_DIR, 'team-invitations.png'), fullPage: true });

    const page = await dashboard.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${dashboard.platform.url}/sign-in`);
    await page.getByLabel('Email').fill(inviteeEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/organizations');
    await page.getByText('You have a pending invitation').waitFor();
    expect(await page.getByRole('link', { name: /Invited Co/ }).count()).toBe(0);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'organizations-invitation-banner.png') });

    await page.getByRole('link', { name: 'View invitations' }).click();
    await page.waitForURL('**/invitations');
    const invitation = page.getByRole('listitem', { name: 'Invited Co' });
    await invitation.getByText(/invited you as Developer/).waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'invitations.png'), fullPage: true });

    await invitation.getByRole('button', { name: 'Accept' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/organizations');
    await page.getByText('Joined Invited Co').waitFor();
    await page.getByRole('link', { name: /Invited Co/ }).click();
    await page.waitForURL(`**/org/${slug}`);

    await ownerPage.reload();
    await ownerPage
      .getByRole('row', { name: new RegExp(inviteeEmail) })
      .getByRole('combobox', { name: `Role of ${inviteeEmail}` })
      .waitFor();
    await pending.getByRole('cell', { name: 'nobody-yet@example.com', exact: true }).waitFor();
    expect(await pending.getByRole('cell', { name: inviteeEmail, exact: true }).count()).toBe(0);
  });
});

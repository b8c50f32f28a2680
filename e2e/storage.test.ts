import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, uniqueEmail } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let owner: ApiClient;
let ref: string;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `storage-${name}.png`) });
/** Bytes no text encoding would leave as they are. */
const CONTENT = Buffer.from([
  ...Buffer.from('Basin storage test\n'),
  0x00,
  0xff,
  0xfe,
  0x80,
  0x0a,
  ...Array.from({ length: 4096 }, (_, i) => i % 256),
]);

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('storage'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Files' })).body.slug;
  ref = await healthyProject(owner, slug, 'App');
}, 180_000);
afterAll(() => dashboard?.close());

describe('Storage in the dashboard', () => {
  it('creates a bucket, uploads a file in the file browser, downloads it and deletes it', async () => {
    const page = await dashboard.openPage(owner, { acceptDownloads: true });
    await page.goto(`${platform.url}/project/${ref}/storage`);
    await page.waitForURL(`**/project/${ref}/storage/buckets`);
    await page.getByText('No buckets yet').waitFor();
    await shot(page, 'empty');

    // Create a bucket with the dialog.
    await page.getByRole('button', { name: 'New bucket' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a bucket' });
    await dialog.getByLabel('Name of bucket').fill('documents');
    await dialog.getByRole('switch', { name: 'Restrict file upload size' }).click();
    await dialog.getByLabel('File size limit').fill('10');
    await dialog.getByLabel('Allowed MIME types').fill('application/octet-stream, text/*');
    await dialog.getByRole('switch', { name: 'Public bucket' }).click();
    await dialog.getByText('Public buckets are readable by anyone').waitFor();
    await shot(page, 'create-dialog');
    await dialog.getByRole('switch', { name: 'Public bucket' }).click();
    await dialog.getByRole('button', { name: 'Create bucket' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Created bucket documents').waitFor();
    for (const name of ['avatars', 'exports']) {
      expect((await owner.post(`/api/platform/storage/${ref}/buckets`, { name, public: name === 'avatars' })).status).toBe(201);
    }
    await page.reload();
    await page.getByRole('link', { name: 'exports' }).waitFor();
    await shot(page, 'buckets');

    // The file browser: a folder, then an upload into it.
    await page.getByRole('link', { name: 'documents' }).click();
    await page.waitForURL(`**/project/${ref}/storage/buckets/documents`);
    await page.getByText('This bucket is empty').waitFor();
    await page.getByRole('button', { name: 'Create folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'Create a folder' });
    await folderDialog.getByLabel('Folder name').fill('reports');
    await folderDialog.getByRole('button', { name: 'Create folder' }).click();
    await page.waitForURL(/path=reports/);
    await page.getByText('This folder is empty').waitFor();

    await page.getByLabel('Files to upload').setInputFiles([
      { name: 'data.bin', mimeType: 'application/octet-stream', buffer: CONTENT },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Quarterly notes\nline two\n') },
    ]);
    await page.getByRole('region', { name: 'Uploads' }).getByText('Uploads', { exact: true }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('button', { name: 'data.bin', exact: true }).waitFor();
    await table.getByRole('button', { name: 'notes.txt', exact: true }).waitFor();
    expect(await table.getByRole('row', { name: /data\.bin/ }).textContent()).toContain('4 KB');
    await shot(page, 'file-browser');

    // Details with a text preview.
    await table.getByRole('button', { name: 'notes.txt', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'notes.txt' });
    await panel.getByLabel('Preview').getByText('Quarterly notes').waitFor();
    await shot(page, 'details');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // Download: the same bytes.
    await page.getByRole('button', { name: 'Actions for data.bin' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('data.bin');
    expect((await readFile((await download.path())!)).equals(CONTENT)).toBe(true);

    // A signed URL for a day.
    await page.getByRole('button', { name: 'Actions for data.bin' }).click();
    await page.getByRole('menuitem', { name: 'Get signed URL' }).click();
    const sign = page.getByRole('dialog', { name: 'Get a signed URL' });
    await sign.getByRole('combobox').click();
    await page.getByRole('option', { name: '1 day' }).click();
    await sign.getByRole('button', { name: 'Create URL' }).click();
    const signedUrl = await sign.getByRole('textbox', { name: 'Signed URL' }).inputValue();
    expect(signedUrl).toMatch(/\/storage\/v1\/object\/sign\/documents\/reports\/data\.bin\?token=/);
    await shot(page, 'signed-url');
    const fetched = await fetch(signedUrl); // on the platform's address: Node reaches it as it is
    expect(Buffer.from(await fetched.arrayBuffer()).equals(CONTENT)).toBe(true);
    await page.keyboard.press('Escape');

    // Delete it (selected), and it is gone.
    await page.getByRole('checkbox', { name: 'Select data.bin' }).check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete data.bin' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Deleted data.bin').waitFor();
    await table.getByRole('button', { name: 'data.bin', exact: true }).waitFor({ state: 'detached' });
    expect(
      (await owner.post(`/api/platform/storage/${ref}/buckets/documents/objects/list`, { path: 'reports/' })).body.map(
        (entry: { name: string }) => entry.name,
      ),
    ).toEqual(['.emptyFolderPlaceholder', 'notes.txt']);

    // Breadcrumbs back to the bucket's root.
    await page.getByRole('navigation', { name: 'Folder' }).getByRole('button', { name: 'documents' }).click();
    await table.getByRole('button', { name: 'reports', exact: true }).waitFor();
  });

  it('creates the storage archive on the settings page and downloads it', async () => {
    const page = await dashboard.openPage(owner, { acceptDownloads: true });
    await page.goto(`${platform.url}/project/${ref}/storage/settings`);
    await page.getByRole('heading', { name: 'Storage settings' }).waitFor();
    await page.getByText('No archive yet.').waitFor();
    await page.getByRole('button', { name: 'Create archive' }).click();
    // Polled every 5 s.
    const downloadButton = page.getByRole('button', { name: 'Download archive' });
    await downloadButton.waitFor({ timeout: 30_000 });
    await page.getByText(/2 files/).waitFor();
    await shot(page, 'settings');
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^storage-.+\.zip$/);
    const zip = await readFile((await download.path())!);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('documents/reports/notes.txt'))).toBe(true);
  });

  it('runs no script of a stored page opened through the preview link, whatever type a member wrote in SQL', async () => {
    expect((await owner.post(`/api/platform/storage/${ref}/buckets`, { name: 'previews' })).status).toBe(201);
    const preview = `${platform.url}/api/platform/storage/${ref}/buckets/previews/objects/page.txt?inline`;
    const stored = await fetch(preview.replace('?inline', ''), {
      method: 'PUT',
      headers: { cookie: owner.cookie, origin: platform.url, 'content-type': 'text/plain' },
      body: '<script>localStorage.setItem("pwned", "yes"); document.title = "pwned"</script>',
    });
    expect(stored.status).toBe(200);
    // The probe: a type with a leading space, which the old guard did not read as HTML.
    const typed = await owner.post(`/api/platform/pg-meta/${ref}/query`, {
      query: `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', '" text/html"') where name = 'page.txt'`,
    });
    expect(typed.status).toBe(200);

    const page = await dashboard.openPage(owner);
    // Now a download (and sandboxed besides): Chromium aborts the navigation instead of showing a page.
    await page.goto(preview).catch(() => undefined);
    expect(await page.title()).not.toBe('pwned');
    await page.goto(`${platform.url}/api/health`);
    expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
  });
});

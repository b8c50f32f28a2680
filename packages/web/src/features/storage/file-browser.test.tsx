import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@basin/core';
import type { ListObjectsBody, StorageObject } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer, type MockRequest } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { FileBrowserPage } from './file-browser-page';
import { crumbsOf, folderNameProblem, folderOf, previewKind } from './object-names';

const BUCKET = `/api/platform/storage/${PROJECT_REF}/buckets/docs`;

const folder = (name: string): StorageObject => ({ name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
const file = (name: string, size: number, mimetype = 'text/plain'): StorageObject => ({
  name,
  id: `id-${name}`,
  updated_at: '2026-02-01T10:00:00.000Z',
  created_at: '2026-02-01T10:00:00.000Z',
  last_accessed_at: null,
  metadata: { size, mimetype, cacheControl: 'no-cache' },
});

const TREE: Record<string, StorageObject[]> = {
  '': [folder('reports'), file('readme.txt', 12), file('logo.png', 2048, 'image/png')],
  'reports/': [file('.emptyFolderPlaceholder', 0, 'application/octet-stream'), file('q1.csv', 1536, 'text/csv')],
};

function renderBrowser({ role = 'Owner' as Role, isPublic = false, extra = {} as Record<string, (request: MockRequest) => MockAnswer> } = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: () => json(projectFixture()),
    'GET /api/platform/organizations/acme': () => json(organizationFixture({ role })),
    [`GET ${BUCKET}`]: () =>
      json({ id: 'docs', name: 'docs', public: isPublic, file_size_limit: null, allowed_mime_types: null, created_at: '2026-02-01T10:00:00.000Z', updated_at: '2026-02-01T10:00:00.000Z' }),
    [`POST ${BUCKET}/objects/list`]: (request) => json(TREE[(request.body as ListObjectsBody).path ?? ''] ?? []),
    ...extra,
  });
  return { ...api, ...renderAt('/project/:ref/storage/buckets/:id', <FileBrowserPage />, `/project/${PROJECT_REF}/storage/buckets/docs`) };
}

const rowOf = async (name: string) => (await screen.findByRole('button', { name })).closest('tr')!;

describe('object names', () => {
  it('folders, breadcrumbs, new folder names and previews', () => {
    expect(folderOf('a//b')).toBe('a/b/');
    expect(folderOf(null)).toBe('');
    expect(crumbsOf('a/b/')).toEqual([
      { name: 'a', path: 'a/' },
      { name: 'b', path: 'a/b/' },
    ]);
    expect(folderNameProblem('', [])).toBe('Enter a folder name');
    expect(folderNameProblem('a/b', [])).toMatch(/cannot hold a \//);
    expect(folderNameProblem('reports', ['reports'])).toBe('reports exists already');
    expect(folderNameProblem('2026 plans', [])).toBeUndefined();
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('image/svg+xml')).toBeUndefined();
    expect(previewKind('application/json')).toBe('text');
  });
});

describe('the file browser', () => {
  it('lists folders then files with sizes and types, opens folders (breadcrumbs) and hides folder placeholders', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderBrowser();
    const readme = await rowOf('readme.txt');
    expect(within(readme).getByText('12 bytes')).toBeTruthy();
    expect(within(await rowOf('logo.png')).getByText('2 KB')).toBeTruthy();
    expect(within(await rowOf('reports')).getByText('Folder')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'reports' }));
    await waitFor(() => expect(router.state.location.search).toContain('path=reports'));
    expect(await screen.findByRole('button', { name: 'q1.csv' })).toBeTruthy();
    expect(screen.queryByText('.emptyFolderPlaceholder')).toBeNull();
    expect(calls.filter((call) => call.path.endsWith('/objects/list')).map((call) => (call.body as ListObjectsBody).path)).toContain('reports/');
    const crumbs = screen.getByRole('navigation', { name: 'Folder' });
    expect(within(crumbs).getByRole('button', { name: 'reports' }).getAttribute('aria-current')).toBe('location');
    await user.click(within(crumbs).getByRole('button', { name: 'docs' }));
    expect(await screen.findByRole('button', { name: 'readme.txt' })).toBeTruthy();
  });

  it('deletes the selected files and folders after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = renderBrowser({ extra: { [`POST ${BUCKET}/objects/delete`]: () => json([file('readme.txt', 12), file('reports/q1.csv', 1)]) } });
    await rowOf('readme.txt');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Upload files' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('checkbox', { name: 'Select readme.txt' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select reports' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 items' });
    expect(within(dialog).getByText(/1 file and 1 folder with everything in it/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((call) => call.path.endsWith('/objects/delete'))?.body).toEqual({ paths: ['reports/', 'readme.txt'] }));
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it('opens a file’s details with its size, type and a preview, and makes a signed URL for a chosen expiry', async () => {
    const user = userEvent.setup();
    const { calls } = renderBrowser({
      extra: { [`POST ${BUCKET}/objects/sign`]: () => json({ signedUrl: 'http://abc.localhost/storage/v1/object/sign/docs/logo.png?token=t', expiresAt: '2026-02-02T10:00:00.000Z' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'logo.png' }));
    const panel = await screen.findByRole('dialog', { name: 'logo.png' });
    expect(within(panel).getByText('image/png')).toBeTruthy();
    expect(within(panel).getByText('2 KB')).toBeTruthy();
    expect(within(panel).getByRole('img', { name: 'Preview of logo.png' }).getAttribute('src')).toBe(`${BUCKET}/objects/logo.png?inline`);
    expect(within(panel).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(`${BUCKET}/objects/logo.png`);

    await user.click(within(panel).getByRole('button', { name: 'Actions for logo.png' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Get signed URL' }));
    const sign = await screen.findByRole('dialog', { name: 'Get a signed URL' });
    await user.click(within(sign).getByRole('button', { name: 'Create URL' }));
    expect(((await within(sign).findByRole('textbox', { name: 'Signed URL' })) as HTMLInputElement).value).toMatch(/token=t$/);
    expect(calls.find((call) => call.path.endsWith('/objects/sign'))?.body).toEqual({ path: 'logo.png', expiresIn: 7 * 24 * 3600 });
  });

  it('offers the public URL only in a public bucket, and no changes to read-only members', async () => {
    const user = userEvent.setup();
    renderBrowser({ role: 'Read-only', isPublic: true });
    await rowOf('readme.txt');
    await user.click(screen.getByRole('button', { name: 'Actions for readme.txt' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy public URL' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Delete' }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');
    expect((screen.getByRole('button', { name: 'Upload files' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the bucket is empty', async () => {
    renderBrowser({ extra: { [`POST ${BUCKET}/objects/list`]: () => json([]) } });
    expect(await screen.findByText('This bucket is empty')).toBeTruthy();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@basin/core';
import type { ListObjectsBody, StorageObject } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer, type MockRequest } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { FileBrowserPage } from './file-browser-page';
import { crumbsOf, folderNameProblem, folderOf, folderOfPath, objectPathProblem, previewKind } from './object-names';

const BUCKET = `/api/platform/storage/${PROJECT_REF}/buckets/docs`;

const folder = (name: string): StorageObject => ({
  name,
  id: null,
  updated_at: null,
  created_at: null,
  last_accessed_at: null,
  metadata: null,
});
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

function renderBrowser({
  role = 'Owner' as Role,
  isPublic = false,
  extra = {} as Record<string, (request: MockRequest) => MockAnswer>,
} = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: () => json(projectFixture()),
    'GET /api/platform/organizations/acme': () => json(organizationFixture({ role })),
    [`GET ${BUCKET}`]: () =>
      json({
        id: 'docs',
        name: 'docs',
        public: isPublic,
        file_size_limit: null,
        allowed_mime_types: null,
        created_at: '2026-02-01T10:00:00.000Z',
        updated_at: '2026-02-01T10:00:00.000Z',
      }),
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

  it('destination paths of a move: the folder name rules for every part, and a new place', () => {
    expect(objectPathProblem('reports/2026/notes.txt', 'readme.txt')).toBeUndefined();
    expect(objectPathProblem('  notes.txt ', 'readme.txt')).toBeUndefined();
    expect(objectPathProblem('', 'readme.txt')).toBe('Enter a path');
    expect(objectPathProblem('/a.txt', 'readme.txt')).toMatch(/cannot start with a \//);
    expect(objectPathProblem('reports/', 'readme.txt')).toMatch(/not a \//);
    expect(objectPathProblem('a//b.txt', 'readme.txt')).toMatch(/empty folder name/);
    expect(objectPathProblem('a/../b.txt', 'readme.txt')).toMatch(/\. or \.\./);
    expect(objectPathProblem('a/b#c.txt', 'readme.txt')).toMatch(/^Only letters/);
    expect(objectPathProblem(`${'x'.repeat(256)}.txt`, 'readme.txt')).toMatch(/at most 255/);
    expect(objectPathProblem(`a/${'x/'.repeat(520)}b`, 'readme.txt')).toMatch(/at most 1024/);
    expect(objectPathProblem('readme.txt', 'readme.txt')).toMatch(/where the file is/);
    expect(folderOfPath('a/b/c.txt')).toBe('a/b/');
    expect(folderOfPath('c.txt')).toBe('');
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
    expect(calls.filter((call) => call.path.endsWith('/objects/list')).map((call) => (call.body as ListObjectsBody).path)).toContain(
      'reports/',
    );
    const crumbs = screen.getByRole('navigation', { name: 'Folder' });
    expect(within(crumbs).getByRole('button', { name: 'reports' }).getAttribute('aria-current')).toBe('location');
    await user.click(within(crumbs).getByRole('button', { name: 'docs' }));
    expect(await screen.findByRole('button', { name: 'readme.txt' })).toBeTruthy();
  });

  it('deletes the selected files and folders after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = renderBrowser({
      extra: { [`POST ${BUCKET}/objects/delete`]: () => json([file('readme.txt', 12), file('reports/q1.csv', 1)]) },
    });
    await rowOf('readme.txt');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Upload files' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('checkbox', { name: 'Select readme.txt' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select reports' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 items' });
    expect(within(dialog).getByText(/1 file and 1 folder with everything in it/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/objects/delete'))?.body).toEqual({ paths: ['reports/', 'readme.txt'] }),
    );
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it('opens a file’s details with its size, type and a preview, and makes a signed URL for a chosen expiry', async () => {
    const user = userEvent.setup();
    const { calls } = renderBrowser({
      extra: {
        [`POST ${BUCKET}/objects/sign`]: () =>
          json({ signedUrl: 'http://abc.localhost/storage/v1/object/sign/docs/logo.png?token=t', expiresAt: '2026-02-02T10:00:00.000Z' }),
      },
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

/** A bucket whose list, move and paging answer like the server: `files` are full names. */
function liveBucket(files: string[]) {
  const names = new Set(files);
  const list = (request: MockRequest): MockAnswer => {
    const body = request.body as ListObjectsBody;
    const prefix = body.path ?? '';
    const search = (body.search ?? '').toLowerCase();
    const under = [...names].filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length));
    const folders = [...new Set(under.filter((rest) => rest.includes('/')).map((rest) => rest.split('/')[0]!))].sort();
    const direct = under.filter((rest) => !rest.includes('/')).sort();
    const matching = (all: string[]) => all.filter((name) => name.toLowerCase().startsWith(search));
    const desc = body.sortBy?.order === 'desc';
    const order = (all: string[]) => (desc ? [...all].reverse() : all);
    const entries = [...order(matching(folders)).map(folder), ...order(matching(direct)).map((name) => file(name, 10))];
    const offset = body.offset ?? 0;
    return json(entries.slice(offset, offset + (body.limit ?? 200)));
  };
  const move = (request: MockRequest): MockAnswer => {
    const { from, to } = request.body as { from: string; to: string };
    if (names.has(to)) return json({ message: 'The resource already exists' }, 409);
    names.delete(from);
    names.add(to);
    return json({ message: 'Successfully moved' });
  };
  return { names, extra: { [`POST ${BUCKET}/objects/list`]: list, [`POST ${BUCKET}/objects/move`]: move } };
}

const listCalls = (calls: MockRequest[]) =>
  calls.filter((call) => call.path.endsWith('/objects/list')).map((call) => call.body as ListObjectsBody);

describe('moving a file', () => {
  it('checks the destination, moves the file and shows it in its new folder', async () => {
    const user = userEvent.setup();
    const live = liveBucket(['readme.txt', 'reports/q1.csv']);
    const { calls, router } = renderBrowser({ extra: live.extra });
    await rowOf('readme.txt');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Upload files' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Actions for readme.txt' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move readme.txt' });
    const input = within(dialog).getByRole('textbox', { name: 'Destination path' }) as HTMLInputElement;
    expect(input.value).toBe('readme.txt');

    // The rules first, inline, without a request.
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/where the file is/);
    await user.clear(input);
    await user.type(input, 'reports//notes.txt');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/empty folder name/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.path.endsWith('/objects/move'))).toBe(false);

    // The message follows the typing once shown.
    await user.clear(input);
    await user.type(input, 'reports/notes.txt');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move readme.txt' })).toBeNull());
    expect(calls.find((call) => call.path.endsWith('/objects/move'))?.body).toEqual({ from: 'readme.txt', to: 'reports/notes.txt' });
    await waitFor(() => expect(router.state.location.search).toContain('path=reports'));
    expect(await screen.findByRole('button', { name: 'notes.txt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'q1.csv' })).toBeTruthy();
    expect(listCalls(calls).at(-1)?.path).toBe('reports/');
    expect([...live.names].sort()).toEqual(['reports/notes.txt', 'reports/q1.csv']);
  });

  it('shows the server’s refusal of a taken name under the field, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const live = liveBucket(['readme.txt', 'notes.txt']);
    renderBrowser({ extra: live.extra });
    await rowOf('readme.txt');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Upload files' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Actions for readme.txt' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move readme.txt' });
    const input = within(dialog).getByRole('textbox', { name: 'Destination path' });
    await user.clear(input);
    await user.type(input, 'notes.txt');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The resource already exists');
    expect(screen.getByRole('dialog', { name: 'Move readme.txt' })).toBeTruthy();
    expect([...live.names].sort()).toEqual(['notes.txt', 'readme.txt']);
    await user.type(input, '2');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('moves the open file from its details panel, which follows it', async () => {
    const user = userEvent.setup();
    const live = liveBucket(['readme.txt', 'reports/q1.csv']);
    const { router } = renderBrowser({ extra: live.extra });
    await user.click(await screen.findByRole('button', { name: 'readme.txt' }));
    const panel = await screen.findByRole('dialog', { name: 'readme.txt' });
    await waitFor(() => expect((within(panel).getByRole('button', { name: 'Move' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(panel).getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move readme.txt' });
    const input = within(dialog).getByRole('textbox', { name: 'Destination path' });
    await user.clear(input);
    await user.type(input, 'archive/old-readme.txt{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('file=archive%2Fold-readme.txt'));
    expect(router.state.location.search).toContain('path=archive');
    const moved = await screen.findByRole('dialog', { name: 'old-readme.txt' });
    expect(await within(moved).findByText('archive/old-readme.txt')).toBeTruthy();
  });
});

/** XMLHttpRequest as upload-object.ts uses it, driven by the test: progress, load, abort. */
class FakeUpload {
  static sent: FakeUpload[] = [];
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  body: Blob | undefined;
  aborted = false;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: Blob) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded, total: this.body!.size, lengthComputable: true });
  }
  finish(key: string) {
    this.status = 200;
    this.responseText = JSON.stringify({ Id: 'id', Key: key });
    this.onload?.();
  }
}

describe('cancelling uploads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeUpload.sent = [];
  });

  it('aborts a running upload (keyboard), says Cancelled, and the list has no such file', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const user = userEvent.setup();
    const live = liveBucket(['readme.txt']);
    const { calls } = renderBrowser({ extra: live.extra });
    await rowOf('readme.txt');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Upload files' }) as HTMLButtonElement).disabled).toBe(false));
    const big = new File([new Uint8Array(20 * 1024 * 1024)], 'big.bin', { type: 'application/octet-stream' });
    await user.upload(screen.getByLabelText('Files to upload'), big);
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const request = FakeUpload.sent[0]!;
    expect(request.url).toBe(`${BUCKET}/objects/big.bin`);
    act(() => request.progress(8 * 1024 * 1024));
    const queue = screen.getByRole('region', { name: 'Uploads' });
    expect((within(queue).getByRole('progressbar', { name: 'Upload of big.bin' }) as HTMLProgressElement).value).toBe(40);
    const listsBefore = listCalls(calls).length;

    const cancel = within(queue).getByRole('button', { name: 'Cancel the upload of big.bin' });
    cancel.focus();
    await user.keyboard('{Enter}');
    expect(request.aborted).toBe(true);
    expect(await within(queue).findByText('Cancelled')).toBeTruthy();
    expect(within(queue).queryByRole('progressbar')).toBeNull();
    // Nothing left running: focus goes to the queue's Clear button, not the page's start.
    await waitFor(() => expect(document.activeElement).toBe(within(queue).getByRole('button', { name: 'Clear the uploads' })));
    // The list is asked again and has no big.bin.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listsBefore));
    await rowOf('readme.txt');
    expect(screen.queryByRole('button', { name: 'big.bin' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cancels a queued upload before it starts; the others finish', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const user = userEvent.setup();
    const live = liveBucket(['readme.txt']);
    renderBrowser({ extra: live.extra });
    await rowOf('readme.txt');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Upload files' }) as HTMLButtonElement).disabled).toBe(false));
    const files = ['a.txt', 'b.txt', 'c.txt'].map((name) => new File(['x'.repeat(100)], name, { type: 'text/plain' }));
    await user.upload(screen.getByLabelText('Files to upload'), files);
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(2)); // two at a time
    const queue = screen.getByRole('region', { name: 'Uploads' });
    expect(within(queue).getByText('Queued')).toBeTruthy();
    await user.click(within(queue).getByRole('button', { name: 'Cancel the upload of c.txt' }));
    expect(await within(queue).findByText('Cancelled')).toBeTruthy();
    for (const request of FakeUpload.sent) {
      live.names.add(decodeURIComponent(request.url.split('/objects/')[1]!));
      act(() => request.finish(request.url));
    }
    await screen.findByRole('button', { name: 'b.txt' });
    await waitFor(() => expect(within(queue).queryAllByRole('button', { name: /^Cancel/ })).toHaveLength(0));
    expect(FakeUpload.sent.map((request) => request.url.split('/').pop())).toEqual(['a.txt', 'b.txt']);
    expect(screen.queryByRole('button', { name: 'c.txt' })).toBeNull();
  });
});

describe('a folder of more than one page', () => {
  const many = Array.from({ length: 450 }, (_, i) => `big/file-${String(i).padStart(3, '0')}.txt`);
  // Plain selectors: role queries over 450 rows take seconds in jsdom.
  const bodyRows = () => [...document.querySelectorAll('tbody tr')];
  const shown = (name: string) => screen.findByText(name, { selector: 'button span' });

  it('shows 200 entries, then the next pages with Load more, and says how many are shown', async () => {
    const user = userEvent.setup();
    const live = liveBucket(many);
    const { calls } = renderBrowser({ extra: live.extra });
    await user.click(await screen.findByRole('button', { name: 'big' }));
    await shown('file-000.txt');
    expect(bodyRows()).toHaveLength(200);
    expect(screen.getByText('Showing the first 200 entries.')).toBeTruthy();
    expect(screen.queryByText('file-200.txt')).toBeNull();
    expect(listCalls(calls).at(-1)).toMatchObject({ path: 'big/', limit: 201, offset: 0 });

    await user.click(screen.getByText('Load more', { selector: 'button' }));
    await shown('file-399.txt');
    expect(bodyRows()).toHaveLength(400);
    expect(listCalls(calls).at(-1)).toMatchObject({ path: 'big/', limit: 201, offset: 200 });
    expect(screen.getByText('Showing the first 400 entries.')).toBeTruthy();

    await user.click(screen.getByText('Load more', { selector: 'button' }));
    await shown('file-449.txt');
    expect(bodyRows()).toHaveLength(450);
    expect(screen.getByText('Showing all 450 entries.')).toBeTruthy();
    expect(screen.queryByText('Load more')).toBeNull();
  }, 30_000);

  it('pages in the server’s order when sorted, and searches from the first page', async () => {
    const user = userEvent.setup();
    const live = liveBucket(many);
    const { calls } = renderBrowser({ extra: live.extra });
    await user.click(await screen.findByRole('button', { name: 'big' }));
    await shown('file-000.txt');

    await user.click(screen.getByText('Name', { selector: 'th button' }));
    await shown('file-449.txt');
    expect(screen.getByText('Name', { selector: 'th button' }).closest('th')!.getAttribute('aria-sort')).toBe('descending');
    expect(within(bodyRows()[0] as HTMLElement).getByText('file-449.txt')).toBeTruthy();
    expect(bodyRows()).toHaveLength(200);
    await user.click(screen.getByText('Load more', { selector: 'button' }));
    await shown('file-050.txt');
    expect(listCalls(calls).at(-1)).toMatchObject({ offset: 200, sortBy: { column: 'name', order: 'desc' } });
    expect(within(bodyRows()[399] as HTMLElement).getByText('file-050.txt')).toBeTruthy();

    await user.click(screen.getByLabelText('Search files'));
    await user.paste('FILE-1');
    await waitFor(() => expect(bodyRows()).toHaveLength(100));
    expect(listCalls(calls).at(-1)).toMatchObject({ search: 'FILE-1', offset: 0 });
    expect(within(bodyRows()[0] as HTMLElement).getByText('file-199.txt')).toBeTruthy();
    expect(screen.queryByText('Load more')).toBeNull();
    expect(screen.queryByText(/Showing/)).toBeNull();
  }, 30_000);
});

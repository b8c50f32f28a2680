import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@basin/core';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { DeployFunctionPage } from './deploy-function-page';
import { edgeFunction } from './function-fixtures';

const DEPLOY = `POST /api/v1/projects/${PROJECT_REF}/functions/deploy`;

// CodeMirror measures text ranges, which jsdom does not lay out.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

function renderDeploy({ role = 'Owner', deploy }: { role?: Role; deploy?: () => MockAnswer } = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: () => json(projectFixture()),
    'GET /api/platform/organizations/acme': () => json(organizationFixture({ role })),
    [`GET /api/v1/projects/${PROJECT_REF}/functions`]: () => json([edgeFunction('taken')]),
    [DEPLOY]: deploy ?? (() => json(edgeFunction('greeter', { name: 'Greeter' }), 201)),
  });
  const view = renderRoutes(
    [
      { path: '/project/:ref/functions/new', element: <DeployFunctionPage /> },
      { path: '/project/:ref/functions/:name/details', element: <p>details page</p> },
    ],
    `/project/${PROJECT_REF}/functions/new`,
  );
  return { ...api, ...view };
}

async function editorView(): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: 'Code of index.ts' });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no view');
  return view;
}

/** The multipart form the page sent. */
function sentForm(fetchMock: ReturnType<typeof mockApi>['fetchMock']): { url: string; form: FormData } {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  if (!call) throw new Error('no deploy');
  return { url: String(call[0]), form: call[1]?.body as FormData };
}

describe('Deploy a new function', () => {
  it('starts with a Deno.serve function, the slug following the name, and sends the multipart form the CLI sends', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderDeploy();
    const view = await editorView();
    expect(view.state.doc.toString()).toContain('Deno.serve(async (req) =>');
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Greeter Bot');
    expect(screen.getByLabelText('Slug')).toHaveProperty('value', 'greeter-bot');
    await user.click(screen.getByRole('switch', { name: /Verify JWT/ }));

    // A second file, then deploy.
    await user.click(screen.getByRole('button', { name: 'Add file' }));
    expect(await screen.findByRole('textbox', { name: 'Code of lib/helpers.ts' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Deploy function/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${PROJECT_REF}/functions/greeter/details`));

    const { url, form } = sentForm(fetchMock);
    expect(url).toBe(`/api/v1/projects/${PROJECT_REF}/functions/deploy?slug=greeter-bot`);
    expect(JSON.parse(form.get('metadata') as string)).toEqual({
      name: 'Greeter Bot',
      verify_jwt: false,
      entrypoint_path: 'index.ts',
      import_map_path: null,
    });
    const files = form.getAll('file') as File[];
    expect(files.map((file) => file.name)).toEqual(['index.ts', 'lib/helpers.ts']);
    expect(await files[0]!.text()).toContain('Deno.serve');
  });

  it('refuses a missing name, a bad slug, empty code and two files of one name, beside each field', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDeploy();
    const view = await editorView();
    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Slug'));
    await user.type(screen.getByLabelText('Slug'), '1-bad slug');
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '   ' } });
    await user.click(screen.getByRole('button', { name: 'Add file' }));
    await user.clear(screen.getByLabelText('File'));
    await user.type(screen.getByLabelText('File'), 'index.ts');
    await user.click(screen.getByRole('button', { name: /Deploy function/ }));

    expect(await screen.findByText('Give the function a name')).toBeTruthy();
    expect(screen.getByText('A slug starts with a letter and holds only letters, digits, _ and -')).toBeTruthy();
    expect(screen.getByText('There are two files named index.ts')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: /index\.ts/ })[0]!);
    expect(await screen.findByText('Edge function code must be non-empty')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("toasts 'Failed to deploy edge function' with the server's reason, and keeps the form", async () => {
    const user = userEvent.setup();
    renderDeploy({ deploy: () => json({ message: 'The entrypoint index.ts is not among the uploaded files' }, 400) });
    await editorView();
    await user.click(screen.getByRole('button', { name: /Deploy function/ }));
    expect(await screen.findByText('Failed to deploy edge function: The entrypoint index.ts is not among the uploaded files')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Deploy a new function' })).toBeTruthy();
  });

  it('warns that an existing slug gets a new version', async () => {
    const user = userEvent.setup();
    renderDeploy();
    await editorView();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'taken');
    expect(await screen.findByText(/A function with this slug exists \(taken\)/)).toBeTruthy();
  });

  it('is read-only with the reason for members who may not deploy', async () => {
    renderDeploy({ role: 'Read-only' });
    expect((await screen.findAllByText('You need additional permissions to manage edge functions')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Deploy function/ })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Name')).toHaveProperty('disabled', true);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@basin/core';
import type { EdgeFunction, FunctionActivity, ProjectSettings } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { FunctionDetailsPage } from './function-details-page';
import { activity, edgeFunction } from './function-fixtures';

const FN = `/api/v1/projects/${PROJECT_REF}/functions/hello`;
const ANON = 'eyJhbGciOiJIUzI1NiJ9.anon.signature';

beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

const settings = (): ProjectSettings =>
  ({
    ref: PROJECT_REF,
    service_api_keys: [
      { api_key: ANON, tags: 'anon', name: 'anon' },
      { api_key: 'service-secret', tags: 'service_role', name: 'service_role' },
    ],
    app_config: { protocol: 'http', endpoint: `${PROJECT_REF}.localhost:8080` },
    jwt_secret: 'secret',
    db_schema: 'public',
    jwtSecretUpdateStatus: { changeTrackingId: null, error: null, progress: null, status: null },
  }) as unknown as ProjectSettings;

/** The body route answers multipart, as the server does. */
function multipartBody(files: Record<string, string>, metadata: object) {
  const boundary = 'basin-test-boundary';
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${JSON.stringify(metadata)}\r\n`,
    ...Object.entries(files).map(
      ([path, content]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n`,
    ),
    `--${boundary}--\r\n`,
  ];
  return new Response(parts.join(''), { status: 200, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}

function renderDetails({
  role = 'Owner',
  fn = edgeFunction('hello', { name: 'Hello', version: 2 }),
  get,
  activityAnswer = () => json(activity()),
}: {
  role?: Role;
  fn?: EdgeFunction;
  get?: () => MockAnswer;
  activityAnswer?: () => MockAnswer;
} = {}) {
  let current = fn;
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: () => json(projectFixture({ restUrl: `http://${PROJECT_REF}.localhost:8080/rest/v1/` })),
    'GET /api/platform/organizations/acme': () => json(organizationFixture({ role })),
    [`GET /api/platform/projects/${PROJECT_REF}/settings`]: () => json(settings()),
    [`GET ${FN}`]: get ?? (() => json(current)),
    [`PATCH ${FN}`]: (request) => {
      current = { ...current, ...(request.body as Partial<EdgeFunction>) };
      return json(current);
    },
    [`DELETE ${FN}`]: () => json({}),
    [`GET /api/v1/projects/${PROJECT_REF}/functions`]: () => json([]),
    [`GET /api/platform/projects/${PROJECT_REF}/functions/hello/activity`]: activityAnswer,
    [`POST /api/v1/projects/${PROJECT_REF}/functions/deploy`]: () => {
      current = { ...current, version: current.version + 1 };
      return json(current, 201);
    },
  });
  const json200 = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    if (String(input).endsWith('/functions/hello/body')) {
      return multipartBody(
        { 'index.ts': 'Deno.serve(() => new Response("hi"))\n', 'lib/util.ts': 'export const x = 1\n' },
        { entrypoint_path: 'index.ts', verify_jwt: true, name: 'Hello' },
      );
    }
    return json200(input, init);
  });
  const view = renderRoutes(
    [
      { path: '/project/:ref/functions/:name/details', element: <FunctionDetailsPage /> },
      { path: '/project/:ref/functions', element: <p>functions list</p> },
    ],
    `/project/${PROJECT_REF}/functions/hello/details`,
  );
  return { ...api, ...view };
}

describe('Edge function details', () => {
  it('shows the URL and invoke examples with the anon key hidden until revealed', async () => {
    const user = userEvent.setup();
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeTruthy();
    expect(screen.getByText('Version 2')).toBeTruthy();
    expect(screen.getAllByText(`http://${PROJECT_REF}.localhost:8080/functions/v1/hello`).length).toBeGreaterThan(0);
    const example = () => screen.getByLabelText(/example$/).textContent ?? '';
    await screen.findByRole('button', { name: 'Reveal anon key' });
    expect(example()).toContain(`curl -i --request POST 'http://${PROJECT_REF}.localhost:8080/functions/v1/hello'`);
    expect(example()).not.toContain(ANON);
    await user.click(screen.getByRole('button', { name: 'Reveal anon key' }));
    expect(example()).toContain(`Bearer ${ANON}`);
    await user.click(screen.getByRole('button', { name: 'supabase-js' }));
    expect(example()).toContain("supabase.functions.invoke('hello'");
    expect(example()).toContain(`createClient('http://${PROJECT_REF}.localhost:8080', '${ANON}')`);
    await user.click(screen.getByRole('button', { name: 'Hide anon key' }));
    expect(example()).not.toContain(ANON);
  });

  it('lists recent invocations and console logs', async () => {
    renderDetails();
    const table = await screen.findByRole('table', { name: 'Recent invocations' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('200')).toBeTruthy();
    expect(within(rows[0]!).getByText('POST')).toBeTruthy();
    expect(within(rows[0]!).getByText('1.4 s')).toBeTruthy();
    expect(within(rows[0]!).getByText('21.5 MB')).toBeTruthy();
    expect(within(rows[1]!).getByText('546')).toBeTruthy();
    expect(within(rows[1]!).getByText('WORKER_LIMIT')).toBeTruthy();
    expect(within(rows[1]!).getByText('12 ms')).toBeTruthy();
    const logs = screen.getByRole('list', { name: 'Function logs' });
    expect(within(logs).getByText('Saying hello to Functions')).toBeTruthy();
    expect(within(logs).getByText('boot')).toBeTruthy();
  });

  it('says when there is no activity yet', async () => {
    renderDetails({ activityAnswer: () => json({ invocations: [], logs: [] } satisfies FunctionActivity) });
    expect(await screen.findByText(/No invocations yet/)).toBeTruthy();
    expect(screen.getByText(/No log lines yet/)).toBeTruthy();
  });

  it('turns the JWT check off with a PATCH', async () => {
    const user = userEvent.setup();
    const { calls } = renderDetails();
    const toggle = await screen.findByRole('switch', { name: /Verify JWT/ });
    expect(toggle).toHaveProperty('checked', true);
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    await user.click(toggle);
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ verify_jwt: false }));
    expect(await screen.findByText('JWT verification disabled for Hello')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('switch', { name: /Verify JWT/ })).toHaveProperty('checked', false));
  });

  it('opens the current files for editing and redeploys them', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Edit code' }));
    const content = await screen.findByRole('textbox', { name: 'Code of index.ts' });
    const view = EditorView.findFromDOM(content)!;
    expect(view.state.doc.toString()).toContain('new Response("hi")');
    expect(screen.getByRole('button', { name: /lib\/util\.ts/ })).toBeTruthy();
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: 'Deno.serve(() => new Response("v3"))\n' } });
    await user.click(screen.getByRole('button', { name: /Redeploy/ }));
    expect(await screen.findByText('Deployed Hello (version 3)')).toBeTruthy();
    const deploy = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const form = deploy[1]!.body as FormData;
    expect(JSON.parse(form.get('metadata') as string)).toMatchObject({ entrypoint_path: 'index.ts', verify_jwt: true, name: 'Hello' });
    const files = form.getAll('file') as File[];
    expect(files.map((file) => file.name)).toEqual(['index.ts', 'lib/util.ts']);
    expect(await files[0]!.text()).toContain('"v3"');
    await waitFor(() => expect(screen.getByText('Version 3')).toBeTruthy());
  });

  it('deletes after the slug is typed, then goes back to the list', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderDetails();
    await waitFor(async () => expect(await screen.findByRole('button', { name: 'Delete function' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Delete function' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Hello' }));
    await user.click(dialog.getByRole('button', { name: 'Delete function' }));
    expect(await dialog.findByText('Value entered does not match')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.type(dialog.getByLabelText(/Type hello to confirm/), 'hello');
    await user.click(dialog.getByRole('button', { name: 'Delete function' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${PROJECT_REF}/functions`));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === FN)).toBe(true);
  });

  it('says when the function does not exist', async () => {
    renderDetails({ get: () => json({ message: 'Function not found' }, 404) });
    expect(await screen.findByRole('heading', { name: 'Function not found' })).toBeTruthy();
  });

  it('lets Read-only members view the code but not change, redeploy or delete, nor see the key', async () => {
    const user = userEvent.setup();
    renderDetails({ role: 'Read-only' });
    await screen.findByRole('heading', { name: 'Hello' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete function' })).toHaveProperty('disabled', true));
    expect(screen.getByRole('switch', { name: /Verify JWT/ })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Reveal anon key' })).toBeNull();
    expect(screen.getByText(/Put the project’s anon key in place of <anon-key>/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'View code' }));
    expect(await screen.findByRole('textbox', { name: 'Code of index.ts' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Redeploy/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add file' })).toBeNull();
  });
});

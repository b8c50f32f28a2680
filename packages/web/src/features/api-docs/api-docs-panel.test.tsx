import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Permission, Role } from '@basin/core';
import * as saving from '../../lib/save-text-file';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { ApiDocsButton } from './api-docs-button';
import { projectApiOrigin } from '../../data/projects/project-api-urls';
import { visibleDocsSections } from './docs-sections';
import { NO_KEYS_PERMISSION } from './introduction-page';

const API_REST = {
  swagger: '2.0',
  definitions: {
    orders: {
      type: 'object',
      required: ['id', 'customer'],
      properties: {
        id: { type: 'integer', format: 'bigint', description: 'Note:\nThis is a Primary Key.<pk/>' },
        note: { type: 'string', format: 'text' },
        customer: { type: 'string', format: 'uuid' },
      },
    },
  },
  paths: {
    '/orders': {},
    '/rpc/add_numbers': { post: { parameters: [{ name: 'args', in: 'body', schema: { properties: { a: {}, b: {} } } }] } },
  },
};

function renderPanel({
  role = 'Owner' as Role,
  types = json({ types: 'export type Database = {}' }) as MockAnswer,
  buckets = json([]) as MockAnswer,
  settings = json({ message: 'not asked for' }, 404) as MockAnswer,
} = {}) {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}/settings`]: settings,
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET /api/platform/projects/${PROJECT_REF}/api/rest`]: json(API_REST),
    [`GET /api/v1/projects/${PROJECT_REF}/types/typescript`]: types,
    [`GET /api/platform/storage/${PROJECT_REF}/buckets`]: buckets,
  });
  renderAt('/project/:ref', <ApiDocsButton projectRef={PROJECT_REF} />, `/project/${PROJECT_REF}`);
  return api;
}

async function openPanel() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'API Docs' }));
  const nav = await screen.findByRole('navigation', { name: 'API docs' });
  return { user, nav };
}

describe('API docs sections', () => {
  it('hides the sections whose permission the member lacks', () => {
    const denied = new Set<Permission>(['auth:read', 'storage:read', 'functions:read', 'realtime:read']);
    expect(visibleDocsSections((permission) => !denied.has(permission)).map((section) => section.label)).toEqual([
      'Connect',
      'Tables & Views',
      'Stored Procedures',
    ]);
    expect(visibleDocsSections(() => true).map((section) => section.label)).toEqual([
      'Connect',
      'User Management',
      'Tables & Views',
      'Stored Procedures',
      'Storage',
      'Edge Functions',
      'Realtime',
    ]);
  });
});

describe('projectApiOrigin', () => {
  it('drops the /rest/v1 path so each example adds its own API path', () => {
    expect(projectApiOrigin('http://abc.localhost:8080/rest/v1/')).toBe('http://abc.localhost:8080');
    expect(projectApiOrigin('http://127.0.0.1:8080/api/projects/abc/gateway/rest/v1/')).toBe(
      'http://127.0.0.1:8080/api/projects/abc/gateway',
    );
  });
});

describe('API docs panel', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists sections, tables and functions from the API description, with empty buckets and edge functions', async () => {
    renderPanel();
    const { user, nav } = await openPanel();
    expect(await within(nav).findByRole('button', { name: 'orders' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'add_numbers' })).toBeTruthy();
    await user.click(await within(nav).findByRole('button', { name: 'Storage' }));
    expect(await screen.findByRole('heading', { name: 'No buckets yet' })).toBeTruthy();
    await user.click(within(nav).getByRole('button', { name: 'Edge Functions' }));
    expect(await screen.findByRole('heading', { name: 'No edge functions yet' })).toBeTruthy();
  });

  it('switches a table page between Javascript and Bash, with the list limit of 100', async () => {
    renderPanel();
    const { user, nav } = await openPanel();
    await user.click(await within(nav).findByRole('button', { name: 'orders' }));
    expect(screen.getByText(/\.limit\(100\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Bash' }));
    expect(screen.getByText(/\/rest\/v1\/orders\?select=\*&limit=100/)).toBeTruthy();
    await user.click(within(nav).getByRole('button', { name: 'add_numbers' }));
    expect(screen.getByText(/\/rest\/v1\/rpc\/add_numbers/)).toBeTruthy();
  });

  it("writes the insert and update examples with the table's own columns and filters on its primary key", async () => {
    renderPanel();
    const { user, nav } = await openPanel();
    await user.click(await within(nav).findByRole('button', { name: 'orders' }));
    expect(screen.getByText(/\.insert\(\{ customer: '00000000-0000-0000-0000-000000000000' \}\)/)).toBeTruthy();
    expect(screen.getByText(/\.update\(\{ note: 'new value' \}\)\s+\.eq\('id', 1\)/)).toBeTruthy();
    expect(screen.queryByText(/some_column/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Bash' }));
    expect(screen.getByText(/-d '\{ "customer": "00000000-0000-0000-0000-000000000000" \}'/)).toBeTruthy();
    expect(screen.getByText(/-X PATCH '[^']+\/rest\/v1\/orders\?id=eq\.1'[\s\S]+-d '\{ "note": "new value" \}'/)).toBeTruthy();
  });

  it('shows a public URL for public buckets and a 60 s signed URL for private ones', async () => {
    renderPanel({
      buckets: json([
        { id: 'a', name: 'avatars', public: true },
        { id: 'd', name: 'documents', public: false },
      ]),
    });
    const { user, nav } = await openPanel();
    await user.click(await within(nav).findByRole('button', { name: 'avatars' }));
    expect(screen.getByRole('heading', { name: 'Public URL of a file' })).toBeTruthy();
    await user.click(within(nav).getByRole('button', { name: 'documents' }));
    expect(screen.getByRole('heading', { name: 'Signed URL of a file' })).toBeTruthy();
    expect(screen.getByText(/createSignedUrl\('folder\/avatar.png', 60\)/)).toBeTruthy();
  });

  it('hides keys and the OAuth entry from Read-only members', async () => {
    renderPanel({ role: 'Read-only' });
    const { user, nav } = await openPanel();
    expect(await screen.findByText(NO_KEYS_PERMISSION)).toBeTruthy();
    await user.click(within(nav).getByRole('button', { name: 'User Management' }));
    expect(screen.getByRole('heading', { name: 'Sign up' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in with a third-party provider' })).toBeNull();
  });

  it('shows placeholder keys behind the toggle and the OAuth entry to developers', async () => {
    renderPanel({ role: 'Developer' });
    const { user, nav } = await openPanel();
    expect(await screen.findByRole('button', { name: 'Show keys' })).toBeTruthy();
    expect(screen.queryByText('<anon-key>', { selector: 'code' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show keys' }));
    expect(screen.getByText('<anon-key>', { selector: 'code' })).toBeTruthy();
    await user.click(within(nav).getByRole('button', { name: 'User Management' }));
    expect(screen.getByRole('heading', { name: 'Sign in with a third-party provider' })).toBeTruthy();
  });

  it('prints the real anon key in the client example only while the keys are shown', async () => {
    const anon = 'eyJhbGciOiJIUzI1NiJ9.real-anon-key.signature';
    renderPanel({
      settings: json({
        service_api_keys: [
          { tags: 'anon', api_key: anon },
          { tags: 'service_role', api_key: 'eyJ.service.key' },
        ],
      }),
    });
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Show keys' }));
    expect((await screen.findAllByText(new RegExp(anon.replaceAll('.', '\\.')))).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Hide keys' }));
    expect(screen.queryAllByText(new RegExp(anon.replaceAll('.', '\\.')))).toHaveLength(0);
    expect(screen.getByText(/createClient\('.*', '<anon-key>'\)/)).toBeTruthy();
  });

  it('gives Realtime examples with the real URL and anon key, and the broadcast over HTTP for curl', async () => {
    const anon = 'eyJhbGciOiJIUzI1NiJ9.realtime-anon.signature';
    renderPanel({ settings: json({ service_api_keys: [{ tags: 'anon', api_key: anon }] }) });
    const { user, nav } = await openPanel();
    await within(nav).findByRole('button', { name: 'orders' });
    await user.click(within(nav).getByRole('button', { name: 'Realtime' }));
    const url = projectApiOrigin(projectFixture().restUrl);
    expect(await screen.findByText(`createClient('${url}', '${anon}')`, { exact: false })).toBeTruthy();
    expect(screen.getByText(/\{ event: '\*', schema: 'public', table: 'orders' \}/)).toBeTruthy();
    expect(screen.getByText(/alter publication supabase_realtime add table public\.orders;/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Broadcast' })).toBeTruthy();
    expect(screen.getByText(/lobby\.track\(/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Bash' }));
    expect(screen.getByText(new RegExp(`curl -X POST '${url}/realtime/v1/api/broadcast'`))).toBeTruthy();
  });

  it("downloads the types as supabase.ts and toasts 'Successfully generated types! …'", async () => {
    const saved = vi.spyOn(saving, 'saveTextFile').mockImplementation(() => {});
    renderPanel();
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Generate and download types' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('supabase.ts', 'export type Database = {}', 'text/typescript'));
    expect(await screen.findByText('Successfully generated types! File is being downloaded')).toBeTruthy();
  });

  it("toasts 'Failed to generate types: {message}'", async () => {
    const saved = vi.spyOn(saving, 'saveTextFile').mockImplementation(() => {});
    renderPanel({ types: json({ message: 'Project is paused' }, 400) });
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Generate and download types' }));
    expect(await screen.findByText('Failed to generate types: Project is paused')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
  });
});

import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEYS_MESSAGES, type Role } from '@basin/core';
import type { ProjectSettings } from '@basin/core/schemas';
import { projectApiOrigin } from '../../data/projects/project-api-urls';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { RealtimeInspectorPage } from './inspector-page';
import { INSPECTOR_MESSAGES } from './inspector-schema';

type Handler = { type: string; filter: Record<string, unknown>; callback: (payload: unknown) => void };

/** supabase-js as far as the inspector uses it: what it was asked, and a way to play the server's part. */
const fake = vi.hoisted(() => ({
  clients: [] as { url: string; key: string }[],
  tokens: [] as string[],
  topic: '',
  options: undefined as unknown,
  handlers: [] as Handler[],
  status: undefined as undefined | ((status: string, error?: Error) => void),
  sent: [] as unknown[],
  left: 0,
}));

vi.mock('@supabase/supabase-js', () => ({
  createClient(url: string, key: string) {
    fake.clients.push({ url, key });
    const channel = {
      on(type: string, filter: Record<string, unknown>, callback: (payload: unknown) => void) {
        fake.handlers.push({ type, filter, callback });
        return channel;
      },
      subscribe(callback: (status: string, error?: Error) => void) {
        fake.status = callback;
        return channel;
      },
      send: async (message: unknown) => {
        fake.sent.push(message);
        return 'ok';
      },
    };
    return {
      channel(topic: string, options: unknown) {
        fake.topic = topic;
        fake.options = options;
        return channel;
      },
      realtime: { setAuth: async (token: string) => void fake.tokens.push(token), disconnect: () => {} },
      removeAllChannels: async () => {
        fake.left++;
        return [];
      },
    };
  },
}));

const ANON = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.YW5vbg';
const SERVICE = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2VydmljZQ';

function settings(canRead: boolean): ProjectSettings {
  return {
    ref: PROJECT_REF,
    service_api_keys: canRead
      ? [
          { api_key: ANON, tags: 'anon', name: 'anon' },
          { api_key: SERVICE, tags: 'service_role', name: 'service_role' },
        ]
      : [],
    app_config: { protocol: 'http', endpoint: '127.0.0.1:8080' },
    jwt_secret: null,
    db_schema: 'public',
    jwtSecretUpdateStatus: { changeTrackingId: null, error: null, progress: null, status: 'Updated' },
  };
}

function renderInspector(role: Role = 'Owner') {
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organizationFixture({ role })),
    [`GET /api/platform/projects/${PROJECT_REF}/settings`]: json(settings(role !== 'Read-only')),
  });
  renderAt('/project/:ref/realtime/inspector', <RealtimeInspectorPage />, `/project/${PROJECT_REF}/realtime/inspector`);
  return api;
}

/** What the server would push to the handlers bound for `type`. */
function emit(type: string, payload: unknown, event?: string) {
  act(() => {
    for (const handler of fake.handlers.filter((each) => each.type === type && (!event || each.filter.event === event))) {
      handler.callback(payload);
    }
  });
}

beforeEach(() => {
  Object.assign(fake, { clients: [], tokens: [], topic: '', options: undefined, handlers: [], status: undefined, sent: [], left: 0 });
});

describe('Realtime Inspector', () => {
  it('checks the join form before opening anything', async () => {
    const user = userEvent.setup();
    renderInspector();
    await user.click(await screen.findByRole('button', { name: 'Join channel' }));
    expect(await screen.findByText(INSPECTOR_MESSAGES.topicRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Channel name'), 'room');
    await user.click(screen.getByRole('checkbox', { name: /^Broadcast/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Presence/ }));
    await user.click(screen.getByRole('button', { name: 'Join channel' }));
    expect(await screen.findByText(INSPECTOR_MESSAGES.nothingToListen)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /^Database changes/ }));
    await user.clear(screen.getByLabelText('Schema'));
    await user.type(screen.getByLabelText('Filter (optional)'), 'id is 1');
    await user.click(screen.getByRole('radio', { name: 'A user (access token)' }));
    await user.click(screen.getByRole('button', { name: 'Join channel' }));
    expect(await screen.findByText(INSPECTOR_MESSAGES.schemaRequired)).toBeTruthy();
    expect(screen.getByText(INSPECTOR_MESSAGES.filterShape)).toBeTruthy();
    expect(screen.getByText(INSPECTOR_MESSAGES.tokenRequired)).toBeTruthy();
    expect(fake.clients).toHaveLength(0);
  });

  it('joins as anon, lists messages newest first with their payloads, sends a broadcast and leaves', async () => {
    const user = userEvent.setup();
    renderInspector();
    await user.type(await screen.findByLabelText('Channel name'), 'room');
    await user.click(screen.getByRole('checkbox', { name: /^Database changes/ }));
    await user.type(screen.getByLabelText('Table'), 'notes');
    await user.click(screen.getByRole('button', { name: 'Join channel' }));
    expect(await screen.findByText('Joining…')).toBeTruthy();
    expect(fake.clients).toEqual([{ url: projectApiOrigin(projectFixture().restUrl), key: ANON }]);
    expect(fake.topic).toBe('room');
    expect(fake.handlers.map(({ type, filter }) => [type, filter])).toEqual([
      ['broadcast', { event: '*' }],
      ['presence', { event: 'join' }],
      ['presence', { event: 'leave' }],
      ['postgres_changes', { event: '*', schema: 'public', table: 'notes' }],
    ]);
    act(() => fake.status?.('SUBSCRIBED'));
    expect(await screen.findByText('Joined')).toBeTruthy();
    expect(screen.getByText(`${INSPECTOR_MESSAGES.noMessages}…`)).toBeTruthy();

    emit('broadcast', { type: 'broadcast', event: 'hello', payload: { x: 1 } });
    emit('postgres_changes', { eventType: 'INSERT', table: 'notes', new: { id: 7, body: 'hi' }, old: {} });
    const list = screen.getByRole('list', { name: 'Messages' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Database changeINSERT'),
      expect.stringContaining('Broadcasthello{"x":1}'),
    ]);
    expect(rows[1]!.getAttribute('aria-expanded')).toBe('false');
    await user.click(rows[1]!);
    expect(rows[1]!.getAttribute('aria-expanded')).toBe('true');
    expect(within(list).getByLabelText('Payload').textContent).toBe('{\n  "x": 1\n}');

    const payload = screen.getByLabelText('Payload (JSON)');
    await user.clear(payload);
    await user.type(payload, '{{"x": 1');
    await user.click(screen.getByRole('button', { name: 'Send broadcast' }));
    expect((await screen.findByText(/^The payload is not valid JSON: /)).getAttribute('role')).toBe('alert');
    expect(fake.sent).toHaveLength(0);
    await user.clear(payload);
    await user.type(payload, '{{"x": 2}');
    await user.clear(screen.getByLabelText('Event name'));
    await user.type(screen.getByLabelText('Event name'), 'ping');
    await user.click(screen.getByRole('button', { name: 'Send broadcast' }));
    expect(await screen.findByText('Sent ping')).toBeTruthy();
    expect(fake.sent).toEqual([{ type: 'broadcast', event: 'ping', payload: { x: 2 } }]);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText(`${INSPECTOR_MESSAGES.noMessages}…`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Leave channel' }));
    expect(fake.left).toBe(1);
    expect(await screen.findByRole('button', { name: 'Join channel' })).toBeTruthy();
  });

  it("sends a user's token before joining, and shows why a join was refused", async () => {
    const user = userEvent.setup();
    renderInspector();
    await user.type(await screen.findByLabelText('Channel name'), 'members');
    await user.click(screen.getByRole('radio', { name: 'A user (access token)' }));
    await user.type(screen.getByLabelText('User access token'), ANON);
    await user.click(screen.getByRole('checkbox', { name: /^Private channel/ }));
    await user.click(screen.getByRole('button', { name: 'Join channel' }));
    await screen.findByText('Joining…');
    expect(fake.tokens).toEqual([ANON]);
    expect(fake.options).toMatchObject({ config: { private: true } });
    act(() =>
      fake.status?.('CHANNEL_ERROR', new Error('Unauthorized: You do not have permissions to read from this Channel topic: members')),
    );
    expect((await screen.findByText(/^Unauthorized: You do not have permissions/)).closest('[role="alert"]')).toBeTruthy();
    expect(fake.left).toBe(1);
    expect(screen.getByRole('button', { name: 'Join channel' })).toBeTruthy();
  });

  it('says when the socket never opened', async () => {
    const user = userEvent.setup();
    renderInspector();
    await user.type(await screen.findByLabelText('Channel name'), 'room');
    await user.click(screen.getByRole('button', { name: 'Join channel' }));
    await screen.findByText('Joining…');
    act(() => fake.status?.('CHANNEL_ERROR', new Error('socket closed: 1006')));
    expect(
      await screen.findByText('Could not connect to Realtime: check the key and that the project is running (socket closed: 1006)'),
    ).toBeTruthy();
  });

  it('says when the socket dropped and supabase-js is joining again', async () => {
    const user = userEvent.setup();
    renderInspector();
    await user.type(await screen.findByLabelText('Channel name'), 'room');
    await user.click(screen.getByRole('button', { name: 'Join channel' }));
    act(() => fake.status?.('SUBSCRIBED'));
    act(() => fake.status?.('CHANNEL_ERROR', new Error('socket closed')));
    expect(await screen.findByText('Disconnected')).toBeTruthy();
    expect(screen.getByText('Disconnected from Realtime; joining again…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send broadcast' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => fake.status?.('SUBSCRIBED'));
    expect(await screen.findByText('Joined')).toBeTruthy();
  });

  it('lets a Read-only member watch with the anon key, and says why service_role is not theirs', async () => {
    const user = userEvent.setup();
    const { calls } = renderInspector('Read-only');
    const serviceRole = await screen.findByRole('radio', { name: 'service_role' });
    expect((serviceRole as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText(API_KEYS_MESSAGES.noPermission, { exact: false }).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.path.endsWith('/settings'))).toBe(false);
    await user.type(screen.getByLabelText('Channel name'), 'room');
    await user.click(screen.getByRole('button', { name: 'Join channel' }));
    expect(await screen.findByText(INSPECTOR_MESSAGES.anonKeyRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Project anon key'), ANON);
    await user.click(screen.getByRole('button', { name: 'Join channel' }));
    await screen.findByText('Joining…');
    expect(fake.clients[0]?.key).toBe(ANON);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createUIMessageStream, createUIMessageStreamResponse, type UIMessageChunk, type UIMessageStreamWriter } from 'ai';
import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { expect, vi } from 'vitest';
import { LINTS } from '@basin/core';
import type { Chat, GenerateBody, Lint, Organization, SqlResult } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer, type MockHandler } from '../../test/mock-api';
import { projectRoutes } from '../../test/project-routes';
import { renderRoutes } from '../../test/render';
import { GENERATE_PATH } from './chat-session';

/** Tests of the assistant panel: a project, its organization, chats, and a scripted model behind generate-v4. */

export const CHAT_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_CHAT_ID = '22222222-2222-4222-8222-222222222222';

export function chatFixture(overrides: Partial<Chat> = {}): Chat {
  return {
    id: CHAT_ID,
    name: 'Orders questions',
    created_at: '2026-05-01T10:00:00.000Z',
    updated_at: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A finding as the advisors raise it: title, level and category from the lint catalogue. */
export function lintFixture(overrides: Partial<Lint> = {}): Lint {
  const name = overrides.name ?? 'rls_disabled_in_public';
  const lint = LINTS[name];
  return {
    name,
    title: lint.title,
    level: lint.level,
    facing: 'EXTERNAL',
    categories: [lint.category],
    description: lint.description,
    detail: 'Table public.orders is public, but RLS has not been enabled.',
    remediation: 'https://example.com/lints/rls',
    metadata: { schema: 'public', name: 'orders', type: 'table' },
    cache_key: 'rls_disabled_in_public_public_orders',
    acknowledged: null,
    ...overrides,
  };
}

/** The organization, opted in to schema sharing unless told otherwise. */
export const orgFixture = (overrides: Partial<Organization> = {}) => organizationFixture({ opt_in_tags: ['AI_SQL'], ...overrides });

export function sqlResult(columns: string[], rows: unknown[][]): SqlResult {
  return {
    fields: columns.map((name) => ({ name, dataTypeID: 25, type: 'text' })),
    rows,
    rowCount: rows.length,
    command: 'SELECT',
    durationMs: 3,
    truncated: false,
  };
}

const base = `/api/platform/projects/${PROJECT_REF}`;
export const paths = {
  chats: `${base}/ai/chats`,
  chat: (id = CHAT_ID) => `${base}/ai/chats/${id}`,
  messages: (id = CHAT_ID) => `${base}/ai/chats/${id}/messages`,
  message: (messageId: string, id = CHAT_ID) => `${base}/ai/chats/${id}/messages/${messageId}`,
  sql: `/api/platform/pg-meta/${PROJECT_REF}/query`,
  lints: `${base}/run-lints`,
  hipaa: `${base}/hipaa`,
};

type Writer = UIMessageStreamWriter;

/** A real UI message stream answer, written by `write` (the protocol the server's toUIMessageStreamResponse speaks). */
export function streamAnswer(write: (writer: Writer) => Promise<void> | void): Response {
  return createUIMessageStreamResponse({
    stream: createUIMessageStream({
      execute: async ({ writer }) => {
        await write(writer);
      },
    }),
  });
}

/** Text in a few deltas. */
export function writeText(writer: Writer, id: string, text: string): void {
  writer.write({ type: 'text-start', id });
  for (const piece of text.match(/\S+\s*/g) ?? [text]) writer.write({ type: 'text-delta', id, delta: piece });
  writer.write({ type: 'text-end', id });
}

/** A tool call whose input streams in two pieces, then is complete. */
export function writeToolCall(writer: Writer, toolCallId: string, toolName: string, input: object): void {
  const json = JSON.stringify(input);
  const half = Math.floor(json.length / 2);
  writer.write({ type: 'tool-input-start', toolCallId, toolName });
  writer.write({ type: 'tool-input-delta', toolCallId, inputTextDelta: json.slice(0, half) });
  writer.write({ type: 'tool-input-delta', toolCallId, inputTextDelta: json.slice(half) });
  writer.write({ type: 'tool-input-available', toolCallId, toolName, input });
}

/** A whole answer: start, one step of text (and an optional tool call), finish. */
export function answer({
  messageId = 'answer-1',
  text,
  tool,
}: {
  messageId?: string;
  text?: string;
  tool?: { id: string; name: string; input: object };
}): Response {
  return streamAnswer((writer) => {
    writer.write({ type: 'start', messageId });
    writer.write({ type: 'start-step' });
    if (text) writeText(writer, `${messageId}-text`, text);
    if (tool) writeToolCall(writer, tool.id, tool.name, tool.input);
    writer.write({ type: 'finish-step' });
    writer.write({ type: 'finish' });
  });
}

export type GenerateHandler = (body: GenerateBody, call: number, signal: AbortSignal | undefined) => Response | Promise<Response>;

/**
 * mockApi with the assistant's defaults (a key, one chat with no messages, no lints), plus
 * generate-v4 answered by `generate`. Returns the calls and the generate bodies.
 */
export function mockAssistant({
  api = {},
  generate = () => answer({ text: 'Hello!' }),
  organization = orgFixture(),
  chats = [chatFixture()],
}: {
  api?: Record<string, MockHandler | MockAnswer>;
  generate?: GenerateHandler;
  organization?: Organization;
  chats?: Chat[];
} = {}) {
  const { calls, fetchMock } = mockApi({
    [`GET ${base}`]: json(projectFixture()),
    'GET /api/platform/organizations/acme': json(organization),
    'GET /api/ai/sql/check-api-key': json({ hasKey: true, disabled: false, message: '' }),
    [`GET ${paths.chats}`]: json(chats),
    [`GET ${paths.messages()}`]: json([]),
    [`GET ${paths.messages(OTHER_CHAT_ID)}`]: json([]),
    [`GET ${paths.lints}`]: json([]),
    [`GET ${paths.hipaa}`]: json({ hipaa: false }),
    'POST /api/platform/telemetry/event': { status: 204 },
    ...api,
  });
  const generated: GenerateBody[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (url.pathname === GENERATE_PATH && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as GenerateBody;
      generated.push(body);
      calls.push({ method: 'POST', path: url.pathname, body });
      return generate(body, generated.length, init.signal ?? undefined);
    }
    return fetchMock(input, init);
  });
  return { calls, generated };
}

/** Pages the panel links to, standing in for the real ones. */
const linkedPages: RouteObject[] = [
  { path: '/org/:slug/billing', element: createElement('h1', null, 'Billing page') },
  { path: '/project/:ref/sql/:id', element: createElement('h1', null, 'Snippet page') },
];

/** Renders a project page (the home by default) and opens the panel with the i key. */
export async function openAssistant({ path = `/project/${PROJECT_REF}`, heading = 'Project home' } = {}) {
  const user = userEvent.setup();
  const rendered = renderRoutes([...projectRoutes, ...linkedPages], path);
  await screen.findByRole('heading', { name: heading });
  await user.keyboard('i');
  await screen.findByRole('complementary', { name: 'AI assistant' });
  await panelLoaded();
  return { user, ...rendered };
}

/**
 * Waits for the panel's content, which loads on demand: the first test of a file transforms its
 * modules, which takes seconds on a busy machine.
 */
export async function panelLoaded(): Promise<void> {
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the assistant' })).toBeNull(), { timeout: 15_000 });
}

/** Resolves when told to: holds a stream open mid-answer. */
export function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

export type { UIMessageChunk };

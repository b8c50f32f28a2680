import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import type { UIMessage } from 'ai';
import type { RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_IDEAS, ASSISTANT_MESSAGES, SNIPPET_IDEAS } from '@basin/core';
import type { Snippet } from '@basin/core/schemas';
import { PROJECT_REF } from '../../test/fixtures';
import { json } from '../../test/mock-api';
import { projectRoutes } from '../../test/project-routes';
import { renderRoutes } from '../../test/render';
import { SqlEditorPage } from '../sql-editor/sql-editor-page';
import { attachSnippet, resetAssistantRequests } from './assistant-requests';
import { dropAllChatSessions } from './chat-session';
import { assistantModelSetting } from './models';
import {
  answer,
  CHAT_ID,
  chatFixture,
  lintFixture,
  mockAssistant,
  openAssistant,
  orgFixture,
  OTHER_CHAT_ID,
  panelLoaded,
  paths,
} from './test-kit';

/** The chats and messages load one after the other: seconds on a busy machine. */
const SLOW = { timeout: 5_000 };
/** Cases that render the panel and the SQL editor: more than the default 5 s on a busy machine. */
const BUSY_MACHINE = 20_000;

afterEach(() => {
  // Unmounted first: a panel still mounted would re-render on the reset and make its chat's session again.
  cleanup();
  dropAllChatSessions();
  resetAssistantRequests();
  vi.restoreAllMocks();
});

const assistantSays = (text: string): UIMessage[] => [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
  { id: 'a1', role: 'assistant', parts: [{ type: 'text', text }] },
];

describe('the empty state', () => {
  it('offers the project’s ERROR lints by category (performance ones too), then the ideas, and sends the one picked', async () => {
    const { generated } = mockAssistant({
      api: {
        [`GET ${paths.lints}`]: json([
          lintFixture(),
          lintFixture({ name: 'auth_rls_initplan', metadata: { schema: 'public', name: 'todos' } }),
          lintFixture({ name: 'multiple_permissive_policies', metadata: { schema: 'public', name: 'multi' } }),
          lintFixture({ name: 'unindexed_foreign_keys', metadata: { schema: 'public', name: 'items' } }),
        ]),
      },
    });
    const { user } = await openAssistant();
    expect(await screen.findByRole('heading', { name: ASSISTANT_MESSAGES.emptyHeading })).toBeTruthy();
    const security = await screen.findByRole('region', { name: 'Improve Security' });
    expect(within(security).getByRole('button', { name: 'RLS Disabled in Public: public.orders' })).toBeTruthy();
    const performance = screen.getByRole('region', { name: 'Improve Performance' });
    // The performance advisors' own levels: auth_rls_initplan is an ERROR, the others a WARNING and INFO.
    expect(within(performance).getByRole('button', { name: 'Auth RLS Initialization Plan: public.todos' })).toBeTruthy();
    expect(screen.queryByText(/Multiple Permissive Policies|Unindexed foreign keys/)).toBeNull();
    const ideas = screen.getByRole('region', { name: 'Ideas' });
    expect(
      within(ideas)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([...ASSISTANT_IDEAS]);
    expect(screen.queryByRole('region', { name: 'Suggestions' })).toBeNull();

    await user.click(within(security).getByRole('button'));
    await waitFor(() => expect(generated).toHaveLength(1));
    expect(JSON.stringify(generated[0]?.messages.at(-1))).toContain('RLS Disabled in Public on public.orders');
  });

  it('shows only the ideas when there are no errors', async () => {
    mockAssistant();
    await openAssistant();
    expect(await screen.findByRole('region', { name: 'Ideas' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Improve Security' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Improve Performance' })).toBeNull();
  });
});

describe('the panel’s states', () => {
  it('says when the assistant is switched off', async () => {
    mockAssistant({ api: { 'GET /api/ai/sql/check-api-key': json({ hasKey: true, disabled: true, message: '' }) } });
    await openAssistant();
    expect(await screen.findByText(ASSISTANT_MESSAGES.disabled)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('says when the organization’s flag switches it off', async () => {
    mockAssistant({ api: { 'GET /api/platform/organizations/acme/feature-flags': json({ assistantEnabled: false }) } });
    await openAssistant();
    expect(await screen.findByText(ASSISTANT_MESSAGES.disabled)).toBeTruthy();
  });

  it('is off for a project marked as holding HIPAA data, and asks nothing of the assistant', async () => {
    const { calls } = mockAssistant({ api: { [`GET ${paths.hipaa}`]: json({ hipaa: true }) } });
    await openAssistant();
    expect(await screen.findByText(ASSISTANT_MESSAGES.disabled)).toBeTruthy();
    expect(screen.getByText(ASSISTANT_MESSAGES.hipaaDisallowed)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(calls.some((call) => call.path === paths.chats)).toBe(false);
  });

  it('says how to add a key when there is none', async () => {
    mockAssistant({
      api: { 'GET /api/ai/sql/check-api-key': json({ hasKey: false, disabled: false, message: ASSISTANT_MESSAGES.noApiKey }) },
    });
    await openAssistant();
    expect(await screen.findByText(ASSISTANT_MESSAGES.noApiKey)).toBeTruthy();
  });

  it('is off when the organization’s opt-in level is disabled, with a way to change it', async () => {
    mockAssistant({ organization: orgFixture({ opt_in_tags: [] }) });
    const { user } = await openAssistant();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    expect(input.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(ASSISTANT_MESSAGES.optInDisabled)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Permission settings' }));
    expect(await screen.findByRole('dialog', { name: ASSISTANT_MESSAGES.updateOptInTitle })).toBeTruthy();
  });

  it('catches a crash: “Clear messages and refresh” clears the chat and starts again', async () => {
    let stored: unknown = [{ id: 'broken', role: 'assistant', parts: null }];
    const { calls } = mockAssistant({
      api: {
        [`GET ${paths.messages()}`]: () => json(stored),
        [`DELETE ${paths.message('broken')}`]: () => {
          stored = [];
          return { status: 204 };
        },
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openAssistant();
    expect(await screen.findByText(ASSISTANT_MESSAGES.panelCrashed, {}, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: ASSISTANT_MESSAGES.clearAndRefresh }));
    expect(await screen.findByRole('heading', { name: ASSISTANT_MESSAGES.emptyHeading })).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === paths.message('broken'))).toBe(true);
  });
});

describe('chats', () => {
  it('lists, searches, renames, switches and deletes chats; the last one cannot be deleted', async () => {
    const { calls } = mockAssistant({
      chats: [chatFixture(), chatFixture({ id: OTHER_CHAT_ID, name: 'Index tuning' })],
      api: {
        [`GET ${paths.messages()}`]: json(assistantSays('About orders.')),
        [`GET ${paths.messages(OTHER_CHAT_ID)}`]: json(assistantSays('About indexes.')),
        [`PATCH ${paths.chat()}`]: ({ body }) => json(chatFixture({ name: (body as { name: string }).name })),
        [`DELETE ${paths.chat(OTHER_CHAT_ID)}`]: { status: 204 },
      },
    });
    const { user } = await openAssistant();
    expect(await screen.findByText('About orders.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Chats: Orders questions' }));
    const picker = await screen.findByRole('dialog', { name: 'Chats' });
    await user.type(within(picker).getByRole('textbox', { name: 'Search chats' }), 'index');
    expect(within(picker).queryByRole('button', { name: 'Orders questions' })).toBeNull();
    await user.click(within(picker).getByRole('button', { name: 'Index tuning' }));
    expect(await screen.findByText('About indexes.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Chats: Index tuning' }));
    const again = await screen.findByRole('dialog', { name: 'Chats' });
    await user.click(within(again).getByRole('button', { name: 'Rename Orders questions' }));
    const name = within(again).getByRole('textbox', { name: 'Chat name' });
    await user.clear(name);
    await user.type(name, 'Monthly orders{Enter}');
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Monthly orders' }));
    expect(await within(again).findByRole('button', { name: 'Monthly orders' })).toBeTruthy();

    await user.click(within(again).getByRole('button', { name: 'Delete Index tuning' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === paths.chat(OTHER_CHAT_ID))).toBe(true));
    expect(await screen.findByText('About orders.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Chats: Monthly orders' }));
    const last = await screen.findByRole('dialog', { name: 'Chats' });
    expect(within(last).queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('stores a new chat with its first message', async () => {
    let chats = [chatFixture()];
    const { calls, generated } = mockAssistant({
      api: {
        [`GET ${paths.chats}`]: () => json(chats),
        [`GET ${paths.messages()}`]: json(assistantSays('Earlier answer.')),
        [`POST ${paths.chats}`]: () => {
          chats = [chatFixture({ id: OTHER_CHAT_ID, name: 'New chat' }), ...chats];
          return json(chats[0]);
        },
      },
      generate: () => {
        // The server names a new chat after its first prompt.
        chats = chats.map((chat) => (chat.id === OTHER_CHAT_ID ? { ...chat, name: 'Count my users' } : chat));
        return answer({ text: 'You have 3 users.' });
      },
    });
    const { user } = await openAssistant();
    expect(await screen.findByText('Earlier answer.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New chat' }));
    expect(await screen.findByRole('heading', { name: ASSISTANT_MESSAGES.emptyHeading })).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === paths.chats)).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Count my users{Enter}');
    expect(await screen.findByText('You have 3 users.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.path === paths.chats)?.body).toEqual({});
    expect(generated[0]).toMatchObject({ chatId: OTHER_CHAT_ID, chatName: 'New chat' });
    expect(await screen.findByRole('button', { name: 'Chats: Count my users' })).toBeTruthy();
    expect(generated[0]?.chatId).not.toBe(CHAT_ID);
  });
});

describe('the model picker', () => {
  it('sends a free organization’s member to billing for gpt-5, and uses gpt-5-mini', async () => {
    const { generated } = mockAssistant();
    const { user, router } = await openAssistant();
    await user.click(await screen.findByRole('button', { name: 'Model: gpt-5-mini' }));
    const gpt5 = await screen.findByRole('menuitemradio', { name: new RegExp(`^gpt-5\\s*${ASSISTANT_MESSAGES.gpt5NeedsPro}`) });
    await user.click(gpt5);
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/org/acme/billing?panel=subscriptionPlan&source=ai-assistant-model',
    );
    expect(assistantModelSetting.get()).toBe('');
    expect(generated).toHaveLength(0);
  });

  it('falls back from a stored gpt-5 on the free plan', async () => {
    assistantModelSetting.set('gpt-5');
    const { generated } = mockAssistant({ generate: () => answer({ text: 'Hi.' }) });
    const { user } = await openAssistant();
    expect(await screen.findByRole('button', { name: 'Model: gpt-5-mini' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    await waitFor(() => expect(generated).toHaveLength(1));
    expect(generated[0]?.model).toBe('gpt-5-mini');
  });

  it('lets a paid organization choose, remembering the choice', async () => {
    const { generated } = mockAssistant({
      organization: orgFixture({ plan: { id: 'pro', name: 'Pro' } }),
      generate: () => answer({ text: 'Hi.' }),
    });
    const { user } = await openAssistant();
    await user.click(await screen.findByRole('button', { name: 'Model: gpt-5' }));
    expect(screen.queryByText(ASSISTANT_MESSAGES.gpt5NeedsPro)).toBeNull();
    await user.click(await screen.findByRole('menuitemradio', { name: 'gpt-5-mini' }));
    expect(assistantModelSetting.get()).toBe('gpt-5-mini');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    await waitFor(() => expect(generated).toHaveLength(1));
    expect(generated[0]?.model).toBe('gpt-5-mini');
  });
});

describe('links in answers', () => {
  it('asks before following an allowed link and never follows others', async () => {
    mockAssistant({
      api: {
        [`GET ${paths.messages()}`]: json(
          assistantSays(
            'See [the docs](https://basin.dev/docs), [the SQL editor](/project/abcdefghijklmnopqrst/sql) and [this](javascript:alert(1)).',
          ),
        ),
      },
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user, router } = await openAssistant();

    await user.click(await screen.findByRole('link', { name: 'the docs' }));
    const dialog = await screen.findByRole('dialog', { name: ASSISTANT_MESSAGES.verifyLink });
    expect(within(dialog).getByTestId('verify-link-url').textContent).toBe('https://basin.dev/docs');
    await user.click(within(dialog).getByRole('button', { name: 'Open link' }));
    expect(open).toHaveBeenCalledWith('https://basin.dev/docs', '_blank', 'noopener,noreferrer');

    expect(screen.queryByRole('link', { name: 'this' })).toBeNull();
    await user.click(screen.getByText('this'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'the SQL editor' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: ASSISTANT_MESSAGES.verifyLink })).getByRole('button', { name: 'Open link' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/abcdefghijklmnopqrst/sql'));
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe('custom suggestions', { timeout: BUSY_MACHINE }, () => {
  it('come from the page the member is on, under ‘Suggestions’ instead of the lints and ideas', async () => {
    const { generated } = mockAssistant({ api: { [`GET ${paths.lints}`]: json([lintFixture()]) } });
    const { user } = await openAssistant({ path: `/project/${PROJECT_REF}/editor`, heading: 'Tables page' });
    const suggestions = await screen.findByRole('region', { name: 'Suggestions' }, SLOW);
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Design a new table', 'Add a column', 'Relate two tables']);
    expect(screen.queryByRole('region', { name: 'Ideas' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Improve Security' })).toBeNull();
    await user.click(within(suggestions).getByRole('button', { name: 'Add a column' }));
    await waitFor(() => expect(generated).toHaveLength(1));
    expect(JSON.stringify(generated[0]?.messages.at(-1))).toContain('Help me add a column');
  });
});

const SNIPPET: Snippet = {
  id: '3f2b8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Broken query',
  sql: 'select 1;\nselect nope from orders',
  owner_id: 'user-1',
  project_id: 1,
  project_ref: PROJECT_REF,
  inserted_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const SNIPPETS = `/api/platform/projects/${PROJECT_REF}/snippets`;
/** The snippet's SQL as a title query matches it (whitespace collapsed). */
const SNIPPET_TITLE = SNIPPET.sql.replace(/\s+/g, ' ');

/** The project layout with the real SQL editor in it, at the saved snippet. */
function renderSqlEditor() {
  const [layout, ...rest] = projectRoutes;
  const editor: RouteObject = { path: 'sql/:id', handle: { title: 'SQL' }, element: <SqlEditorPage /> };
  const withEditor: RouteObject = { path: layout!.path, element: layout!.element, children: [...(layout!.children ?? []), editor] };
  renderRoutes([withEditor, ...rest], `/project/${PROJECT_REF}/sql/${SNIPPET.id}`);
}

async function editorView(): Promise<EditorView> {
  const content = await waitFor(() => {
    const element = document.querySelector<HTMLElement>('.cm-content');
    if (!element?.textContent?.includes('nope')) throw new Error('no snippet in the editor yet');
    return element;
  });
  return EditorView.findFromDOM(content)!;
}

describe('SQL snippets', { timeout: BUSY_MACHINE }, () => {
  // CodeMirror measures text ranges, which jsdom does not lay out.
  beforeAll(() => {
    Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  });

  it('attached, they change the ideas and the placeholder, go with each turn, and can be removed', async () => {
    const { generated } = mockAssistant({ generate: () => answer({ text: 'It counts orders per month.' }) });
    attachSnippet({
      projectRef: PROJECT_REF,
      key: 'monthly',
      name: 'Monthly orders',
      sql: 'select month, count(*) from orders group by month',
    });
    attachSnippet({ projectRef: 'another-project-ref', key: 'other', name: 'Elsewhere', sql: 'select 2' });
    const { user } = await openAssistant();
    const attached = await screen.findByRole('list', { name: 'Attached snippets' }, SLOW);
    expect(
      within(attached)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Monthly orders']);
    const ideas = await screen.findByRole('region', { name: 'Ideas' });
    expect(
      within(ideas)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([...SNIPPET_IDEAS]);
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input.getAttribute('placeholder')).toBe(ASSISTANT_MESSAGES.placeholderSnippets);

    await user.click(within(ideas).getByRole('button', { name: 'Explain code' }));
    expect(await screen.findByText('It counts orders per month.')).toBeTruthy();
    expect(generated[0]?.sqlSnippets).toEqual([{ name: 'Monthly orders', sql: 'select month, count(*) from orders group by month' }]);
    expect(input.getAttribute('placeholder')).toBe(ASSISTANT_MESSAGES.placeholderSnippets);

    await user.click(screen.getByRole('button', { name: 'Remove Monthly orders' }));
    expect(screen.queryByRole('list', { name: 'Attached snippets' })).toBeNull();
    expect(input.getAttribute('placeholder')).toBe(ASSISTANT_MESSAGES.placeholderFollowUp);
    await user.type(input, 'Thanks{Enter}');
    await waitFor(() => expect(generated).toHaveLength(2));
    expect(generated[1]?.sqlSnippets).toBeUndefined();
  });

  it('the SQL editor’s ‘Ask the assistant’ attaches the selection, or else the whole query, and opens the panel', async () => {
    mockAssistant({ api: { [`GET ${SNIPPETS}`]: json([SNIPPET]), [`GET ${SNIPPETS}/${SNIPPET.id}`]: json(SNIPPET) } });
    renderSqlEditor();
    const view = await editorView();
    view.dispatch({ selection: { anchor: 0, head: 'select 1'.length } });
    await userEvent.click(screen.getByRole('button', { name: 'Ask the assistant' }));
    await screen.findByRole('complementary', { name: 'AI assistant' });
    await panelLoaded();
    const attached = await screen.findByRole('list', { name: 'Attached snippets' }, SLOW);
    expect(within(attached).getByTitle('select 1').textContent).toBe('Broken query (selection)');

    view.dispatch({ selection: { anchor: 0 } });
    await userEvent.click(screen.getByRole('button', { name: 'Ask the assistant' }));
    await waitFor(() => expect(within(attached).getAllByRole('listitem')).toHaveLength(2));
    expect(within(attached).getByTitle(SNIPPET_TITLE).textContent).toBe('Broken query');
    expect(
      within(await screen.findByRole('region', { name: 'Ideas' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([...SNIPPET_IDEAS]);
  });

  it('‘Debug with Assistant’ on a failed run opens a new chat with the query attached and the error in the input, and is counted', async () => {
    let chats = [chatFixture()];
    const { calls, generated } = mockAssistant({
      api: {
        [`GET ${paths.chats}`]: () => json(chats),
        [`GET ${SNIPPETS}`]: json([SNIPPET]),
        [`GET ${SNIPPETS}/${SNIPPET.id}`]: json(SNIPPET),
        [`POST ${paths.sql}`]: json({ message: 'column "nope" does not exist', code: '42703', position: 18 }, 400),
        [`GET ${paths.messages()}`]: json([
          { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
          { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'An older answer.' }] },
        ]),
        [`POST ${paths.chats}`]: () => {
          chats = [chatFixture({ id: OTHER_CHAT_ID, name: 'New chat' }), ...chats];
          return json(chats[0]);
        },
      },
      generate: () => answer({ text: 'The column is missing.' }),
    });
    renderSqlEditor();
    await editorView();
    await userEvent.click(screen.getByRole('button', { name: /^Run/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Debug with Assistant' }));

    const panel = await screen.findByRole('complementary', { name: 'AI assistant' });
    await panelLoaded();
    const input = await within(panel).findByRole('textbox', { name: 'Message' }, SLOW);
    expect((input as HTMLTextAreaElement).value).toBe(
      'Help me debug the attached SQL snippet. Running it fails with this error:\n\nERROR: column "nope" does not exist',
    );
    expect(within(panel).queryByText('An older answer.')).toBeNull(); // a new chat, not the last one
    expect(within(within(panel).getByRole('list', { name: 'Attached snippets' })).getByTitle(SNIPPET_TITLE).textContent).toBe(
      'Broken query',
    );
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/platform/telemetry/event')?.body).toMatchObject({
        action: 'assistant_debug_submitted',
      }),
    );

    await userEvent.click(within(panel).getByRole('button', { name: 'Send message' }));
    expect(await within(panel).findByText('The column is missing.')).toBeTruthy();
    expect(generated[0]).toMatchObject({ chatId: OTHER_CHAT_ID, sqlSnippets: [{ name: 'Broken query', sql: SNIPPET.sql }] });
    expect(JSON.stringify(generated[0]?.messages)).toContain('column \\"nope\\" does not exist');
  });
});

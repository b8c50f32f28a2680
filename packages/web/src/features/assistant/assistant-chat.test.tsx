import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_MESSAGES, FEEDBACK_POPUP_CLOSE_MS } from '@basin/core';
import { PROJECT_REF } from '../../test/fixtures';
import { json } from '../../test/mock-api';
import { dropAllChatSessions } from './chat-session';
import { MessageRating } from './message-rating';
import { answer, CHAT_ID, gate, mockAssistant, openAssistant, paths, sqlResult, streamAnswer, writeText } from './test-kit';

afterEach(() => dropAllChatSessions());

const ORDERS_SQL = 'select month, count(*) as orders from orders group by 1';
const ordersCall = {
  id: 'call-1',
  name: 'execute_sql',
  input: { sql: ORDERS_SQL, label: 'Orders per month', isWriteQuery: false, chartConfig: { view: 'chart', xKey: 'month', yKey: 'orders' } },
};

function toolPartOf(message: UIMessage | undefined, toolCallId: string) {
  return message?.parts.find((part) => 'toolCallId' in part && part.toolCallId === toolCallId) as
    { state: string; output?: unknown; input?: unknown } | undefined;
}

const messageBox = () => screen.findByRole('textbox', { name: 'Message' });

describe('a conversation with the assistant', () => {
  it('streams the answer, runs the SQL tool on Run Query, sends the rows back and charts them', async () => {
    const { calls, generated } = mockAssistant({
      api: {
        [`POST ${paths.sql}`]: json(
          sqlResult(
            ['month', 'orders'],
            [
              ['Jan', '3'],
              ['Feb', '5'],
              ['Mar', '2'],
            ],
          ),
        ),
      },
      generate: (_body, call) =>
        call === 1
          ? answer({ messageId: 'a1', text: 'Let me count the orders per month.', tool: ordersCall })
          : answer({ messageId: 'a1', text: 'February had the most orders.' }),
    });
    const { user } = await openAssistant();
    const input = await messageBox();
    expect(input.getAttribute('placeholder')).toBe(ASSISTANT_MESSAGES.placeholderFirst);
    expect(input.getAttribute('rows')).toBe('3');

    await user.type(input, 'How many orders per month?{Enter}');
    expect(await screen.findByText('Let me count the orders per month.')).toBeTruthy();
    expect(generated[0]).toMatchObject({
      chatId: CHAT_ID,
      projectRef: PROJECT_REF,
      orgSlug: 'acme',
      aiOptInLevel: 'schema',
      schema: 'public',
      chatName: 'Orders questions',
      model: 'gpt-5-mini',
    });
    expect(generated[0]?.messages.at(-1)).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'How many orders per month?' }] });

    const footer = await screen.findByRole('group', { name: ASSISTANT_MESSAGES.confirmQuery });
    expect(screen.getByTestId('sql-tool-query').textContent).toBe(ORDERS_SQL);
    expect(calls.some((call) => call.path === paths.sql)).toBe(false);

    await user.click(within(footer).getByRole('button', { name: 'Run Query' }));
    await waitFor(() => expect(generated).toHaveLength(2));
    const run = calls.find((call) => call.path === paths.sql);
    expect(run?.body).toEqual({ query: ORDERS_SQL, read_only: true });
    expect(toolPartOf(generated[1]?.messages.at(-1) as UIMessage, 'call-1')).toMatchObject({
      state: 'output-available',
      output: [
        { month: 'Jan', orders: '3' },
        { month: 'Feb', orders: '5' },
        { month: 'Mar', orders: '2' },
      ],
    });

    expect(await screen.findByTestId('result-chart')).toBeTruthy();
    expect(await screen.findByText('February had the most orders.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: ASSISTANT_MESSAGES.confirmQuery })).toBeNull();
    expect((await messageBox()).getAttribute('placeholder')).toBe(ASSISTANT_MESSAGES.placeholderFollowUp);
  });

  it('asks before a write query and runs it without the read-only guard', async () => {
    const insert = { id: 'call-w', name: 'execute_sql', input: { sql: "insert into orders (month) values ('Apr')", isWriteQuery: true } };
    const { calls, generated } = mockAssistant({
      api: { [`POST ${paths.sql}`]: json({ ...sqlResult([], []), command: 'INSERT', rowCount: 1 }) },
      generate: (_body, call) => (call === 1 ? answer({ tool: insert }) : answer({ text: 'Added.' })),
    });
    const { user } = await openAssistant();
    await user.type(await messageBox(), 'Add April{Enter}');

    const footer = await screen.findByRole('group', { name: ASSISTANT_MESSAGES.confirmQuery });
    expect(within(footer).getByText(/This query changes your database/)).toBeTruthy();
    expect(calls.some((call) => call.path === paths.sql)).toBe(false);

    await user.click(within(footer).getByRole('button', { name: 'Run Query' }));
    await waitFor(() => expect(generated).toHaveLength(2));
    expect((calls.find((call) => call.path === paths.sql)?.body as { query: string }).query).toBe(insert.input.sql);
    expect(toolPartOf(generated[1]?.messages.at(-1) as UIMessage, 'call-w')?.output).toEqual([]);
  });

  it('treats a read that fails as a write as one, asking again before running it unguarded', async () => {
    const sneaky = { id: 'call-r', name: 'execute_sql', input: { sql: 'select bump_counter()', isWriteQuery: false } };
    const { calls, generated } = mockAssistant({
      api: {
        [`POST ${paths.sql}`]: ({ body }) =>
          (body as { read_only?: boolean }).read_only
            ? json({ message: 'cannot execute UPDATE in a read-only transaction', code: '25006' }, 400)
            : json(sqlResult(['bump_counter'], [['2']])),
      },
      generate: (_body, call) => (call === 1 ? answer({ tool: sneaky }) : answer({ text: 'Done.' })),
    });
    const { user } = await openAssistant();
    await user.type(await messageBox(), 'Bump it{Enter}');
    await user.click(
      within(await screen.findByRole('group', { name: ASSISTANT_MESSAGES.confirmQuery })).getByRole('button', { name: 'Run Query' }),
    );

    expect(await screen.findByText(/It failed as a read \(cannot execute UPDATE in a read-only transaction\)/)).toBeTruthy();
    expect(generated).toHaveLength(1);
    await user.click(
      within(screen.getByRole('group', { name: ASSISTANT_MESSAGES.confirmQuery })).getByRole('button', { name: 'Run Query' }),
    );
    await waitFor(() => expect(generated).toHaveLength(2));
    const runs = calls.filter((call) => call.path === paths.sql).map((call) => call.body);
    expect(runs).toEqual([{ query: 'select bump_counter()', read_only: true }, { query: 'select bump_counter()' }]);
    expect(toolPartOf(generated[1]?.messages.at(-1) as UIMessage, 'call-r')?.output).toEqual([{ bump_counter: '2' }]);
  });

  it('answers Skip with the skip text, and a failed run with Error: {message}', async () => {
    const { generated } = mockAssistant({
      api: { [`POST ${paths.sql}`]: json({ message: 'relation "nope" does not exist', code: '42P01' }, 400) },
      generate: (_body, call) =>
        call === 1
          ? answer({ tool: { id: 'call-s', name: 'execute_sql', input: { sql: 'select 1' } } })
          : call === 2
            ? answer({ tool: { id: 'call-e', name: 'execute_sql', input: { sql: 'select * from nope' } } })
            : answer({ text: 'That table does not exist.' }),
    });
    const { user } = await openAssistant();
    await user.type(await messageBox(), 'Try{Enter}');
    await user.click(
      within(await screen.findByRole('group', { name: ASSISTANT_MESSAGES.confirmQuery })).getByRole('button', { name: 'Skip' }),
    );
    await waitFor(() => expect(generated).toHaveLength(2));
    expect(toolPartOf(generated[1]?.messages.at(-1) as UIMessage, 'call-s')?.output).toBe(ASSISTANT_MESSAGES.skippedQuery);

    await user.click(
      within(await screen.findByRole('group', { name: ASSISTANT_MESSAGES.confirmQuery })).getByRole('button', { name: 'Run Query' }),
    );
    await waitFor(() => expect(generated).toHaveLength(3));
    expect(toolPartOf(generated[2]?.messages.at(-1) as UIMessage, 'call-e')?.output).toBe('Error: relation "nope" does not exist');
    await screen.findByText('That table does not exist.');
    expect(screen.getAllByTestId('sql-tool-card')).toHaveLength(2);
    expect(await screen.findByText('ERROR: relation "nope" does not exist')).toBeTruthy();
  });

  it('shows the tool cards while their input streams, and a failed tool call', async () => {
    const held = gate();
    mockAssistant({
      generate: () =>
        streamAnswer(async (writer) => {
          writer.write({ type: 'start', messageId: 'a1' });
          writer.write({ type: 'start-step' });
          writer.write({ type: 'tool-input-start', toolCallId: 'c1', toolName: 'execute_sql' });
          writer.write({ type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"sql":"select count(*) from ord' });
          writer.write({ type: 'tool-input-start', toolCallId: 'c2', toolName: 'deploy_edge_function' });
          writer.write({ type: 'tool-input-delta', toolCallId: 'c2', inputTextDelta: '{"name":"hello","code":"Deno.serve(' });
          await held.opened;
          writer.write({
            type: 'tool-input-error',
            toolCallId: 'c1',
            toolName: 'execute_sql',
            input: {},
            errorText: 'Invalid input: sql is required',
          });
          writer.write({
            type: 'tool-input-error',
            toolCallId: 'c2',
            toolName: 'deploy_edge_function',
            input: {},
            errorText: 'Invalid input: code is required',
          });
          writer.write({ type: 'finish-step' });
          writer.write({ type: 'finish' });
        }),
    });
    const { user } = await openAssistant();
    await user.type(await messageBox(), 'Count orders and make a function{Enter}');
    expect(await screen.findByText(ASSISTANT_MESSAGES.writingSql)).toBeTruthy();
    expect(screen.getByText(ASSISTANT_MESSAGES.writingFunction)).toBeTruthy();
    expect(screen.getByTestId('sql-tool-query').textContent).toBe('select count(*) from ord');

    held.open();
    expect(await screen.findByText(`${ASSISTANT_MESSAGES.sqlFailed} Invalid input: sql is required`)).toBeTruthy();
    expect(screen.getByText(`${ASSISTANT_MESSAGES.functionFailed} Invalid input: code is required`)).toBeTruthy();
    expect(screen.queryByText(ASSISTANT_MESSAGES.writingSql)).toBeNull();
  });

  it('stops an answer mid-stream, keeping what arrived', async () => {
    const held = gate();
    let aborted = false;
    mockAssistant({
      generate: (_body, _call, signal) =>
        streamAnswer(async (writer) => {
          writer.write({ type: 'start', messageId: 'a1' });
          writer.write({ type: 'start-step' });
          writer.write({ type: 'text-start', id: 't1' });
          writer.write({ type: 'text-delta', id: 't1', delta: 'The first half' });
          held.open();
          await new Promise<void>((resolve) =>
            signal?.addEventListener('abort', () => {
              aborted = true;
              resolve();
            }),
          );
        }),
    });
    const { user } = await openAssistant();
    await user.type(await messageBox(), 'Tell me a long story{Enter}');
    await held.opened;
    expect(await screen.findByText('The first half')).toBeTruthy();
    expect(screen.getByTestId('streaming-cursor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.queryByTestId('streaming-cursor')).toBeNull());
    expect(aborted).toBe(true);
    expect(screen.getByText('The first half')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
  });

  it('does not send an empty message, nor one while an answer loads', async () => {
    const held = gate();
    const { generated } = mockAssistant({
      generate: () =>
        streamAnswer(async (writer) => {
          writer.write({ type: 'start', messageId: 'a1' });
          writeText(writer, 't1', 'Thinking about it');
          await held.opened;
          writer.write({ type: 'finish' });
        }),
    });
    const { user } = await openAssistant();
    const input = await messageBox();
    await user.type(input, '   {Enter}');
    expect(generated).toHaveLength(0);
    await user.type(input, 'line one{Shift>}{Enter}{/Shift}line two');
    expect((input as HTMLTextAreaElement).value).toBe('   line one\nline two');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(generated).toHaveLength(1));
    expect(generated[0]?.messages.at(-1)).toMatchObject({ parts: [{ type: 'text', text: 'line one\nline two' }] });

    await user.type(input, 'Another one{Enter}');
    expect(generated).toHaveLength(1);
    expect((input as HTMLTextAreaElement).value).toBe('Another one');
    held.open();
    await waitFor(() => expect(screen.queryByTestId('streaming-cursor')).toBeNull());
  });

  it('edits a message: deletes it and what follows, then sends the edit', async () => {
    const stored: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'How many orders?' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'There are 12 orders.' }] },
    ];
    const { calls, generated } = mockAssistant({
      api: {
        [`GET ${paths.messages()}`]: json(stored),
        [`DELETE ${paths.message('u1')}`]: { status: 204 },
      },
      generate: () => answer({ messageId: 'a2', text: 'There are 7 paid orders.' }),
    });
    const { user } = await openAssistant();
    expect(await screen.findByText('There are 12 orders.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit message' }));
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Editing message');
    const input = (await messageBox()) as HTMLTextAreaElement;
    expect(input.value).toBe('How many orders?');

    await user.keyboard('{Escape}');
    expect(screen.queryByText('Editing message')).toBeNull();
    expect(input.value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Edit message' }));
    await user.click(document.body);
    await user.keyboard('{Meta>}{Escape}{/Meta}');
    expect(screen.queryByText('Editing message')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit message' }));
    await user.clear(input);
    await user.type(input, 'How many paid orders?{Enter}');
    await waitFor(() => expect(generated).toHaveLength(1));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === paths.message('u1'))).toBe(true);
    expect(await screen.findByText(ASSISTANT_MESSAGES.messageDeleted)).toBeTruthy();
    expect(generated[0]?.messages).toHaveLength(1);
    expect(generated[0]?.messages[0]).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'How many paid orders?' }] });
    expect(await screen.findByText('There are 7 paid orders.')).toBeTruthy();
    expect(screen.queryByText('There are 12 orders.')).toBeNull();
  });

  it('rates an answer once, with a reason for a bad one; the thanks closes after 2 s', async () => {
    const stored: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Hello there.' }] },
      { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Index advice?' }] },
      { id: 'a2', role: 'assistant', parts: [{ type: 'text', text: 'Add an index.' }] },
    ];
    const { calls } = mockAssistant({
      api: {
        [`GET ${paths.messages()}`]: json(stored),
        'POST /api/ai/feedback/rate': json({ category: 'general' }),
      },
    });
    const { user } = await openAssistant();
    const [first, second] = await screen.findAllByRole('article', { name: 'Assistant message' });

    await user.click(within(first!).getByRole('button', { name: 'Good response' }));
    expect(within(first!).getByText(ASSISTANT_MESSAGES.feedbackThanks)).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Good response' }).hasAttribute('disabled')).toBe(true);
    expect(within(first!).getByRole('button', { name: 'Bad response' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/ai/feedback/rate')).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/ai/feedback/rate')?.body).toMatchObject({
      rating: 'positive',
      messageId: 'a1',
      projectRef: PROJECT_REF,
      orgSlug: 'acme',
      messages: [{ id: 'u1' }, { id: 'a1' }],
    });

    await user.click(within(second!).getByRole('button', { name: 'Bad response' }));
    await user.type(await screen.findByPlaceholderText(ASSISTANT_MESSAGES.feedbackPlaceholder), 'It ignored my table');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(screen.getByRole('dialog', { name: 'Feedback' })).findByText(ASSISTANT_MESSAGES.feedbackThanks)).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/ai/feedback/rate')).toHaveLength(2));
    expect(calls.filter((call) => call.path === '/api/ai/feedback/rate')[1]?.body).toMatchObject({
      rating: 'negative',
      messageId: 'a2',
      reason: 'It ignored my table',
    });
    await waitFor(() => expect(screen.queryByText(ASSISTANT_MESSAGES.feedbackThanks)).toBeNull(), { timeout: 3_000 });
    expect(within(second!).getByRole('button', { name: 'Bad response' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('the rating thanks', () => {
  afterEach(() => vi.useRealTimers());

  it('shows until 2 s have passed, and is gone at 2000 ms', () => {
    expect(FEEDBACK_POPUP_CLOSE_MS).toBe(2000);
    vi.useFakeTimers();
    const onRate = vi.fn();
    render(<MessageRating rated={undefined} onRate={onRate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Good response' }));
    expect(onRate).toHaveBeenCalledWith('positive');
    expect(screen.getByText(ASSISTANT_MESSAGES.feedbackThanks)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText(ASSISTANT_MESSAGES.feedbackThanks)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(ASSISTANT_MESSAGES.feedbackThanks)).toBeNull();
  });
});

describe('when the assistant fails', () => {
  it('says a conversation is too long and offers a new chat', async () => {
    mockAssistant({
      generate: () => new Response(JSON.stringify({ message: 'This request exceeds the context window of gpt-5-mini' }), { status: 400 }),
    });
    const { user } = await openAssistant();
    await user.type(await messageBox(), 'Hi{Enter}');
    expect(await screen.findByText(ASSISTANT_MESSAGES.contextTooLong)).toBeTruthy();
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'New chat' }));
    expect(await screen.findByRole('heading', { name: ASSISTANT_MESSAGES.emptyHeading })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Chats: New chat/ })).toBeTruthy();
  });

  it('offers Retry and Clear messages when the provider is down', async () => {
    const { calls, generated } = mockAssistant({
      api: { [`DELETE ${paths.message('will-be-replaced')}`]: { status: 204 } },
      generate: (_body, call) =>
        call === 1
          ? streamAnswer((writer) => {
              writer.write({ type: 'start', messageId: 'a1' });
              writer.write({ type: 'error', errorText: 'Provider unavailable: connect ECONNREFUSED' });
            })
          : answer({ messageId: 'a1', text: 'Back again.' }),
    });
    const { user } = await openAssistant();
    await user.type(await messageBox(), 'Hi{Enter}');
    expect(await screen.findByText(ASSISTANT_MESSAGES.genericError)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(generated).toHaveLength(2));
    expect(await screen.findByText('Back again.')).toBeTruthy();
    expect(screen.queryByText(ASSISTANT_MESSAGES.genericError)).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('clears the messages after an error', async () => {
    const { calls } = mockAssistant({
      api: {
        [`GET ${paths.messages()}`]: json([{ id: 'u0', role: 'user', parts: [{ type: 'text', text: 'Earlier' }] }]),
        [`DELETE ${paths.message('u0')}`]: { status: 204 },
      },
      generate: () => new Response(JSON.stringify({ message: 'Bad gateway' }), { status: 502 }),
    });
    const { user } = await openAssistant();
    await user.type(await messageBox(), 'Hi{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Clear messages' }));
    expect(await screen.findByRole('heading', { name: ASSISTANT_MESSAGES.emptyHeading })).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === paths.message('u0'))).toBe(true);
    expect(screen.queryByText('Earlier')).toBeNull();
  });
});

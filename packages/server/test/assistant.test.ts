import { ACCESS_TOKEN_MESSAGES, ASSISTANT_MESSAGES, MESSAGES } from '@basin/core';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  generate,
  POLICY_NAME,
  ROW_VALUE,
  setOptIn,
  startAssistantPlatform,
  userMessage,
  type AssistantPlatform,
} from './assistant-fixture.ts';
import { ApiClient, uniqueEmail, waitFor } from './harness.ts';
import { signUpMember } from './membership.ts';
import { contextTooLong, text, toolCall } from './openai-stand-in.ts';

let env: AssistantPlatform;
let developer: ApiClient;
let readonly: ApiClient;
let outsider: ApiClient;

const chats = (rest = '') => `/api/platform/projects/${env.ref}/ai/chats${rest}`;
const body = (chatId: string, messages: unknown[], extra: object = {}) => ({
  chatId,
  messages,
  projectRef: env.ref,
  orgSlug: env.slug,
  ...extra,
});
const messagesOf = async (client: ApiClient, chatId: string) => (await client.get(chats(`/${chatId}/messages`))).body;
/** Every request the stand-in got since the mark, as sent. */
const sentSince = (mark: number) => JSON.stringify(env.standIn.requests.slice(mark).map((r) => r.body));
const systemPrompt = (request: { body: any }) =>
  request.body.messages.find((m: { role: string }) => m.role === 'system')?.content as string;

beforeAll(async () => {
  env = await startAssistantPlatform();
  developer = await signUpMember(env.owner, env.slug, 'Developer', 'developer');
  readonly = await signUpMember(env.owner, env.slug, 'Read-only', 'readonly');
  outsider = new ApiClient(env.platform.url);
  await outsider.signUp(uniqueEmail('outsider'));
});
afterAll(() => env?.destroy());
beforeEach(async () => {
  env.platform.ctx.config.ai = env.ai;
  await setOptIn(env, 'schema');
});

describe('chats', () => {
  it('are in the API documents', async () => {
    const platformDoc = (await developer.get('/api/platform/openapi.json')).body;
    expect(Object.keys(platformDoc.paths)).toEqual(
      expect.arrayContaining(['/projects/{ref}/ai/chats', '/projects/{ref}/ai/chats/{id}/messages/{messageId}']),
    );
    const aiDoc = (await developer.get('/api/ai/openapi.json')).body;
    expect(Object.keys(aiDoc.paths).sort()).toEqual(['/feedback/rate', '/sql/check-api-key', '/sql/generate-v4']);
  });

  it('creates, lists newest first, renames and deletes a member’s chats, never the last one', async () => {
    const first = await developer.post(chats(), {});
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: ASSISTANT_MESSAGES.defaultChatName });
    const second = await developer.post(chats(), { name: '  Schema ideas ' });
    expect(second.body.name).toBe('Schema ideas');
    expect((await developer.get(chats())).body.map((c: { id: string }) => c.id)).toEqual([second.body.id, first.body.id]);

    const renamed = await developer.patch(chats(`/${first.body.id}`), { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Renamed');
    expect((await developer.get(chats())).body[0].id).toBe(first.body.id); // used last
    expect((await developer.patch(chats(`/${first.body.id}`), { name: '   ' })).status).toBe(400);

    expect((await developer.delete(chats(`/${second.body.id}`))).status).toBe(204);
    const last = await developer.delete(chats(`/${first.body.id}`));
    expect(last).toEqual({ status: 400, body: { message: ASSISTANT_MESSAGES.lastChatUndeletable } });
    expect((await developer.get(chats(`/${randomUUID()}/messages`))).status).toBe(404);
    expect((await developer.get(chats('/not-a-uuid/messages'))).status).toBe(400);
  });

  it('keeps chats private: another member, even the Owner, neither sees, reads, renames, deletes nor continues them', async () => {
    const mine = (await developer.post(chats(), { name: 'Private' })).body;
    await developer.post(chats(), {});
    env.standIn.script(text('Hi'));
    await generate(developer, body(mine.id, [userMessage('p1', 'hello')]));
    expect((await env.owner.get(chats())).body.some((c: { id: string }) => c.id === mine.id)).toBe(false);
    expect((await env.owner.get(chats(`/${mine.id}/messages`))).status).toBe(404);
    expect((await env.owner.patch(chats(`/${mine.id}`), { name: 'Taken' })).status).toBe(404);
    expect((await env.owner.delete(chats(`/${mine.id}`))).status).toBe(404);
    expect((await env.owner.delete(chats(`/${mine.id}/messages/p1`))).status).toBe(404);
    const requests = env.standIn.requests.length;
    expect((await generate(env.owner, body(mine.id, [userMessage('p2', 'mine now')]))).status).toBe(404);
    expect(env.standIn.requests.length).toBe(requests);
    expect(await messagesOf(developer, mine.id)).toHaveLength(2);
    // Outside the organization, the project itself is not found.
    expect((await outsider.get(chats())).status).toBe(404);
    expect((await generate(outsider, body(randomUUID(), [userMessage('x', 'hi')]))).status).toBe(404);
  });
});

describe('a turn', () => {
  it('streams the answer, stores the prompt and the answer, and names a new chat after its first prompt', async () => {
    const chatId = randomUUID();
    const mark = env.standIn.requests.length;
    env.standIn.script(text('Hel', 'lo ', 'there'));
    const answer = await generate(developer, body(chatId, [userMessage('u1', 'How do I add a column to customers?\nThanks')]));
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('Hello there');
    const start = answer.chunks.find((c) => c.type === 'start')!;
    expect(start.messageMetadata).toMatchObject({ model: 'gpt-5-mini' });

    const stored = await messagesOf(developer, chatId);
    expect(stored.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([
      ['u1', 'user'],
      [start.messageId, 'assistant'],
    ]);
    expect(stored[1].parts.filter((p: { type: string }) => p.type === 'text')).toEqual([expect.objectContaining({ text: 'Hello there' })]);
    expect(stored[1].metadata.createdAt).toMatch(/^\d{4}-/);
    expect((await developer.get(chats())).body.find((c: { id: string }) => c.id === chatId).name).toBe(
      'How do I add a column to customers?',
    );

    const request = env.standIn.requests[mark]!;
    expect(request.authorization).toBe('Bearer stand-in-key');
    expect(request.body.stream).toBe(true);
    expect(request.body.tools.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual([
      'deploy_edge_function',
      'execute_sql',
      'list_policies',
      'rename_chat',
      'search_docs',
    ]);
    expect(systemPrompt(request)).toContain('PostgreSQL 17');
  });

  it("at 'schema' the model gets table and column names, the lints and no rows; logs only from 'schema_and_log'", async () => {
    await env.platform.ctx.db.query(
      `insert into auth_logs (ref, level, method, path, status, duration_ms, error_code, msg, remote_addr)
       values ($1, 'error', 'POST', '/auth/v1/token', 500, 3, 'unexpected_failure', 'log-line-marker', '127.0.0.1')`,
      [env.ref],
    );
    await env.platform.ctx.db.query(
      `insert into postgres_logs (timestamp, ref, severity, error_code, query, message, raw)
       values (now(), $1, 'ERROR', '42P01', 'select * from marker_table', 'relation "marker_table" does not exist', '{}')`,
      [env.ref],
    );
    const mark = env.standIn.requests.length;
    await generate(developer, body(randomUUID(), [userMessage('s1', 'Describe my schema')]));
    const prompt = systemPrompt(env.standIn.requests[mark]!);
    expect(prompt).toContain('public.customers (RLS enabled)');
    expect(prompt).toContain('email text (not null)');
    expect(sentSince(mark)).not.toContain(ROW_VALUE);
    expect(prompt).not.toContain('log-line-marker');
    expect(prompt).not.toContain('marker_table');

    await setOptIn(env, 'schema_and_log');
    await generate(developer, body(randomUUID(), [userMessage('s2', 'Any errors?')]));
    const withLogs = systemPrompt(env.standIn.requests.at(-1)!);
    expect(withLogs).toContain('log-line-marker');
    expect(withLogs).toContain('relation "marker_table" does not exist');
    expect(sentSince(mark)).not.toContain(ROW_VALUE);
  });

  it('gives the model the SQL snippets attached in the panel, and refuses more than it takes', async () => {
    const sql = 'select email, count(*) from public.customers group by email having count(*) > 1';
    const mark = env.standIn.requests.length;
    const answer = await generate(
      developer,
      body(randomUUID(), [userMessage('sn1', 'Explain code')], { sqlSnippets: [{ name: 'Duplicate emails', sql }] }),
    );
    expect(answer.status).toBe(200);
    const prompt = systemPrompt(env.standIn.requests[mark]!);
    expect(prompt).toContain('## SQL the user attached');
    expect(prompt).toContain(`### Duplicate emails\n\`\`\`sql\n${sql}\n\`\`\``);

    const tooMany = Array.from({ length: 11 }, (_, i) => ({ name: `Snippet ${i}`, sql: 'select 1' }));
    const refused = await generate(developer, body(randomUUID(), [userMessage('sn2', 'hi')], { sqlSnippets: tooMany }));
    expect(refused.status).toBe(400);
    expect(env.standIn.requests.length).toBe(mark + 1);
  });

  it("'disabled' refuses the assistant and sends the model nothing", async () => {
    await setOptIn(env, 'disabled');
    const requests = env.standIn.requests.length;
    // What the dashboard believes the level is does not matter.
    const answer = await generate(developer, body(randomUUID(), [userMessage('d1', 'hi')], { aiOptInLevel: 'schema_and_log_and_data' }));
    expect(answer).toMatchObject({ status: 403, body: { message: ASSISTANT_MESSAGES.optInDisabled } });
    expect(env.standIn.requests.length).toBe(requests);
  });

  for (const level of ['schema', 'schema_and_log_and_data'] as const) {
    it(`execute_sql: the call streams, the dashboard answers with the rows, and the model gets ${level === 'schema' ? 'a note' : 'the rows'} (${level})`, async () => {
      await setOptIn(env, level);
      const chatId = randomUUID();
      const question = userMessage(`q-${level}`, 'Who are my customers?');
      const sql = 'select email from public.customers';
      env.standIn.script(toolCall('execute_sql', { sql, label: 'Customers', isWriteQuery: false }, `call-${level}`));
      const first = await generate(developer, body(chatId, [question]));
      const callId = `call-${level}`;
      expect(first.chunks.filter((c) => c.type === 'tool-input-delta').length).toBeGreaterThan(1); // arguments arrived in pieces
      expect(first.chunks.find((c) => c.type === 'tool-input-available')).toMatchObject({
        toolCallId: callId,
        toolName: 'execute_sql',
        input: { sql },
      });

      const [, asked] = await messagesOf(developer, chatId);
      const call = asked.parts.find((p: { type: string }) => p.type === 'tool-execute_sql');
      expect(call).toMatchObject({ toolCallId: callId, state: 'input-available', input: { sql } });

      // Run Query: the dashboard ran it and sends the turn on with the rows.
      const answered = {
        ...asked,
        parts: asked.parts.map((p: { type: string }) =>
          p === call ? { ...call, state: 'output-available', output: [{ email: ROW_VALUE }] } : p,
        ),
      };
      const mark = env.standIn.requests.length;
      env.standIn.script(text('You have one customer.'));
      const second = await generate(developer, body(chatId, [question, answered]));
      expect(second.text).toBe('You have one customer.');
      expect(second.chunks.find((c) => c.type === 'start')!.messageId).toBe(asked.id); // the same message goes on

      const toolResult = env.standIn.requests[mark]!.body.messages.find((m: { role: string }) => m.role === 'tool');
      expect(toolResult.tool_call_id).toBe(callId);
      if (level === 'schema') {
        expect(sentSince(mark)).not.toContain(ROW_VALUE);
        expect(toolResult.content).toContain(ASSISTANT_MESSAGES.rowsNotShared(1));
      } else expect(toolResult.content).toContain(ROW_VALUE);

      const [, done] = await messagesOf(developer, chatId);
      expect(done.id).toBe(asked.id);
      expect(done.parts.find((p: { type: string }) => p.type === 'tool-execute_sql')).toMatchObject({
        state: 'output-available',
        output: [{ email: ROW_VALUE }],
      });
      expect(done.parts.at(-1)).toMatchObject({ type: 'text', text: 'You have one customer.' });
    });
  }

  it('strips the results of earlier answers from what the model gets', async () => {
    await setOptIn(env, 'schema_and_log_and_data');
    const earlier = {
      id: 'old-answer',
      role: 'assistant',
      parts: [
        {
          type: 'tool-execute_sql',
          toolCallId: 'old-call',
          state: 'output-available',
          input: { sql: 'select 1' },
          output: [{ secret: 'earlier-result' }],
        },
      ],
    };
    const mark = env.standIn.requests.length;
    await generate(developer, body(randomUUID(), [userMessage('e1', 'first'), earlier, userMessage('e2', 'and now?')]));
    expect(sentSince(mark)).not.toContain('earlier-result');
  });

  it('runs the server’s tools within the turn: list_policies, search_docs, rename_chat', async () => {
    const chatId = randomUUID();
    const mark = env.standIn.requests.length;
    env.standIn.script(
      toolCall('list_policies', { schemas: ['public'] }),
      toolCall('search_docs', { query: 'resumable uploads' }),
      toolCall('rename_chat', { newName: 'Customer policies' }),
      text('Done.'),
    );
    const answer = await generate(developer, body(chatId, [userMessage('t1', 'What protects customers?')]));
    expect(answer.text).toBe('Done.');
    const outputs = answer.chunks.filter((c) => c.type === 'tool-output-available');
    expect(outputs[0]!.output).toEqual([
      expect.objectContaining({ schema: 'public', table: 'customers', name: POLICY_NAME, command: 'SELECT' }),
    ]);
    expect(JSON.stringify(outputs[1]!.output)).toContain('TUS');
    expect(outputs[2]!.output).toBe(ASSISTANT_MESSAGES.chatRenamed);
    expect(env.standIn.requests.length - mark).toBe(4);
    expect(sentSince(mark)).toContain(POLICY_NAME);
    expect((await developer.get(chats())).body.find((c: { id: string }) => c.id === chatId).name).toBe('Customer policies');

    env.standIn.script(toolCall('rename_chat', { newName: '' }), text('Could not.'));
    const refused = await generate(developer, body(chatId, [userMessage('t2', 'Rename it to nothing')]));
    expect(refused.chunks.find((c) => c.type === 'tool-output-available')!.output).toBe(ASSISTANT_MESSAGES.renameFailed);
  });

  it('stop mid-stream keeps the partial answer', async () => {
    const chatId = randomUUID();
    const mark = env.standIn.requests.length;
    env.standIn.script({ kind: 'stream', chunks: [{ text: 'Partial ' }, { text: 'answer' }], hang: true });
    const answer = await generate(
      developer,
      body(chatId, [userMessage('stop1', 'Write a long essay')]),
      (soFar) => soFar === 'Partial answer',
    );
    expect(answer.text).toBe('Partial answer');
    const stored = await waitFor(
      () => messagesOf(developer, chatId),
      (messages) => messages.length === 2,
      10_000,
    );
    expect(stored[1].parts.filter((p: { type: string }) => p.type === 'text').map((p: { text: string }) => p.text)).toEqual([
      'Partial answer',
    ]);
    // The model's request was cut too.
    await waitFor(async () => env.standIn.requests[mark]!.aborted, Boolean, 10_000);
  });

  it('editing a message deletes it and every later one', async () => {
    const chatId = randomUUID();
    await generate(developer, body(chatId, [userMessage('m1', 'one')]));
    const afterFirst = await messagesOf(developer, chatId);
    await generate(developer, body(chatId, [...afterFirst, userMessage('m2', 'two')]));
    expect(await messagesOf(developer, chatId)).toHaveLength(4);
    expect((await developer.delete(chats(`/${chatId}/messages/m2`))).status).toBe(204);
    expect((await messagesOf(developer, chatId)).map((m: { id: string }) => m.id)).toEqual(afterFirst.map((m: { id: string }) => m.id));
    expect((await developer.delete(chats(`/${chatId}/messages/m2`))).status).toBe(404);
    // Resubmitting the edit is a new message after the kept ones.
    await generate(developer, body(chatId, [...afterFirst, userMessage('m2-edited', 'two, better')]));
    expect((await messagesOf(developer, chatId)).map((m: { id: string }) => m.id).slice(0, 3)).toEqual([
      ...afterFirst.map((m: { id: string }) => m.id),
      'm2-edited',
    ]);
  });

  it('rates an answer: stored with the category read from it', async () => {
    const chatId = randomUUID();
    env.standIn.script(toolCall('execute_sql', { sql: 'select count(*) from public.customers' }));
    await generate(developer, body(chatId, [userMessage('r1', 'How many customers?')]));
    const messages = await messagesOf(developer, chatId);
    const answer = await developer.post('/api/ai/feedback/rate', {
      rating: 'negative',
      messages,
      messageId: messages[1].id,
      projectRef: env.ref,
      orgSlug: env.slug,
      reason: 'Wrong table',
    });
    expect(answer).toEqual({ status: 200, body: { category: 'sql_generation' } });
    const { rows } = await env.platform.ctx.db.query(
      'select chat_id, rating, reason, category, messages from assistant_ratings where message_id = $1',
      [messages[1].id],
    );
    expect(rows).toEqual([
      { chat_id: chatId, rating: 'negative', reason: 'Wrong table', category: 'sql_generation', messages: expect.any(Array) },
    ]);
    expect(
      (
        await developer.post('/api/ai/feedback/rate', {
          rating: 'meh',
          messages: [],
          messageId: 'x',
          projectRef: env.ref,
          orgSlug: env.slug,
        })
      ).status,
    ).toBe(400);
  });
});

describe('models', () => {
  it('sends gpt-5 to the model mapped for it on paid plans only; a free organization gets gpt-5-mini', async () => {
    await generate(developer, body(randomUUID(), [userMessage('g1', 'hi')], { model: 'gpt-5' }));
    expect(env.standIn.requests.at(-1)!.body.model).toBe('small-model');
    expect((await env.owner.put(`/api/platform/organizations/${env.slug}/billing/subscription`, { plan: 'pro' })).status).toBe(200);
    try {
      await generate(developer, body(randomUUID(), [userMessage('g2', 'hi')], { model: 'gpt-5' }));
      expect(env.standIn.requests.at(-1)!.body.model).toBe('big-model');
      await generate(developer, body(randomUUID(), [userMessage('g3', 'hi')]));
      expect(env.standIn.requests.at(-1)!.body.model).toBe('big-model');
      await generate(developer, body(randomUUID(), [userMessage('g4', 'hi')], { model: 'gpt-5-mini' }));
      expect(env.standIn.requests.at(-1)!.body.model).toBe('small-model');
    } finally {
      await env.owner.put(`/api/platform/organizations/${env.slug}/billing/subscription`, { plan: 'free' });
    }
  });
});

describe('errors', () => {
  it('a provider that is down ends the stream with a clear error', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    env.platform.ctx.config.ai = { ...env.ai, baseUrl: `http://127.0.0.1:${closed}/v1` };
    const answer = await generate(developer, body(randomUUID(), [userMessage('down1', 'hi')]));
    expect(answer.status).toBe(200);
    expect(answer.chunks.find((c) => c.type === 'error')?.errorText).toMatch(/^The model provider could not be reached: /);

    env.platform.ctx.config.ai = env.ai;
    env.standIn.script({
      kind: 'error',
      status: 500,
      body: { error: { message: 'The server had an error while processing your request.' } },
    });
    const failed = await generate(developer, body(randomUUID(), [userMessage('down2', 'hi')]));
    expect(failed.chunks.find((c) => c.type === 'error')?.errorText).toBe(
      'The model provider answered 500: The server had an error while processing your request.',
    );
  });

  it("a conversation too long for the model ends with the provider's words", async () => {
    env.standIn.script(contextTooLong());
    const answer = await generate(developer, body(randomUUID(), [userMessage('long1', 'hi')]));
    const error = answer.chunks.find((c) => c.type === 'error')?.errorText;
    expect(error).toContain("This model's maximum context length is 8192 tokens");
    expect(error).toContain('context_length_exceeded');
  });

  it('without a key, switched off, or with bad input: a JSON refusal and nothing sent', async () => {
    const requests = env.standIn.requests.length;
    expect((await developer.get('/api/ai/sql/check-api-key')).body).toEqual({ hasKey: true, disabled: false, message: '' });

    env.platform.ctx.config.ai = { ...env.ai, apiKey: undefined };
    expect(await generate(developer, body(randomUUID(), [userMessage('k1', 'hi')]))).toMatchObject({
      status: 503,
      body: { message: ASSISTANT_MESSAGES.noApiKey },
    });
    expect((await developer.get('/api/ai/sql/check-api-key')).body).toEqual({
      hasKey: false,
      disabled: false,
      message: ASSISTANT_MESSAGES.noApiKey,
    });

    env.platform.ctx.config.ai = { ...env.ai, disabled: true };
    expect(await generate(developer, body(randomUUID(), [userMessage('k2', 'hi')]))).toMatchObject({
      status: 403,
      body: { message: ASSISTANT_MESSAGES.disabled },
    });
    expect((await developer.get('/api/ai/sql/check-api-key')).body).toMatchObject({ disabled: true, message: ASSISTANT_MESSAGES.disabled });

    env.platform.ctx.config.ai = env.ai;
    expect((await generate(developer, body('not-a-uuid', [userMessage('k3', 'hi')]))).status).toBe(400);
    expect((await generate(developer, body(randomUUID(), []))).body.message).toEqual(expect.any(String));
    const badPart = await generate(
      developer,
      body(randomUUID(), [{ id: 'k4', role: 'user', parts: [{ type: 'tool-execute_sql', state: 'nonsense' }] }]),
    );
    expect(badPart.status).toBe(400);
    expect(env.standIn.requests.length).toBe(requests);
    expect(await new ApiClient(env.platform.url).get('/api/ai/sql/check-api-key')).toEqual({
      status: 401,
      body: { message: MESSAGES.notSignedIn },
    });
  });
});

describe('feature flags', () => {
  const flag = async (name: string, enabled: boolean | null) => {
    const db = env.platform.ctx.db;
    const { rows } = await db.query<{ id: number }>('select id from organizations where slug = $1', [env.slug]);
    await db.query('delete from organization_feature_flags where organization_id = $1 and name = $2', [rows[0]!.id, name]);
    if (enabled !== null)
      await db.query('insert into organization_feature_flags (organization_id, name, enabled) values ($1, $2, $3)', [
        rows[0]!.id,
        name,
        enabled,
      ]);
  };

  it("the organization's assistantEnabled off switches the assistant off", async () => {
    await flag('assistantEnabled', false);
    try {
      const requests = env.standIn.requests.length;
      expect(await generate(developer, body(randomUUID(), [userMessage('f1', 'hi')]))).toMatchObject({
        status: 403,
        body: { message: ASSISTANT_MESSAGES.disabled },
      });
      expect(env.standIn.requests.length).toBe(requests);
    } finally {
      await flag('assistantEnabled', null);
    }
  });

  it('a level the flags take away shares no more: no rows without the data level’s flag', async () => {
    await setOptIn(env, 'schema_and_log_and_data');
    await flag('aiOptInLevelSchemaAndLogAndData', false);
    try {
      const answered = {
        id: 'flag-answer',
        role: 'assistant',
        parts: [
          {
            type: 'tool-execute_sql',
            toolCallId: 'flag-call',
            state: 'output-available',
            input: { sql: 'select email from public.customers' },
            output: [{ email: ROW_VALUE }],
          },
        ],
      };
      const mark = env.standIn.requests.length;
      await generate(developer, body(randomUUID(), [userMessage('f2', 'Who?'), answered]));
      expect(sentSince(mark)).not.toContain(ROW_VALUE);
      expect(sentSince(mark)).toContain('returned 1 row');
    } finally {
      await flag('aiOptInLevelSchemaAndLogAndData', null);
    }
  });
});

describe('bad input', () => {
  it('never answers 5xx, always { message }, whatever the assistant routes are sent', async () => {
    const chat = (await developer.post(chats(), {})).body.id as string;
    const paths = [
      chats(),
      chats(`/${chat}`),
      chats(`/${chat}/messages`),
      chats(`/${chat}/messages/x`),
      '/api/ai/sql/generate-v4',
      '/api/ai/feedback/rate',
    ];
    const strange = ['%00', '%E0%A4%A', 'x'.repeat(300), '..%2F..', "' or 1=1 --", '%F0%9F%98%80'];
    const bodies = [
      '{',
      '[]',
      '"text"',
      '{"name":{"a":1}}',
      '{"messages":"nope"}',
      '{"chatId":1}',
      JSON.stringify({ chatId: chat, messages: [{ id: 'x', role: 'tool', parts: [] }], projectRef: env.ref, orgSlug: env.slug }),
    ];
    const failures: string[] = [];
    const check = async (method: string, path: string, body?: string, contentType = 'application/json') => {
      const response = await fetch(`${env.platform.url}${path}`, {
        method,
        headers: { cookie: developer.cookie, origin: env.platform.url, ...(body === undefined ? {} : { 'content-type': contentType }) },
        body,
      });
      const text = await response.text();
      let message: unknown;
      try {
        message = JSON.parse(text).message;
      } catch {
        // not JSON: no message
      }
      if (response.status >= 500 || (response.status >= 400 && typeof message !== 'string'))
        failures.push(`${response.status} ${method} ${path} ${body ?? ''} → ${text.slice(0, 200)}`);
    };
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE'])
        for (const body of bodies) await check(method, path, method === 'GET' ? undefined : body);
      await check('POST', path, 'name=x', 'application/x-www-form-urlencoded');
    }
    for (const value of strange) {
      await check('GET', chats(`/${value}/messages`));
      await check('DELETE', chats(`/${chat}/messages/${value}`));
      await check('PATCH', chats(`/${value}`), '{"name":"x"}');
    }
    expect(failures).toEqual([]);
    // Another site's page cannot make a member's browser run a turn.
    const foreign = await fetch(`${env.platform.url}/api/ai/sql/generate-v4`, {
      method: 'POST',
      headers: { cookie: developer.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify(body(chat, [userMessage('evil', 'hi')])),
    });
    expect(foreign.status).toBe(403);
  });
});

describe('the Authorization header', () => {
  const tokenOf = async (client: ApiClient, name: string): Promise<string> =>
    (await client.post('/api/platform/profile/access-tokens', { name })).body.token;

  it('generate-v4 takes a personal access token as its user, with that user’s permissions', async () => {
    const token = await tokenOf(developer, 'Assistant CLI');
    const chatId = randomUUID();
    env.standIn.script(text('From ', 'a token.'));
    const answer = await generate({ baseUrl: env.platform.url, token }, body(chatId, [userMessage('t1', 'hi')]));
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('From a token.');
    // The turn is the token's user's: stored in their chat.
    expect((await messagesOf(developer, chatId)).map((m: { id: string }) => m.id)[0]).toBe('t1');

    const stranger = await tokenOf(outsider, 'Not a member');
    const refused = await generate({ baseUrl: env.platform.url, token: stranger }, body(randomUUID(), [userMessage('t2', 'hi')]));
    expect(refused.status).toBe(404);
    const unknown = await generate({ baseUrl: env.platform.url, token: `sbp_${'0'.repeat(40)}` }, body(randomUUID(), []));
    expect(unknown).toMatchObject({ status: 401, body: { message: ACCESS_TOKEN_MESSAGES.unknown } });
    // The assistant's other calls stay the dashboard's: sessions only.
    const check = await fetch(`${env.platform.url}/api/ai/sql/check-api-key`, { headers: { authorization: `Bearer ${token}` } });
    expect(check.status).toBe(401);
  });
});

describe('HIPAA', () => {
  it('a project an Owner marks as holding HIPAA data refuses every assistant route, with a message; off by default', async () => {
    const path = `/api/platform/projects/${env.ref}/hipaa`;
    const chatId = randomUUID();
    env.standIn.script(text('Before.'));
    expect((await generate(developer, body(chatId, [userMessage('h1', 'hi')]))).status).toBe(200);
    expect((await developer.get(path)).body).toEqual({ hipaa: false });
    const stored = await messagesOf(developer, chatId);

    // Only an Owner changes it; bad input is a 400, a stranger gets 404.
    expect(await developer.patch(path, { hipaa: true })).toMatchObject({
      status: 403,
      body: { message: ASSISTANT_MESSAGES.hipaaNoPermission },
    });
    expect((await outsider.patch(path, { hipaa: true })).status).toBe(404);
    expect((await env.owner.patch(path, { hipaa: 'yes' })).status).toBe(400);
    expect((await env.owner.patch(path, {})).status).toBe(400);
    expect(await env.owner.patch(path, { hipaa: true })).toMatchObject({ status: 200, body: { hipaa: true } });
    try {
      expect((await readonly.get(path)).body).toEqual({ hipaa: true });
      const mark = env.standIn.requests.length;
      const refusal = { status: 403, body: { message: ASSISTANT_MESSAGES.hipaaDisallowed } };
      expect(await generate(developer, body(chatId, [userMessage('h2', 'hi')]))).toMatchObject(refusal);
      expect(await generate(env.owner, body(randomUUID(), [userMessage('h3', 'hi')]))).toMatchObject(refusal);
      expect(await developer.get(chats())).toMatchObject(refusal);
      expect(await developer.post(chats(), {})).toMatchObject(refusal);
      const rating = { rating: 'positive', messages: stored, messageId: stored[1].id, projectRef: env.ref, orgSlug: env.slug };
      expect(await developer.post('/api/ai/feedback/rate', rating)).toMatchObject(refusal);
      expect(env.standIn.requests.length).toBe(mark);
    } finally {
      expect((await env.owner.patch(path, { hipaa: false })).body).toEqual({ hipaa: false });
    }
    env.standIn.script(text('After.'));
    expect((await generate(developer, body(chatId, [userMessage('h4', 'hi')]))).text).toBe('After.');
  });
});

describe('permissions', () => {
  it('a Read-only member uses the assistant like everyone (its tools run through their own permissions)', async () => {
    expect((await readonly.post(chats(), {})).status).toBe(201);
    const chatId = randomUUID();
    env.standIn.script(text('Sure.'));
    const answer = await generate(readonly, body(chatId, [userMessage('ro1', 'hi')]));
    expect(answer.text).toBe('Sure.');
    const messages = await messagesOf(readonly, chatId);
    expect(
      (
        await readonly.post('/api/ai/feedback/rate', {
          rating: 'positive',
          messages,
          messageId: messages[1].id,
          projectRef: env.ref,
          orgSlug: env.slug,
        })
      ).body,
    ).toEqual({ category: 'general' });
  });
});

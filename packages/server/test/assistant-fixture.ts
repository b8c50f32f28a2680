/**
 * A platform whose assistant talks to a local OpenAI stand-in, with one healthy project holding a
 * table with a row, and the calls the dashboard makes: generate (reading the UI message stream),
 * the organization's opt-in level and plan.
 */
import { optInTagsOf, type AiOptInLevel } from '@basin/core/schemas';
import type { AiConfig } from '../src/ai/config.ts';
import { ApiClient, healthyProject, query, startTestPlatform, uniqueEmail } from './harness.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from './openai-stand-in.ts';

export const ROW_VALUE = 'row-value-alice@example.com';
export const POLICY_NAME = 'Customers read themselves';

const PROJECT_SQL = `
create table public.customers (id bigint generated always as identity primary key, email text not null);
insert into public.customers (email) values ('${ROW_VALUE}');
alter table public.customers enable row level security;
create policy "${POLICY_NAME}" on public.customers for select to authenticated using ((select auth.uid())::text = email);
`;

export interface AssistantPlatform {
  platform: Awaited<ReturnType<typeof startTestPlatform>>;
  standIn: OpenAiStandIn;
  ai: AiConfig;
  owner: ApiClient;
  slug: string;
  ref: string;
  destroy(): Promise<void>;
}

export async function startAssistantPlatform(): Promise<AssistantPlatform> {
  const standIn = await startOpenAiStandIn();
  const ai: AiConfig = {
    apiKey: 'stand-in-key',
    baseUrl: standIn.url,
    models: { 'gpt-5': 'big-model', 'gpt-5-mini': 'small-model' },
    disabled: false,
    maxRetries: 0,
  };
  const platform = await startTestPlatform({ ai });
  const owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('assistant-owner'));
  const slug: string = (await owner.post('/api/platform/organizations', { name: 'Assistant' })).body.slug;
  const ref: string = await healthyProject(owner, slug, 'Shop');
  await query((await owner.get(`/api/platform/projects/${ref}`)).body.connectionString, PROJECT_SQL);
  return {
    platform,
    standIn,
    ai,
    owner,
    slug,
    ref,
    async destroy() {
      await platform.destroy();
      await standIn.close();
    },
  };
}

/** Stores the organization's opt-in level as the organization settings page does (opt_in_tags). */
export async function setOptIn(env: AssistantPlatform, level: AiOptInLevel): Promise<void> {
  await env.platform.ctx.db.query('update organizations set opt_in_tags = $2 where slug = $1', [env.slug, optInTagsOf(level)]);
}

export interface StreamChunk {
  type: string;
  [key: string]: any;
}

export interface GenerateAnswer {
  status: number;
  /** The UI message stream's chunks (an SSE answer). */
  chunks: StreamChunk[];
  /** The JSON answer of a refused request. */
  body: any;
  /** The text deltas put together. */
  text: string;
}

/**
 * POST /api/ai/sql/generate-v4 as the dashboard's chat transport sends it (or with a personal
 * access token in the Authorization header). With `stopWhen`, the
 * request is cut (the stop button) as soon as the text so far passes it.
 */
export async function generate(
  client: ApiClient | { baseUrl: string; token: string },
  body: unknown,
  stopWhen?: (text: string) => boolean,
): Promise<GenerateAnswer> {
  const abort = new AbortController();
  // A personal access token as a client without a browser sends it: no cookie, no Origin.
  const credentials: Record<string, string> =
    'token' in client ? { authorization: `Bearer ${client.token}` } : { cookie: client.cookie, origin: client.baseUrl };
  const response = await fetch(`${client.baseUrl}/api/ai/sql/generate-v4`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...credentials },
    body: JSON.stringify(body),
    signal: abort.signal,
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { status: response.status, chunks: [], body: await response.json(), text: '' };
  }
  const chunks: StreamChunk[] = [];
  let text = '';
  let buffer = '';
  const decoder = new TextDecoder();
  try {
    for await (const bytes of response.body!) {
      buffer += decoder.decode(bytes as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event
          .split('\n')
          .find((line) => line.startsWith('data: '))
          ?.slice('data: '.length);
        if (!data || data === '[DONE]') continue;
        const chunk = JSON.parse(data) as StreamChunk;
        chunks.push(chunk);
        if (chunk.type === 'text-delta') text += chunk.delta;
      }
      if (stopWhen?.(text)) {
        abort.abort();
        break;
      }
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  }
  return { status: response.status, chunks, body: null, text };
}

export const userMessage = (id: string, text: string) => ({ id, role: 'user' as const, parts: [{ type: 'text', text }] });

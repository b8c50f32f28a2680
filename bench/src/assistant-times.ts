/**
 * The AI assistant: time to the first token through Basin's `POST /api/ai/sql/generate-v4` beside
 * the model server's own time to first byte. The model is a local OpenAI chat-completions stand-in
 * that answers at once, so the difference is what Basin adds to a turn: the session, access and
 * the organization's opt-in level, storing the prompt, the project's context (schema from the
 * catalogs, lints), the provider call and relaying its stream.
 */
import { optInTagsOf } from '@basin/core/schemas';
import type { AiConfig } from '../../packages/server/src/ai/config.ts';
import type { Platform } from '../../packages/server/src/platform.ts';
import type { ApiClient } from '../../packages/server/test/harness.ts';
import { startOpenAiStandIn, text, type OpenAiStandIn } from '../../packages/server/test/openai-stand-in.ts';
import { spread } from './stats.ts';
import type { TableRow } from './table.ts';

const RUNS = 20;
const WARM_UP = 3;
const OVERHEAD_TARGET_MS = 50;

/** The stand-in and the assistant configuration that points the platform at it. */
export async function startModelStandIn(): Promise<{ standIn: OpenAiStandIn; ai: AiConfig }> {
  const standIn = await startOpenAiStandIn();
  return {
    standIn,
    ai: {
      apiKey: 'bench',
      baseUrl: standIn.url,
      models: { 'gpt-5': 'bench-model', 'gpt-5-mini': 'bench-model' },
      disabled: false,
      maxRetries: 0,
    },
  };
}

/** Milliseconds from sending to the first body bytes for which `arrived` holds, reading the answer to its end. */
async function firstArrival(send: () => Promise<Response>, arrived: (textSoFar: string) => boolean): Promise<number> {
  const started = performance.now();
  const response = await send();
  if (!response.ok || !response.body) throw new Error(`${response.status} ${await response.text()}`);
  const decoder = new TextDecoder();
  let soFar = '';
  let at: number | undefined;
  for await (const bytes of response.body) {
    soFar += decoder.decode(bytes as Uint8Array, { stream: true });
    if (at === undefined && arrived(soFar)) at = performance.now() - started;
  }
  if (at === undefined) throw new Error(`the answer never held what was awaited: ${soFar.slice(0, 500)}`);
  return at;
}

export async function assistantTimes(
  platform: Platform,
  api: ApiClient,
  standIn: OpenAiStandIn,
  ref: string,
  slug: string,
): Promise<TableRow[]> {
  await platform.ctx.db.query('update organizations set opt_in_tags = $2 where slug = $1', [slug, optInTagsOf('schema')]);
  const direct = () =>
    firstArrival(
      () =>
        fetch(`${standIn.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
          body: JSON.stringify({ model: 'bench-model', stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
        }),
      (soFar) => soFar.includes('"content"'),
    );
  const throughBasin = () =>
    firstArrival(
      () =>
        fetch(`${api.baseUrl}/api/ai/sql/generate-v4`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: api.cookie, origin: api.baseUrl },
          body: JSON.stringify({
            chatId: crypto.randomUUID(),
            messages: [{ id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text: 'Hello' }] }],
            projectRef: ref,
            orgSlug: slug,
          }),
        }),
      (soFar) => soFar.includes('"type":"text-delta"'),
    );

  const modelFirstByte: number[] = [];
  const basinFirstToken: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    standIn.script(text('Hello', ' there'), text('Hello', ' there'));
    const model = await direct();
    const basin = await throughBasin();
    if (i < WARM_UP) continue; // the first turns read the lints and open the catalog sessions (kept 30 s and 10 s)
    modelFirstByte.push(model);
    basinFirstToken.push(basin);
  }
  const model = spread(modelFirstByte);
  const basin = spread(basinFirstToken);
  const overhead = basin.median - model.median;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    [
      'Assistant: first token through Basin',
      `median ${ms(basin.median)} (min ${ms(basin.min)}, max ${ms(basin.max)})`,
      '',
      `POST /api/ai/sql/generate-v4, a new chat each turn, opt-in 'schema' (schema and lints in the prompt); ${RUNS} runs after ${WARM_UP} warm-up`,
    ],
    [
      'Assistant: model server first byte (direct)',
      `median ${ms(model.median)} (min ${ms(model.min)}, max ${ms(model.max)})`,
      '',
      'the local OpenAI chat-completions stand-in, streaming at once',
    ],
    ['Assistant: Basin overhead to first token', ms(overhead), `≤ ${OVERHEAD_TARGET_MS} ms`, 'difference of the medians'],
  ];
}

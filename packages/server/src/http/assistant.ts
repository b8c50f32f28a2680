import { createRoute } from '@hono/zod-openapi';
import { CheckApiKeyResponse, GenerateBody, RateMessageBody, RateMessageResponse } from '@basin/core/schemas';
import { checkApiKey, generate } from '../services/assistant/assistant.ts';
import { rateMessage } from '../services/assistant/assistant-ratings.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const tags = ['AI assistant'];
/** The one assistant call that also takes a personal access token (`Authorization: Bearer sbp_...`). */
export const GENERATE_PATH = '/sql/generate-v4';

/** The assistant's calls under /api/ai (spec part 2 §7), for signed-in members. */
export function assistantRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: GENERATE_PATH,
        tags,
        description:
          "Signed in with the dashboard's session, or with a personal access token (`Authorization: Bearer sbp_...`) acting as its user with the user's own roles",
        request: jsonBody(GenerateBody),
        responses: {
          200: {
            content: { 'text/event-stream': { schema: { type: 'string' } } },
            description:
              "The AI SDK's UI message stream (x-vercel-ai-ui-message-stream: v1): the assistant's message with its text, reasoning and tool parts; a failed turn ends with an error chunk whose errorText keeps the provider's words",
          },
          ...ERRORS,
          503: json(CheckApiKeyResponse.pick({ message: true }), 'No model is configured (OPENAI_API_KEY)'),
        },
      }),
      async (c) => generate(ctx, c.var.userId, c.req.valid('json'), c.req.raw.signal),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/sql/check-api-key',
        tags,
        responses: { 200: json(CheckApiKeyResponse, 'Whether a model is configured and whether the assistant is switched off'), ...ERRORS },
      }),
      (c) => c.json(checkApiKey(ctx), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/feedback/rate',
        tags,
        request: jsonBody(RateMessageBody),
        responses: { 200: json(RateMessageResponse, 'Stored; the category the rated answer falls in'), ...ERRORS },
      }),
      async (c) => c.json(await rateMessage(ctx, c.var.userId, c.req.valid('json')), 200),
    );
}

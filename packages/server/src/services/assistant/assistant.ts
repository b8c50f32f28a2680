/**
 * One turn of the AI assistant (`POST /api/ai/sql/generate-v4`, spec part 2 §7): checks who asks
 * and what their organization shares, stores the turn's new message, gathers the project's
 * context for that opt-in level, and streams the model's answer as the AI SDK's UI message
 * stream. The answer is stored when the stream ends, also when the member stopped it halfway.
 */
import { ASSISTANT_MESSAGES, OPT_IN_LEVEL_FLAGS, type FeatureFlags } from '@basin/core';
import {
  AI_OPT_IN_LEVELS,
  optInLevelOf,
  RenameChatBody,
  type AiOptInLevel,
  type CheckApiKeyResponse,
  type GenerateBody,
} from '@basin/core/schemas';
import { consumeStream, safeValidateUIMessages, stepCountIs, streamText, type UIMessage } from 'ai';
import { randomUUID } from 'node:crypto';
import { searchDocs } from '../../ai/docs-index.ts';
import { toModelMessages } from '../../ai/model-messages.ts';
import { gatherProjectContext } from '../../ai/project-context.ts';
import { assistantInstructions } from '../../ai/prompt.ts';
import { languageModel, modelFor } from '../../ai/provider.ts';
import { isContextTooLong, streamErrorText } from '../../ai/stream-errors.ts';
import { assistantTools, type ServerTools } from '../../ai/tools.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../kernel/errors.ts';
import { withProjectCatalog } from '../projects/project-catalog.ts';
import { listPolicies } from '../../meta/policies.ts';
import * as chats from '../../store/assistant-chats.ts';
import { organizationOfProject } from '../../store/assistant-settings.ts';
import { transaction } from '../../store/db.ts';
import { requireAssistantProject } from './assistant-chats.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { installFeatureFlags, organizationFeatureFlags } from '../account/feature-flags.ts';

/** Model calls in one turn: server tools answer within it; a client tool ends it anyway. */
const MAX_STEPS = 5;
const POLICIES_LISTED = 200;
const CHAT_NAME_FROM_PROMPT = 60;

/** Whether a model is configured, and whether the install switched the assistant off (an organization's own flag shows on its turns). */
export function checkApiKey(ctx: PlatformContext): CheckApiKeyResponse {
  const { apiKey } = ctx.config.ai;
  const disabled = ctx.config.ai.disabled || !installFeatureFlags().assistantEnabled;
  const message = disabled ? ASSISTANT_MESSAGES.disabled : apiKey ? '' : ASSISTANT_MESSAGES.noApiKey;
  return { hasKey: Boolean(apiKey), disabled, message };
}

export async function generate(ctx: PlatformContext, userId: string, body: GenerateBody, signal: AbortSignal): Promise<Response> {
  const config = ctx.config.ai;
  if (config.disabled) throw forbidden(ASSISTANT_MESSAGES.disabled);
  if (!config.apiKey) throw new HttpError(503, ASSISTANT_MESSAGES.noApiKey);
  const project = await requireAssistantProject(ctx, body.projectRef, userId);
  const [organization, flags] = await Promise.all([
    organizationOfProject(ctx.db, project.ref),
    organizationFeatureFlags(ctx.db, project.organization_id),
  ]);
  if (!flags.assistantEnabled) throw forbidden(ASSISTANT_MESSAGES.disabled);
  // The organization's own level, never what the dashboard says it is.
  const level = levelInForce(optInLevelOf(organization!.opt_in_tags), flags);
  if (level === 'disabled') throw forbidden(ASSISTANT_MESSAGES.optInDisabled);

  const tools = assistantTools(serverTools(ctx, project.ref, userId, body.chatId));
  const validated = await safeValidateUIMessages<UIMessage>({ messages: body.messages, tools });
  if (!validated.success) throw badRequest(`messages: ${validated.error.message}`);
  const messages = validated.data;
  // Independent of each other: storing the prompt (which also checks the chat is the member's) and reading the project.
  const [context, modelMessages] = await Promise.all([
    gatherProjectContext(ctx, project, userId, level, { schema: body.schema, table: body.table }),
    toModelMessages(messages, level, tools),
    saveTurnMessage(ctx, project.ref, userId, body.chatId, messages.at(-1)!),
  ]);
  const model = modelFor(body.model, organization!.plan_id);
  const result = streamText({
    model: languageModel(config, model),
    instructions: assistantInstructions(context, body.sqlSnippets),
    messages: modelMessages,
    tools,
    stopWhen: stepCountIs(MAX_STEPS),
    maxRetries: config.maxRetries,
    abortSignal: signal,
    onError: () => {}, // reported once, on the stream (onError below)
  });
  return result.toUIMessageStreamResponse({
    originalMessages: messages,
    generateMessageId: randomUUID,
    messageMetadata: ({ part }) => (part.type === 'start' ? { createdAt: new Date().toISOString(), model } : undefined),
    onError: (error) => {
      const text = streamErrorText(error);
      if (!isContextTooLong(text)) ctx.logger.warn({ err: error, ref: project.ref }, 'assistant turn failed');
      return text;
    },
    onEnd: ({ responseMessage }) => saveAnswer(ctx, project.ref, userId, body.chatId, responseMessage),
    // Keeps reading the stream when the member stops it (the request is cut), so that onEnd stores what came.
    consumeSseStream: consumeStream,
  });
}

/**
 * The stored level, lowered to the highest one the feature flags still offer: an install (or an
 * organization's flag) that takes a level away stops what it shared.
 */
export function levelInForce(stored: AiOptInLevel, flags: FeatureFlags): AiOptInLevel {
  for (let at = AI_OPT_IN_LEVELS.indexOf(stored); at > 0; at--) {
    const level = AI_OPT_IN_LEVELS[at]!;
    if (flags[OPT_IN_LEVEL_FLAGS[level]]) return level;
  }
  return 'disabled';
}

function serverTools(ctx: PlatformContext, ref: string, userId: string, chatId: string): ServerTools {
  return {
    listPolicies: (schemas) =>
      withProjectCatalog(ctx, ref, userId, async (client) => {
        const page = await listPolicies(client, {
          schemas: schemas?.length ? schemas : undefined,
          sort: 'schema',
          offset: 0,
          limit: POLICIES_LISTED,
        });
        return page.rows.map(({ schema, table, name, action, command, roles, definition, check }) => ({
          schema,
          table,
          name,
          action,
          command,
          roles,
          definition,
          check,
        }));
      }),
    searchDocs,
    async renameChat(name) {
      const parsed = RenameChatBody.safeParse({ name });
      if (!parsed.success) return ASSISTANT_MESSAGES.renameFailed;
      return (await chats.renameChat(ctx.db, ref, userId, chatId, parsed.data.name))
        ? ASSISTANT_MESSAGES.chatRenamed
        : ASSISTANT_MESSAGES.renameFailed;
    },
  };
}

/**
 * The request's last message: a new prompt, or the assistant's turn with the dashboard's tool
 * results. A chat id not seen before makes the chat (the dashboard may name its own); someone
 * else's is 404. Messages after it go (a prompt sent again). A new chat is named after its first prompt.
 */
async function saveTurnMessage(ctx: PlatformContext, ref: string, userId: string, chatId: string, message: UIMessage): Promise<void> {
  await transaction(ctx.db, async (client) => {
    const chat =
      (await chats.lockChat(client, ref, userId, chatId)) ??
      (await chats.insertChat(client, ref, userId, ASSISTANT_MESSAGES.defaultChatName, chatId));
    if (!chat) throw notFound('Chat');
    const first = message.role === 'user' && (await chats.countMessages(client, chatId)) === 0;
    await chats.upsertMessage(client, chatId, message, true);
    const name = first && chat.name === ASSISTANT_MESSAGES.defaultChatName ? chatNameFrom(message) : undefined;
    if (name) await chats.renameChat(client, ref, userId, chatId, name, ASSISTANT_MESSAGES.defaultChatName);
  });
}

/** The first line of a prompt, cut at a word near CHAT_NAME_FROM_PROMPT characters. */
export function chatNameFrom(message: UIMessage): string | undefined {
  const text = message.parts
    .find((part) => part.type === 'text')
    ?.text.trim()
    .split('\n')[0]
    ?.trim();
  if (!text) return undefined;
  if (text.length <= CHAT_NAME_FROM_PROMPT) return text;
  const cut = text.slice(0, CHAT_NAME_FROM_PROMPT);
  const space = cut.lastIndexOf(' ');
  return `${(space > CHAT_NAME_FROM_PROMPT / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The answer as it stands when the stream ends: complete, cut by an error, or stopped by the member. */
async function saveAnswer(ctx: PlatformContext, ref: string, userId: string, chatId: string, message: UIMessage): Promise<void> {
  if (!message.parts.some((part) => part.type !== 'step-start')) return;
  try {
    await transaction(ctx.db, async (client) => {
      // The chat may have been deleted meanwhile: then there is nothing to keep.
      if (await chats.lockChat(client, ref, userId, chatId)) await chats.upsertMessage(client, chatId, message);
    });
  } catch (error) {
    ctx.logger.error({ err: error, ref, chatId }, 'could not store the assistant’s answer');
  }
}

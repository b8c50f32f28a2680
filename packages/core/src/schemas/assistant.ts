import { z } from 'zod';
import { SQL_SNIPPET_MAX_LENGTH, SQL_SNIPPETS_ATTACHED } from '../assistant-messages.ts';
import { FunctionSlug } from './functions.ts';

/**
 * The AI assistant (spec part 2 §2–§9): what an organization lets it see, its models, chats and
 * messages as the AI SDK's UI messages, and the bodies of its calls.
 */

/** Spec part 2 §3, from least to most shared. */
export const AI_OPT_IN_LEVELS = ['disabled', 'schema', 'schema_and_log', 'schema_and_log_and_data'] as const;
export const AiOptInLevel = z.enum(AI_OPT_IN_LEVELS, { error: 'AI Opt-in level selection is required' });
export type AiOptInLevel = z.infer<typeof AiOptInLevel>;

export const AI_OPT_IN_TAGS = ['AI_SQL', 'AI_LOG', 'AI_DATA'] as const;
export type AiOptInTag = (typeof AI_OPT_IN_TAGS)[number];

/** The tags an organization stores for a level: each level adds one to the one before. */
export function optInTagsOf(level: AiOptInLevel): AiOptInTag[] {
  return AI_OPT_IN_TAGS.slice(0, AI_OPT_IN_LEVELS.indexOf(level));
}

/** The level stored tags stand for: the highest level all of whose tags are there. */
export function optInLevelOf(tags: readonly string[]): AiOptInLevel {
  let level: AiOptInLevel = 'disabled';
  for (const candidate of AI_OPT_IN_LEVELS) if (optInTagsOf(candidate).every((tag) => tags.includes(tag))) level = candidate;
  return level;
}

/** Spec part 2 §9: gpt-5-mini for free organizations, gpt-5 for paid ones. */
export const ASSISTANT_MODELS = ['gpt-5', 'gpt-5-mini'] as const;
export const AssistantModel = z.enum(ASSISTANT_MODELS);
export type AssistantModel = z.infer<typeof AssistantModel>;

/** Spec part 2 §5/§9: only the last 7 messages go to the assistant. */
export const ASSISTANT_MESSAGES_SENT = 7;

export const TOOL_STATES = ['input-streaming', 'input-available', 'output-available', 'output-error'] as const;

/** A message part as the AI SDK's UI messages carry it (text, reasoning, tool-*, step-start, ...). */
export const ChatMessagePart = z.looseObject({ type: z.string().min(1) });

/** A chat message: the AI SDK's UIMessage with the time it was made. */
export const ChatMessage = z
  .object({
    id: z.string().min(1).max(100),
    role: z.enum(['user', 'assistant', 'system']),
    parts: z.array(ChatMessagePart),
    metadata: z.looseObject({ createdAt: z.string().optional() }).optional(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

export const CHAT_NAME_MAX_LENGTH = 100;
const ChatName = z
  .string()
  .trim()
  .min(1, 'A chat needs a name')
  .max(CHAT_NAME_MAX_LENGTH, `A chat name is at most ${CHAT_NAME_MAX_LENGTH} characters`);

/** A chat of one user on one project (spec part 2 §3: id, name, messages). */
export const Chat = z.object({ id: z.uuid(), name: z.string(), created_at: z.string(), updated_at: z.string() }).meta({ id: 'Chat' });
export type Chat = z.infer<typeof Chat>;
export const ChatList = z.array(Chat).meta({ id: 'ChatList' });

export const CreateChatBody = z.object({ name: ChatName.optional() }).meta({ id: 'CreateChatBody' });
export type CreateChatBody = z.infer<typeof CreateChatBody>;
export const RenameChatBody = z.object({ name: ChatName }).meta({ id: 'RenameChatBody' });
export type RenameChatBody = z.infer<typeof RenameChatBody>;

/**
 * Whether a project's data falls under HIPAA: the assistant is then disallowed for it (spec part 2
 * §6). Any member reads it; only an Owner changes it.
 */
export const ProjectHipaa = z.object({ hipaa: z.boolean() }).meta({ id: 'ProjectHipaa' });
export type ProjectHipaa = z.infer<typeof ProjectHipaa>;

/** Spec part 2 §2, §3: SQL from the editor that the member attached to the assistant (a snippet or part of one). */
export const AttachedSqlSnippet = z.object({
  name: z.string().trim().min(1).max(200),
  sql: z.string().min(1).max(SQL_SNIPPET_MAX_LENGTH, `An attached snippet is at most ${SQL_SNIPPET_MAX_LENGTH} characters`),
});
export type AttachedSqlSnippet = z.infer<typeof AttachedSqlSnippet>;

/**
 * `POST /api/ai/sql/generate-v4` (spec part 2 §7) as the dashboard's chat transport sends it; the
 * answer is the AI SDK's UI message stream. `chatId` names the stored chat the turn belongs to;
 * `aiOptInLevel` is what the dashboard believes, the server uses the organization's own.
 * `sqlSnippets` (Basin's addition) are the snippets attached in the panel, sent with every turn
 * while they stay attached.
 */
export const GenerateBody = z
  .object({
    chatId: z.uuid(),
    messages: z.array(ChatMessage).min(1),
    projectRef: z.string().min(1, 'projectRef is required'),
    orgSlug: z.string().min(1, 'orgSlug is required'),
    aiOptInLevel: AiOptInLevel.optional(),
    connectionString: z.string().nullable().optional(),
    schema: z.string().default('public'),
    table: z.string().optional(),
    chatName: z.string().optional(),
    model: AssistantModel.optional(),
    sqlSnippets: z
      .array(AttachedSqlSnippet)
      .max(SQL_SNIPPETS_ATTACHED, `At most ${SQL_SNIPPETS_ATTACHED} snippets can be attached`)
      .optional(),
  })
  .meta({ id: 'GenerateBody' });
export type GenerateBody = z.infer<typeof GenerateBody>;

export const RATINGS = ['positive', 'negative'] as const;

/** Spec part 2 §3: a rating of one assistant message; the answer names a category. */
export const RateMessageBody = z
  .object({
    rating: z.enum(RATINGS),
    messages: z.array(ChatMessage),
    messageId: z.string().min(1),
    projectRef: z.string().min(1, 'projectRef is required'),
    orgSlug: z.string().min(1, 'orgSlug is required'),
    reason: z.string().max(2000).optional(),
  })
  .meta({ id: 'RateMessageBody' });
export type RateMessageBody = z.infer<typeof RateMessageBody>;

export const RATING_CATEGORIES = ['sql_generation', 'schema_design', 'rls_policies', 'edge_functions', 'debugging', 'general'] as const;
export const RateMessageResponse = z.object({ category: z.enum(RATING_CATEGORIES) }).meta({ id: 'RateMessageResponse' });
export type RateMessageResponse = z.infer<typeof RateMessageResponse>;

/** `GET /api/ai/sql/check-api-key`: whether a model is configured, and whether the assistant is switched off. */
export const CheckApiKeyResponse = z
  .object({ hasKey: z.boolean(), disabled: z.boolean(), message: z.string() })
  .meta({ id: 'CheckApiKeyResponse' });
export type CheckApiKeyResponse = z.infer<typeof CheckApiKeyResponse>;

/** Spec part 2 §3: the SQL tool's input. */
export const ExecuteSqlInput = z.object({
  sql: z.string().min(1),
  label: z.string().optional(),
  isWriteQuery: z.boolean().optional(),
  chartConfig: z
    .object({
      view: z.enum(['table', 'chart']).optional(),
      xKey: z.string().optional(),
      yKey: z.string().optional(),
      xAxis: z.string().optional(),
      yAxis: z.string().optional(),
    })
    .optional(),
});
export type ExecuteSqlInput = z.infer<typeof ExecuteSqlInput>;

/** Spec part 2 §3: the edge function tool's input. */
export const DeployEdgeFunctionInput = z.object({
  code: z.string().min(1),
  functionName: z.string().optional(),
  name: z.string().default('my-function'),
  slug: FunctionSlug.optional(),
  label: z.string().default('Edge Function'),
});
export type DeployEdgeFunctionInput = z.infer<typeof DeployEdgeFunctionInput>;

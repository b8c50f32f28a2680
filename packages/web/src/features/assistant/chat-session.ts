import { Chat } from '@ai-sdk/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from 'ai';
import {
  ASSISTANT_MESSAGES_SENT,
  type AiOptInLevel,
  type AssistantModel,
  type AttachedSqlSnippet,
  type GenerateBody,
} from '@basin/core/schemas';

export const GENERATE_PATH = '/api/ai/sql/generate-v4';

/** What each request of a chat carries besides its messages; read when the request is made. */
export interface ChatRequestContext {
  projectRef: string;
  orgSlug: string;
  aiOptInLevel: AiOptInLevel | undefined;
  connectionString: string | null;
  chatName: string | undefined;
  model: AssistantModel;
  table?: string;
  /** The SQL snippets attached in the panel: sent with every turn while attached. */
  sqlSnippets?: AttachedSqlSnippet[];
}

export interface ChatSession {
  chat: Chat<UIMessage>;
  /** Updated on every render of the conversation, so that the next request sends what is shown. */
  context: { current: ChatRequestContext };
  /** Called when an answer ends (the server may have renamed the chat). */
  onFinish: { current: (() => void) | undefined };
}

/** The body of `POST /api/ai/sql/generate-v4`: the last 7 messages and the context (spec part 2 §5, §7). */
export function generateBody(chatId: string, messages: UIMessage[], context: ChatRequestContext): GenerateBody {
  return {
    chatId,
    messages: messages.slice(-ASSISTANT_MESSAGES_SENT) as GenerateBody['messages'],
    projectRef: context.projectRef,
    orgSlug: context.orgSlug,
    aiOptInLevel: context.aiOptInLevel,
    connectionString: context.connectionString,
    schema: 'public',
    table: context.table,
    chatName: context.chatName,
    model: context.model,
    sqlSnippets: context.sqlSnippets?.length ? context.sqlSnippets : undefined,
  };
}

/** The tools the dashboard runs itself and answers with addToolOutput. */
export const CLIENT_TOOLS = ['execute_sql', 'deploy_edge_function'] as const;

/**
 * Whether the turn goes back to the model on its own: every tool of the last step has its answer
 * and the member answered one the dashboard runs. Calls that failed on their own (invalid input)
 * do not send the turn back, or a model that keeps failing would be asked again and again.
 */
export function clientToolsAnswered({ messages }: { messages: UIMessage[] }): boolean {
  if (!lastAssistantMessageIsCompleteWithToolCalls({ messages })) return false;
  const parts = messages.at(-1)?.parts ?? [];
  const stepStart = parts.findLastIndex((part) => part.type === 'step-start');
  return parts
    .slice(stepStart + 1)
    .some((part) => CLIENT_TOOLS.some((tool) => part.type === `tool-${tool}`) && 'state' in part && part.state === 'output-available');
}

/**
 * One Chat per stored chat, kept while the page lives: closing the panel or switching chats does
 * not cut an answer that is streaming, and reopening shows it where it is.
 */
const sessions = new Map<string, ChatSession>();

export function chatSession(chatId: string, initialMessages: UIMessage[], context: ChatRequestContext, onFinish?: () => void): ChatSession {
  const existing = sessions.get(chatId);
  if (existing) {
    existing.context.current = context;
    return existing;
  }
  const session: ChatSession = {
    context: { current: context },
    onFinish: { current: onFinish },
    chat: undefined as unknown as Chat<UIMessage>,
  };
  session.chat = new Chat<UIMessage>({
    id: chatId,
    messages: initialMessages,
    transport: new DefaultChatTransport<UIMessage>({
      api: GENERATE_PATH,
      credentials: 'same-origin',
      prepareSendMessagesRequest: ({ id, messages }) => ({ body: generateBody(id, messages, session.context.current) }),
    }),
    // A client-run tool (execute_sql, deploy_edge_function) answered with addToolOutput sends the turn on.
    sendAutomaticallyWhen: clientToolsAnswered,
    onFinish: () => session.onFinish.current?.(),
  });
  sessions.set(chatId, session);
  return session;
}

/** Forgets a chat's session (deleted chat, cleared messages), stopping what it streams. */
export function dropChatSession(chatId: string): void {
  const session = sessions.get(chatId);
  if (!session) return;
  sessions.delete(chatId);
  void session.chat.stop();
}

/** The first message a chat's session holds, if it has a session and a message. */
export function firstMessageId(chatId: string): string | undefined {
  return sessions.get(chatId)?.chat.messages[0]?.id;
}

export function hasChatSession(chatId: string): boolean {
  return sessions.has(chatId);
}

/** Tests start each case without the sessions of the one before. */
export function dropAllChatSessions(): void {
  for (const chatId of [...sessions.keys()]) dropChatSession(chatId);
}

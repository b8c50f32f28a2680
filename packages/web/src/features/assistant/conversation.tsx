import { useChat } from '@ai-sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import type { UIMessage } from 'ai';
import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { ASSISTANT_MESSAGES } from '@basin/core';
import { ASSISTANT_MESSAGES_SENT, type AiOptInLevel } from '@basin/core/schemas';
import { isApiError } from '../../data/fetcher';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { PageSpinner } from '../../ui/spinner';
import type { AttachedSnippet } from './assistant-requests';
import { AttachedSnippets } from './attached-snippets';
import { canSubmit, ChatInput } from './chat-input';
import { chatSession, hasChatSession, type ChatRequestContext, type ChatSession } from './chat-session';
import { deleteMessagesFrom, useChatMessagesQuery } from './data/chats';
import { assistantKeys } from './data/keys';
import { rateMessage } from './data/rate-message';
import { EmptyState, SNIPPET_IDEA_SUGGESTIONS, type Suggestion } from './empty-state';
import { MessageList } from './message-list';
import type { Rating } from './message-rating';
import { ModelPicker, useAssistantModel } from './model-picker';
import { track } from '../../data/telemetry/track';

/** What a conversation needs to know about the project and the panel around it. */
export interface ConversationSetup {
  projectRef: string;
  orgSlug: string;
  planId: string | undefined;
  aiOptInLevel: AiOptInLevel | undefined;
  connectionString: string | null;
  /** Set when the member cannot send (opt-in disabled): shown above the input, which is disabled. */
  blocked?: ReactNode;
  /** Custom suggestions for the empty state: the page's own. */
  suggestions?: Suggestion[];
  /** The SQL snippets attached from the SQL editor: their SQL goes with each turn. */
  snippets: readonly AttachedSnippet[];
  onRemoveSnippet: (key: string) => void;
  onNewChat: () => void;
}

/** Spec part 2 §2: the input's placeholder. */
function placeholderFor(setup: ConversationSetup, empty: boolean): string {
  if (setup.snippets.length) return ASSISTANT_MESSAGES.placeholderSnippets;
  return empty ? ASSISTANT_MESSAGES.placeholderFirst : ASSISTANT_MESSAGES.placeholderFollowUp;
}

/** The empty state: the snippet ideas while snippets are attached. */
function Welcome({ setup, onPick }: { setup: ConversationSetup; onPick: (suggestion: Suggestion) => void }) {
  const ideas = setup.snippets.length ? SNIPPET_IDEA_SUGGESTIONS : undefined;
  return <EmptyState projectRef={setup.projectRef} suggestions={setup.suggestions} ideas={ideas} onPick={onPick} />;
}

/** Spec part 2 §8: the provider's message for a conversation past the model's context window. */
export function isContextTooLong(error: Error | undefined): boolean {
  return Boolean(error && /context_length_exceeds|context_length_exceeded|exceeds the context window/i.test(error.message));
}

function useRequestContext(setup: ConversationSetup, chatName: string | undefined): ChatRequestContext {
  const { model } = useAssistantModel(setup.planId);
  return {
    projectRef: setup.projectRef,
    orgSlug: setup.orgSlug,
    aiOptInLevel: setup.aiOptInLevel,
    connectionString: setup.connectionString,
    chatName,
    model,
    sqlSnippets: setup.snippets.map(({ name, sql }) => ({ name, sql })),
  };
}

function textOf(message: UIMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** The message box, the 'Editing message' pill and the model picker under a conversation. */
function Composer({
  setup,
  value,
  onChange,
  onSubmit,
  onStop,
  loading,
  editing,
  onCancelEdit,
  placeholder,
  inputRef,
}: {
  setup: ConversationSetup;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onStop: () => void;
  loading: boolean;
  editing: boolean;
  onCancelEdit: () => void;
  placeholder: string;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  return (
    <div className="flex shrink-0 flex-col gap-2 border-t border-border p-3">
      {setup.blocked ? <div className="text-xs text-muted">{setup.blocked}</div> : null}
      <AttachedSnippets snippets={setup.snippets} onRemove={setup.onRemoveSnippet} />
      {editing ? (
        <div
          role="status"
          className="flex items-center gap-2 self-start rounded-full border border-accent/40 bg-accent-soft py-0.5 pr-1 pl-3 text-xs text-accent"
        >
          Editing message
          <kbd className="font-sans text-[10px] opacity-70">⌘Esc</kbd>
          <Button variant="ghost" size="icon" aria-label="Cancel editing" className="size-5" onClick={onCancelEdit}>
            <X className="size-3" aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      <ChatInput
        value={value}
        onChange={onChange}
        onSubmit={onSubmit}
        onStop={onStop}
        loading={loading}
        editing={editing}
        disabled={Boolean(setup.blocked)}
        placeholder={placeholder}
        inputRef={inputRef}
        toolbar={<ModelPicker planId={setup.planId} orgSlug={setup.orgSlug} />}
      />
    </div>
  );
}

/**
 * A chat that has no stored chat yet (a new chat): the empty state and the input. The first
 * message creates the chat, starts its session and hands over to the live conversation.
 */
export function DraftConversation({
  setup,
  onStart,
  initialText = '',
}: {
  setup: ConversationSetup;
  onStart: (text: string, context: Omit<ChatRequestContext, 'chatName'>) => Promise<void>;
  /** What a page put in the input (the SQL editor's 'Debug with Assistant'). */
  initialText?: string;
}) {
  const [value, setValue] = useState(initialText);
  const [starting, setStarting] = useState(false);
  const context = useRequestContext(setup, undefined);

  async function start(text: string) {
    if (starting || !canSubmit(text, { loading: false, editing: false, disabled: Boolean(setup.blocked) })) return;
    setStarting(true);
    try {
      await onStart(text.trim(), context);
      setValue('');
    } finally {
      setStarting(false);
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto">
        <Welcome setup={setup} onPick={(suggestion) => void start(suggestion.prompt)} />
      </div>
      <Composer
        setup={setup}
        value={value}
        onChange={setValue}
        onSubmit={() => void start(value)}
        onStop={() => undefined}
        loading={starting}
        editing={false}
        onCancelEdit={() => undefined}
        placeholder={placeholderFor(setup, true)}
      />
    </div>
  );
}

/** A stored chat: its messages load once, then its session keeps them. */
export function StoredConversation({ chatId, chatName, setup }: { chatId: string; chatName: string; setup: ConversationSetup }) {
  const context = useRequestContext(setup, chatName);
  const known = hasChatSession(chatId);
  const stored = useChatMessagesQuery(setup.projectRef, chatId, { enabled: !known });
  if (known) return <LiveConversation session={chatSession(chatId, [], context)} context={context} setup={setup} />;
  if (stored.isPending) return <PageSpinner label="Loading messages" />;
  if (stored.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 p-4 text-[13px]">
        <p className="text-danger">Failed to load the chat: {stored.error.message}</p>
        <Button size="sm" onClick={() => void stored.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <LiveConversation session={chatSession(chatId, stored.data as UIMessage[], context)} context={context} setup={setup} />;
}

function LiveConversation({ session, context, setup }: { session: ChatSession; context: ChatRequestContext; setup: ConversationSetup }) {
  const queryClient = useQueryClient();
  const { messages, status, error, sendMessage, stop, regenerate, addToolOutput, setMessages, clearError } = useChat({
    chat: session.chat,
  });
  const [value, setValue] = useState('');
  const [editingId, setEditingId] = useState<string | undefined>(undefined);
  const [ratings, setRatings] = useState<Record<string, Rating>>({});
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const chatId = session.chat.id;
  const loading = status === 'submitted' || status === 'streaming';
  const editing = editingId !== undefined;

  // The next request sends what the panel shows now (model, opt-in level, chat name).
  useLayoutEffect(() => {
    session.context.current = context;
    session.onFinish.current = () => void queryClient.invalidateQueries({ queryKey: assistantKeys.chats(setup.projectRef) });
  });

  function cancelEdit() {
    setEditingId(undefined);
    setValue('');
  }

  // Meta+Esc cancels editing wherever focus is (Escape alone does it inside the panel).
  useEffect(() => {
    if (!editing) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && event.metaKey) cancelEdit();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [editing]);

  /** Deletes a message and every later one on the server; one never stored (404) counts as deleted. */
  async function deleteFrom(messageId: string): Promise<boolean> {
    try {
      await deleteMessagesFrom(setup.projectRef, chatId, messageId);
      return true;
    } catch (failure) {
      if (isApiError(failure, 404)) return true;
      toast.error(`Failed to delete the message: ${failure instanceof Error ? failure.message : String(failure)}`);
      return false;
    }
  }

  async function submit(text = value) {
    if (!canSubmit(text, { loading, editing, disabled: Boolean(setup.blocked) })) return;
    if (editingId) {
      if (loading) await stop();
      const current = session.chat.messages;
      const index = current.findIndex((message) => message.id === editingId);
      if (index >= 0) {
        if (!(await deleteFrom(editingId))) return;
        toast.success(ASSISTANT_MESSAGES.messageDeleted);
        setMessages(current.slice(0, index));
      }
      setEditingId(undefined);
    }
    setValue('');
    if (error) clearError();
    track('assistant_prompt_submitted', { projectRef: setup.projectRef, model: context.model });
    void sendMessage({ text: text.trim() });
  }

  async function clearMessages() {
    if (loading) await stop();
    const first = session.chat.messages[0];
    if (first && !(await deleteFrom(first.id))) return;
    setMessages([]);
    clearError();
    cancelEdit();
  }

  function startEdit(message: UIMessage) {
    setEditingId(message.id);
    setValue(textOf(message));
    inputRef.current?.focus();
  }

  function rate(message: UIMessage, rating: Rating, reason?: string) {
    setRatings((current) => ({ ...current, [message.id]: rating }));
    const upTo = messages.slice(0, messages.findIndex((other) => other.id === message.id) + 1);
    track('assistant_message_rating_submitted', { projectRef: setup.projectRef, rating });
    void rateMessage({
      rating,
      messages: upTo.slice(-ASSISTANT_MESSAGES_SENT) as Parameters<typeof rateMessage>[0]['messages'],
      messageId: message.id,
      projectRef: setup.projectRef,
      orgSlug: setup.orgSlug,
      reason,
    });
  }

  function answerTool(tool: string, toolCallId: string, output: unknown) {
    void addToolOutput({ tool, toolCallId, output });
  }

  const errorNotice = error ? (
    <div role="alert" className="flex flex-col gap-2 rounded-md border border-danger/30 bg-danger-soft px-3 py-2 text-[13px]">
      {isContextTooLong(error) ? (
        <>
          <p>{ASSISTANT_MESSAGES.contextTooLong}</p>
          <div>
            <Button size="sm" variant="primary" onClick={setup.onNewChat}>
              New chat
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>{ASSISTANT_MESSAGES.genericError}</p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void regenerate()}>
              Retry
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void clearMessages()}>
              Clear messages
            </Button>
          </div>
        </>
      )}
    </div>
  ) : null;

  const empty = messages.length === 0;
  return (
    <div
      className="flex min-h-0 flex-1 flex-col"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && editing) {
          event.preventDefault();
          cancelEdit();
        }
      }}
    >
      {empty && !loading ? (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <Welcome setup={setup} onPick={(suggestion) => void submit(suggestion.prompt)} />
          {errorNotice ? <div className="px-4">{errorNotice}</div> : null}
        </div>
      ) : (
        <MessageList
          messages={messages}
          loading={loading}
          ready={!loading}
          editingId={editingId}
          ratings={ratings}
          onEdit={startEdit}
          onRate={rate}
          onToolOutput={answerTool}
          footer={errorNotice}
        />
      )}
      <Composer
        setup={setup}
        value={value}
        onChange={setValue}
        onSubmit={() => void submit()}
        onStop={() => void stop()}
        loading={loading}
        editing={editing}
        onCancelEdit={cancelEdit}
        placeholder={placeholderFor(setup, empty)}
        inputRef={inputRef}
      />
    </div>
  );
}

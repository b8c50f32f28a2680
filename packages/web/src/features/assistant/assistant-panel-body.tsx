import { useQueryClient } from '@tanstack/react-query';
import { MessageSquarePlus, Settings2, Sparkles, X } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { ASSISTANT_MESSAGES } from '@basin/core';
import { optInLevelOf } from '@basin/core/schemas';
import { useFeatureFlag } from '../../data/feature-flags/use-feature-flag';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { track } from '../../data/telemetry/track';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { PageSpinner } from '../../ui/spinner';
import { AssistantProjectContext, type AssistantProject } from './assistant-context';
import { clearNewChatRequest, removeSnippet, useAssistantRequests } from './assistant-requests';
import { chatSession, dropChatSession, firstMessageId } from './chat-session';
import { ChatPicker, NEW_CHAT_NAME } from './chat-picker';
import { DraftConversation, StoredConversation, type ConversationSetup } from './conversation';
import { createChat, deleteMessagesFrom, getChatMessages, useChatsQuery, useDeleteChatMutation, useRenameChatMutation } from './data/chats';
import { useCheckApiKeyQuery } from './data/check-api-key';
import { useProjectHipaaQuery } from './data/hipaa';
import { assistantKeys } from './data/keys';
import { pageSuggestions } from './page-suggestions';
import { PanelErrorBoundary } from './panel-error-boundary';

const OptInDialog = lazy(() => import('../organizations/opt-in-dialog').then((module) => ({ default: module.OptInDialog })));

/** A new chat that is stored with its first message. */
const DRAFT = 'draft';

const activeChatKey = (ref: string) => `basin.assistant-chat.${ref}`;

function readActiveChat(ref: string): string | undefined {
  try {
    return localStorage.getItem(activeChatKey(ref)) ?? undefined;
  } catch {
    return undefined;
  }
}

function storeActiveChat(ref: string, chatId: string): void {
  try {
    localStorage.setItem(activeChatKey(ref), chatId);
  } catch {
    // The choice then lasts for this page only.
  }
}

function Notice({ children }: { children: ReactNode }) {
  return <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-[13px] text-muted">{children}</div>;
}

/** The panel's header: the chat picker, new chat, close. */
function Header({
  children,
  onNewChat,
  onClose,
  newChatDisabled,
}: {
  children?: ReactNode;
  onNewChat?: () => void;
  onClose: () => void;
  newChatDisabled?: boolean;
}) {
  return (
    <header className="flex h-11 shrink-0 items-center justify-between gap-2 border-b border-border px-2">
      <div className="flex min-w-0 items-center gap-1 text-[13px] font-medium">
        <Sparkles className="ml-1 size-4 shrink-0 text-accent" aria-hidden="true" />
        {children ?? <span className="px-1">Assistant</span>}
      </div>
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="icon" aria-label="New chat" onClick={onNewChat} disabled={!onNewChat || newChatDisabled}>
          <MessageSquarePlus className="size-4" aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label="Close assistant" onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </header>
  );
}

/** The assistant panel's content, loaded when the panel first opens (spec part 2 §2). */
export default function AssistantPanelBody({ onClose }: { onClose: () => void }) {
  const { ref = '' } = useParams();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const { snippets, newChat } = useAssistantRequests(ref);
  const project = useProjectQuery(ref);
  const orgSlug = project.data?.organization_slug;
  const organization = useOrganizationQuery(orgSlug);
  const enabledFlag = useFeatureFlag('assistantEnabled', orgSlug);
  const apiKey = useCheckApiKeyQuery();
  const hipaa = useProjectHipaaQuery(ref);
  const hipaaDisallowed = hipaa.data?.hipaa === true;
  const usable = apiKey.data?.hasKey === true && !apiKey.data.disabled && enabledFlag !== false && hipaa.isSuccess && !hipaaDisallowed;
  const chats = useChatsQuery(ref, { enabled: usable });
  const renameChat = useRenameChatMutation(ref);
  const deleteChat = useDeleteChatMutation(ref);
  const [selected, setSelected] = useState<string | undefined>(() => readActiveChat(ref));
  const [optInOpen, setOptInOpen] = useState(false);
  const [optInLoaded, setOptInLoaded] = useState(false);
  const [generation, setGeneration] = useState(0);

  // A page's request for a new chat shows the draft until the member starts it or picks another chat.
  const active = selected === DRAFT || newChat ? undefined : (chats.data?.find((chat) => chat.id === selected) ?? chats.data?.[0]);
  const optInLevel = organization.data?.opt_in_tags ? optInLevelOf(organization.data.opt_in_tags) : undefined;

  function select(chatId: string) {
    clearNewChatRequest();
    setSelected(chatId);
    if (chatId !== DRAFT) storeActiveChat(ref, chatId);
  }

  function openPermissionSettings() {
    setOptInLoaded(true);
    setOptInOpen(true);
  }

  const assistantProject: AssistantProject = {
    projectRef: ref,
    orgSlug,
    role: organization.data?.role,
    restUrl: project.data?.restUrl,
    hasConnection: Boolean(project.data?.connectionString),
  };

  const setup: ConversationSetup = {
    projectRef: ref,
    orgSlug: orgSlug ?? '_',
    planId: organization.data?.plan.id,
    aiOptInLevel: optInLevel,
    connectionString: project.data?.connectionString ?? null,
    suggestions: pageSuggestions(pathname, ref),
    snippets,
    onRemoveSnippet: (key) => removeSnippet(ref, key),
    onNewChat: () => select(DRAFT),
    blocked:
      optInLevel === 'disabled' ? (
        <span className="flex flex-col items-start gap-2">
          {ASSISTANT_MESSAGES.optInDisabled}
          <Button size="sm" onClick={openPermissionSettings}>
            <Settings2 className="size-3.5" aria-hidden="true" />
            Permission settings
          </Button>
        </span>
      ) : undefined,
  };

  async function startChat(text: string, context: Omit<Parameters<typeof chatSession>[2], 'chatName'>) {
    // Stored under the default name: the server names it after this first prompt.
    const chat = await createChat(ref).catch((error: unknown) => {
      toast.error(`Failed to start the chat: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
    if (!chat) return;
    queryClient.setQueryData(assistantKeys.chats(ref), (list: typeof chats.data) => [chat, ...(list ?? [])]);
    const refreshChats = () => void queryClient.invalidateQueries({ queryKey: assistantKeys.chats(ref) });
    const session = chatSession(chat.id, [], { ...context, chatName: chat.name }, refreshChats);
    select(chat.id);
    track('assistant_prompt_submitted', { orgSlug, projectRef: ref, model: context.model });
    void session.chat.sendMessage({ text });
  }

  function removeChat(chatId: string) {
    deleteChat.mutate(chatId, {
      onSuccess() {
        dropChatSession(chatId);
        if (active?.id === chatId) setSelected(undefined);
      },
    });
  }

  /** 'Clear messages and refresh': the active chat's messages go, its session starts again. */
  async function resetPanel() {
    if (active) {
      const firstId = firstMessageId(active.id) ?? (await getChatMessages(ref, active.id).catch(() => []))[0]?.id;
      dropChatSession(active.id);
      if (firstId) await deleteMessagesFrom(ref, active.id, firstId).catch(() => undefined);
      queryClient.removeQueries({ queryKey: assistantKeys.messages(ref, active.id) });
    }
    setGeneration((value) => value + 1);
  }

  let body: ReactNode;
  if (apiKey.isPending || hipaa.isPending || (usable && chats.isPending)) body = <PageSpinner label="Loading the assistant" />;
  else if (apiKey.data?.disabled || enabledFlag === false) body = <Notice>{ASSISTANT_MESSAGES.disabled}</Notice>;
  else if (hipaaDisallowed) {
    body = (
      <Notice>
        <p className="font-medium text-foreground">{ASSISTANT_MESSAGES.disabled}</p>
        <p>{ASSISTANT_MESSAGES.hipaaDisallowed}</p>
      </Notice>
    );
  } else if (apiKey.isError || hipaa.isError) {
    const failed = apiKey.isError ? apiKey : hipaa;
    body = (
      <Notice>
        <p role="alert">Failed to reach the assistant: {failed.error?.message}</p>
        <Button size="sm" onClick={() => void failed.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  } else if (!apiKey.data.hasKey) body = <Notice>{apiKey.data.message || ASSISTANT_MESSAGES.noApiKey}</Notice>;
  else if (chats.isError) {
    body = (
      <Notice>
        <p role="alert">Failed to load your chats: {chats.error.message}</p>
        <Button size="sm" onClick={() => void chats.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  } else {
    body = (
      <PanelErrorBoundary key={`${active?.id ?? DRAFT}-${generation}`} onReset={resetPanel}>
        {active ? (
          <StoredConversation key={`${active.id}-${generation}`} chatId={active.id} chatName={active.name} setup={setup} />
        ) : (
          <DraftConversation key={newChat?.id ?? DRAFT} setup={setup} onStart={startChat} initialText={newChat?.text} />
        )}
      </PanelErrorBoundary>
    );
  }

  const picker =
    usable && chats.data ? (
      <ChatPicker
        chats={chats.data}
        activeId={active?.id}
        title={active?.name ?? NEW_CHAT_NAME}
        onSelect={select}
        onNewChat={setup.onNewChat}
        onRename={(chatId, name) => renameChat.mutate({ chatId, name })}
        onDelete={removeChat}
        onPermissionSettings={openPermissionSettings}
      />
    ) : undefined;

  return (
    <AssistantProjectContext value={assistantProject}>
      <Header onClose={onClose} onNewChat={usable ? setup.onNewChat : undefined} newChatDisabled={!active}>
        {picker}
      </Header>
      {body}
      {optInLoaded && orgSlug ? (
        <Suspense fallback={null}>
          <OptInDialog slug={orgSlug} open={optInOpen} onOpenChange={setOptInOpen} />
        </Suspense>
      ) : null}
    </AssistantProjectContext>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Chat, ChatMessage } from '@basin/core/schemas';
import { toast } from '../../../lib/toast';
import { api } from '../../../data/fetcher';
import { projectRef } from '../../../data/project-path';
import { assistantKeys } from './keys';

/** The member's chats on the project, newest first. */
export function useChatsQuery(ref: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: assistantKeys.chats(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/ai/chats', { path: projectRef(ref), signal }),
    enabled: enabled && Boolean(ref),
  });
}

export function getChatMessages(ref: string | undefined, chatId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  return api.GET('/api/platform/projects/{ref}/ai/chats/{id}/messages', { path: { ...projectRef(ref), id: chatId }, signal });
}

/** A chat's stored messages, read once when the chat opens (the conversation keeps them from then on). */
export function useChatMessagesQuery(ref: string | undefined, chatId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: assistantKeys.messages(ref, chatId),
    queryFn: ({ signal }) => getChatMessages(ref, chatId ?? '', signal),
    enabled: enabled && Boolean(ref && chatId),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function createChat(ref: string, name?: string): Promise<Chat> {
  return api.POST('/api/platform/projects/{ref}/ai/chats', { path: projectRef(ref), body: name ? { name } : {} });
}

export function useCreateChatMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name?: string) => createChat(ref, name),
    onSuccess(chat) {
      queryClient.setQueryData<Chat[]>(assistantKeys.chats(ref), (list) => [chat, ...(list ?? []).filter((other) => other.id !== chat.id)]);
    },
    onError(error) {
      toast.error(`Failed to create a chat: ${error.message}`);
    },
  });
}

export function useRenameChatMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, name }: { chatId: string; name: string }) => api.PATCH('/api/platform/projects/{ref}/ai/chats/{id}', { path: { ...projectRef(ref), id: chatId }, body: { name } }),
    onSuccess(chat) {
      queryClient.setQueryData<Chat[]>(assistantKeys.chats(ref), (list) => list?.map((other) => (other.id === chat.id ? chat : other)));
    },
    onError(error) {
      toast.error(`Failed to rename the chat: ${error.message}`);
    },
  });
}

export function useDeleteChatMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => api.DELETE('/api/platform/projects/{ref}/ai/chats/{id}', { path: { ...projectRef(ref), id: chatId } }),
    onSuccess(_answer, chatId) {
      queryClient.setQueryData<Chat[]>(assistantKeys.chats(ref), (list) => list?.filter((other) => other.id !== chatId));
    },
    onError(error) {
      toast.error(`Failed to delete the chat: ${error.message}`);
    },
  });
}

/** Deletes a message and every later one of the chat (editing a message, clearing the chat). */
export function deleteMessagesFrom(ref: string, chatId: string, messageId: string): Promise<unknown> {
  return api.DELETE('/api/platform/projects/{ref}/ai/chats/{id}/messages/{messageId}', { path: { ...projectRef(ref), id: chatId, messageId } });
}

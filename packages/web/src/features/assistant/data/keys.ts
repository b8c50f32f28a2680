/** Query keys of the assistant's calls: chats per project, a chat's messages, the model key check, the project's HIPAA mark. */
export const assistantKeys = {
  chats: (ref: string | undefined) => ['projects', ref, 'ai-chats'] as const,
  messages: (ref: string | undefined, chatId: string | undefined) => ['projects', ref, 'ai-chats', chatId, 'messages'] as const,
  apiKey: () => ['ai', 'check-api-key'] as const,
  hipaa: (ref: string | undefined) => ['projects', ref, 'hipaa'] as const,
};

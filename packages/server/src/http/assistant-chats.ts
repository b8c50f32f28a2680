import { createRoute, z } from '@hono/zod-openapi';
import { Chat, ChatList, ChatMessage, CreateChatBody, ProjectHipaa, ProjectRef, RenameChatBody } from '@basin/core/schemas';
import * as chats from '../services/assistant/assistant-chats.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const chatParams = z.object({ ref: ProjectRef, id: z.uuid('Invalid chat id') });
const messageParams = chatParams.extend({ messageId: z.string().min(1).max(100) });
const tags = ['AI assistant'];

/** The assistant's chats (each member's own, within one project) and the project's HIPAA mark, which disallows the assistant. */
export function assistantChatRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/ai/chats',
        tags,
        request: { params: refParams },
        responses: { 200: json(ChatList, 'The signed-in member’s chats on the project, most recently used first'), ...ERRORS },
      }),
      async (c) => c.json(await chats.listChats(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/ai/chats',
        tags,
        request: { params: refParams, ...jsonBody(CreateChatBody) },
        responses: { 201: json(Chat, 'The new chat (named "New chat" unless a name is given)'), ...ERRORS },
      }),
      async (c) => c.json(await chats.createChat(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/projects/{ref}/ai/chats/{id}',
        tags,
        request: { params: chatParams, ...jsonBody(RenameChatBody) },
        responses: { 200: json(Chat, 'The renamed chat'), ...ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await chats.renameChat(ctx, ref, c.var.userId, id, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/projects/{ref}/ai/chats/{id}',
        tags,
        request: { params: chatParams },
        responses: { 204: { description: 'Deleted with its messages' }, ...ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        await chats.deleteChat(ctx, ref, c.var.userId, id);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/ai/chats/{id}/messages',
        tags,
        request: { params: chatParams },
        responses: {
          200: json(z.array(ChatMessage), 'The chat’s messages in order (AI SDK UI messages, metadata.createdAt set)'),
          ...ERRORS,
        },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await chats.listMessages(ctx, ref, c.var.userId, id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/projects/{ref}/ai/chats/{id}/messages/{messageId}',
        tags,
        request: { params: messageParams },
        responses: { 204: { description: 'The message and every later one are deleted (editing a message)' }, ...ERRORS },
      }),
      async (c) => {
        const { ref, id, messageId } = c.req.valid('param');
        await chats.deleteFromMessage(ctx, ref, c.var.userId, id, messageId);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/hipaa',
        tags,
        request: { params: refParams },
        responses: { 200: json(ProjectHipaa, 'Whether the project holds HIPAA data (the assistant is then disallowed)'), ...ERRORS },
      }),
      async (c) => c.json(await chats.getProjectHipaa(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/projects/{ref}/hipaa',
        tags,
        request: { params: refParams, ...jsonBody(ProjectHipaa) },
        responses: { 200: json(ProjectHipaa, 'Changed (Owners only)'), ...ERRORS },
      }),
      async (c) => c.json(await chats.updateProjectHipaa(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 200),
    );
}

/**
 * The assistant's chats of a member on a project (spec part 2 §2, §3): list, create, rename,
 * delete (never the last one), read the messages, and delete a message with everything after it
 * (editing). A chat is its owner's alone: anyone else, the project's Owners included, gets 404.
 */
import { ASSISTANT_MESSAGES } from '@basin/core';
import type { Chat, ChatMessage, CreateChatBody, ProjectHipaa, RenameChatBody } from '@basin/core/schemas';
import { badRequest, forbidden, notFound } from '../../kernel/errors.ts';
import * as store from '../../store/assistant-chats.ts';
import * as settings from '../../store/assistant-settings.ts';
import { transaction } from '../../store/db.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';

export function toChat(row: store.ChatRow): Chat {
  return { id: row.id, name: row.name, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

export function toChatMessage(row: store.MessageRow): ChatMessage {
  return { id: row.message_id, role: row.role, parts: row.parts, metadata: { ...row.metadata, createdAt: row.created_at.toISOString() } };
}

/**
 * The project for a member who may use the assistant (404 for others, 403 without the permission,
 * and 403 for everyone when the project holds HIPAA data).
 */
export async function requireAssistantProject(ctx: PlatformContext, ref: string, userId: string) {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'assistant:use');
  if (await settings.projectHipaa(ctx.db, ref)) throw forbidden(ASSISTANT_MESSAGES.hipaaDisallowed);
  return project;
}

/** Whether the project holds HIPAA data; any member may read it. */
export async function getProjectHipaa(ctx: PlatformContext, ref: string, userId: string): Promise<ProjectHipaa> {
  await requireProject(ctx.db, ref, userId);
  return { hipaa: await settings.projectHipaa(ctx.db, ref) };
}

/** Marks the project as holding HIPAA data, or not: Owners only. */
export async function updateProjectHipaa(ctx: PlatformContext, ref: string, userId: string, body: ProjectHipaa): Promise<ProjectHipaa> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects.hipaa:write', ASSISTANT_MESSAGES.hipaaNoPermission);
  await settings.setProjectHipaa(ctx.db, ref, body.hipaa);
  return { hipaa: body.hipaa };
}

async function requireChat(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<store.ChatRow> {
  await requireAssistantProject(ctx, ref, userId);
  const chat = await store.findChat(ctx.db, ref, userId, id);
  if (!chat) throw notFound('Chat');
  return chat;
}

export async function listChats(ctx: PlatformContext, ref: string, userId: string): Promise<Chat[]> {
  await requireAssistantProject(ctx, ref, userId);
  return (await store.listChats(ctx.db, ref, userId)).map(toChat);
}

export async function createChat(ctx: PlatformContext, ref: string, userId: string, body: CreateChatBody): Promise<Chat> {
  await requireAssistantProject(ctx, ref, userId);
  return toChat((await store.insertChat(ctx.db, ref, userId, body.name ?? ASSISTANT_MESSAGES.defaultChatName))!);
}

export async function renameChat(ctx: PlatformContext, ref: string, userId: string, id: string, body: RenameChatBody): Promise<Chat> {
  await requireChat(ctx, ref, userId, id);
  await store.renameChat(ctx.db, ref, userId, id, body.name);
  return toChat((await store.findChat(ctx.db, ref, userId, id))!);
}

/** Deletes the chat with its messages; a member's last chat on the project stays (400). */
export async function deleteChat(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<void> {
  await requireChat(ctx, ref, userId, id);
  await transaction(ctx.db, async (client) => {
    // Two deletes at once must not both see two chats: lock the member's chats first.
    await client.query('select id from assistant_chats where project_ref = $1 and user_id = $2 for update', [ref, userId]);
    if ((await store.countChats(client, ref, userId)) <= 1) throw badRequest(ASSISTANT_MESSAGES.lastChatUndeletable);
    if (!(await store.deleteChat(client, ref, userId, id))) throw notFound('Chat');
  });
}

export async function listMessages(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<ChatMessage[]> {
  await requireChat(ctx, ref, userId, id);
  return (await store.listMessages(ctx.db, id)).map(toChatMessage);
}

/** Editing a message: it goes, and every message after it. */
export async function deleteFromMessage(ctx: PlatformContext, ref: string, userId: string, id: string, messageId: string): Promise<void> {
  await requireChat(ctx, ref, userId, id);
  const deleted = await transaction(ctx.db, async (client) => {
    await store.lockChat(client, ref, userId, id);
    return store.deleteFromMessage(client, id, messageId);
  });
  if (!deleted) throw notFound('Message');
}

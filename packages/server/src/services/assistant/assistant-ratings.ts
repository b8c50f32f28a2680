/**
 * Ratings of the assistant's answers (spec part 2 §3, §4): stored per member, project and message
 * (rating again replaces it), with the category read from the rated message.
 */
import type { RateMessageBody, RateMessageResponse } from '@basin/core/schemas';
import { ratingCategory } from '../../ai/rating-category.ts';
import * as chats from '../../store/assistant-chats.ts';
import * as ratings from '../../store/assistant-ratings.ts';
import { requireAssistantProject } from './assistant-chats.ts';
import type { PlatformContext } from '../../kernel/context.ts';

export async function rateMessage(ctx: PlatformContext, userId: string, body: RateMessageBody): Promise<RateMessageResponse> {
  const project = await requireAssistantProject(ctx, body.projectRef, userId);
  const chatId = (await chats.chatOfMessage(ctx.db, project.ref, userId, body.messageId)) ?? null;
  // The message as stored when the member's chat has it, else as the dashboard sent it.
  const stored = chatId ? (await chats.listMessages(ctx.db, chatId)).find((message) => message.message_id === body.messageId) : undefined;
  const category = ratingCategory(stored ?? body.messages.find((message) => message.id === body.messageId));
  await ratings.upsertRating(ctx.db, {
    userId,
    ref: project.ref,
    chatId,
    messageId: body.messageId,
    rating: body.rating,
    reason: body.reason?.trim() || null,
    category,
    messages: body.messages.length ? body.messages : null,
  });
  return { category };
}

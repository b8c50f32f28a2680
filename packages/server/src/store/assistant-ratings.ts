/** Ratings of the assistant's messages: one per member, project and message (a new rating replaces it). */
import type { Queryable } from './db.ts';

export interface NewRating {
  userId: string;
  ref: string;
  chatId: string | null;
  messageId: string;
  rating: 'positive' | 'negative';
  reason: string | null;
  category: string;
  /** The conversation as the dashboard sent it with the rating. */
  messages: unknown[] | null;
}

export interface RatingRow {
  chat_id: string | null;
  message_id: string;
  rating: 'positive' | 'negative';
  reason: string | null;
  category: string;
  created_at: Date;
}

export async function upsertRating(db: Queryable, rating: NewRating): Promise<void> {
  await db.query(
    `insert into assistant_ratings (user_id, project_ref, chat_id, message_id, rating, reason, category, messages)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (user_id, project_ref, message_id) do update set chat_id = excluded.chat_id, rating = excluded.rating,
       reason = excluded.reason, category = excluded.category, messages = excluded.messages, created_at = now()`,
    [
      rating.userId,
      rating.ref,
      rating.chatId,
      rating.messageId,
      rating.rating,
      rating.reason,
      rating.category,
      rating.messages ? JSON.stringify(rating.messages) : null,
    ],
  );
}

export async function findRating(db: Queryable, ref: string, userId: string, messageId: string): Promise<RatingRow | undefined> {
  const { rows } = await db.query<RatingRow>(
    `select chat_id, message_id, rating, reason, category, created_at from assistant_ratings
     where project_ref = $1 and user_id = $2 and message_id = $3`,
    [ref, userId, messageId],
  );
  return rows[0];
}

/**
 * The assistant's chats and their messages. Every function takes the owner and the project: a
 * chat is only ever found through the member it belongs to.
 */
import type { Queryable } from './db.ts';

export interface ChatRow {
  id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

export interface MessageRow {
  message_id: string;
  role: 'user' | 'assistant' | 'system';
  parts: { type: string; [key: string]: unknown }[];
  metadata: Record<string, unknown> | null;
  created_at: Date;
}

/** A message to store: its id, role, parts and metadata as the AI SDK's UI message has them. */
export interface NewMessage {
  id: string;
  role: MessageRow['role'];
  parts: unknown[];
  metadata?: unknown;
}

const CHAT_COLUMNS = 'id, name, created_at, updated_at';

/** The owner's chats on a project, the most recently used first. */
export async function listChats(db: Queryable, ref: string, userId: string): Promise<ChatRow[]> {
  const { rows } = await db.query<ChatRow>(
    `select ${CHAT_COLUMNS} from assistant_chats where project_ref = $1 and user_id = $2 order by updated_at desc, created_at desc, id`,
    [ref, userId],
  );
  return rows;
}

export async function findChat(db: Queryable, ref: string, userId: string, id: string): Promise<ChatRow | undefined> {
  const { rows } = await db.query<ChatRow>(
    `select ${CHAT_COLUMNS} from assistant_chats where project_ref = $1 and user_id = $2 and id = $3`,
    [ref, userId, id],
  );
  return rows[0];
}

/** A new chat; with an id, the one the dashboard chose (nothing when that id is taken). */
export async function insertChat(db: Queryable, ref: string, userId: string, name: string, id?: string): Promise<ChatRow | undefined> {
  const { rows } = await db.query<ChatRow>(
    `insert into assistant_chats (id, project_ref, user_id, name) values (coalesce($4::uuid, gen_random_uuid()), $1, $2, $3)
     on conflict (id) do nothing returning ${CHAT_COLUMNS}`,
    [ref, userId, name, id ?? null],
  );
  return rows[0];
}

/** The chat, locked until the end of the caller's transaction: one turn at a time writes a chat's messages. */
export async function lockChat(db: Queryable, ref: string, userId: string, id: string): Promise<ChatRow | undefined> {
  const { rows } = await db.query<ChatRow>(
    `select ${CHAT_COLUMNS} from assistant_chats where project_ref = $1 and user_id = $2 and id = $3 for update`,
    [ref, userId, id],
  );
  return rows[0];
}

/** Renames the chat; `onlyIfNamed` renames it only while it still has that name. False when nothing changed. */
export async function renameChat(
  db: Queryable,
  ref: string,
  userId: string,
  id: string,
  name: string,
  onlyIfNamed?: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update assistant_chats set name = $4, updated_at = now()
     where project_ref = $1 and user_id = $2 and id = $3 and ($5::text is null or name = $5)`,
    [ref, userId, id, name, onlyIfNamed ?? null],
  );
  return rowCount === 1;
}

export async function countChats(db: Queryable, ref: string, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from assistant_chats where project_ref = $1 and user_id = $2', [
    ref,
    userId,
  ]);
  return rows[0]!.n;
}

export async function deleteChat(db: Queryable, ref: string, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from assistant_chats where project_ref = $1 and user_id = $2 and id = $3', [ref, userId, id]);
  return rowCount === 1;
}

/** The chat's messages in order. The caller has found the chat through its owner. */
export async function listMessages(db: Queryable, chatId: string): Promise<MessageRow[]> {
  const { rows } = await db.query<MessageRow>(
    'select message_id, role, parts, metadata, created_at from assistant_messages where chat_id = $1 order by position',
    [chatId],
  );
  return rows;
}

export async function countMessages(db: Queryable, chatId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from assistant_messages where chat_id = $1', [chatId]);
  return rows[0]!.n;
}

/**
 * Stores a message: a new one goes after the last, a known one keeps its place and gets the new
 * parts (a turn the client continued, or the answer written at the end of its stream).
 * `dropLater` also removes every message after it (a regenerated or resent turn). The caller
 * holds the chat's lock (lockChat).
 */
export async function upsertMessage(db: Queryable, chatId: string, message: NewMessage, dropLater = false): Promise<void> {
  const { rows } = await db.query<{ position: number }>(
    `insert into assistant_messages (chat_id, message_id, position, role, parts, metadata)
     values ($1, $2, (select coalesce(max(position), 0) + 1 from assistant_messages where chat_id = $1), $3, $4, $5)
     on conflict (chat_id, message_id) do update set role = excluded.role, parts = excluded.parts, metadata = excluded.metadata
     returning position`,
    [
      chatId,
      message.id,
      message.role,
      JSON.stringify(message.parts),
      message.metadata === undefined ? null : JSON.stringify(message.metadata),
    ],
  );
  if (dropLater) await db.query('delete from assistant_messages where chat_id = $1 and position > $2', [chatId, rows[0]!.position]);
  await touch(db, chatId);
}

/** Deletes the message and every later one (editing a message); false when the chat has no such message. */
export async function deleteFromMessage(db: Queryable, chatId: string, messageId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `delete from assistant_messages where chat_id = $1
       and position >= (select position from assistant_messages where chat_id = $1 and message_id = $2)`,
    [chatId, messageId],
  );
  if (!rowCount) return false;
  await touch(db, chatId);
  return true;
}

/** The owner's chat holding a message on the project, the newest such chat if several do. */
export async function chatOfMessage(db: Queryable, ref: string, userId: string, messageId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `select c.id from assistant_chats c join assistant_messages m on m.chat_id = c.id
     where c.project_ref = $1 and c.user_id = $2 and m.message_id = $3 order by c.updated_at desc limit 1`,
    [ref, userId, messageId],
  );
  return rows[0]?.id;
}

async function touch(db: Queryable, chatId: string): Promise<void> {
  await db.query('update assistant_chats set updated_at = now() where id = $1', [chatId]);
}

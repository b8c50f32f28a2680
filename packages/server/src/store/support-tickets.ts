import type { SupportCategory } from '@basin/core';
import type { Queryable } from './db.ts';

export interface SupportTicketRow {
  id: number;
  user_id: string;
  organization_slug: string | null;
  project_ref: string | null;
  category: SupportCategory;
  subject: string;
  message: string;
  emailed: boolean;
  created_at: Date;
}

export type NewSupportTicket = Pick<SupportTicketRow, 'user_id' | 'organization_slug' | 'project_ref' | 'category' | 'subject' | 'message'>;

const COLUMNS = 'id, user_id, organization_slug, project_ref, category, subject, message, emailed, created_at';

export async function insertTicket(db: Queryable, t: NewSupportTicket): Promise<SupportTicketRow> {
  const { rows } = await db.query<SupportTicketRow>(
    `insert into support_tickets (user_id, organization_slug, project_ref, category, subject, message)
     values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
    [t.user_id, t.organization_slug, t.project_ref, t.category, t.subject, t.message],
  );
  return rows[0]!;
}

export async function markEmailed(db: Queryable, id: number): Promise<void> {
  await db.query('update support_tickets set emailed = true where id = $1', [id]);
}

/** The user's own tickets, newest first. */
export async function listTicketsOfUser(db: Queryable, userId: string): Promise<SupportTicketRow[]> {
  const { rows } = await db.query<SupportTicketRow>(
    `select ${COLUMNS} from support_tickets where user_id = $1 order by created_at desc, id desc`,
    [userId],
  );
  return rows;
}

/** The ticket when this user wrote it; undefined otherwise. */
export async function findTicketOfUser(db: Queryable, id: number, userId: string): Promise<SupportTicketRow | undefined> {
  const { rows } = await db.query<SupportTicketRow>(`select ${COLUMNS} from support_tickets where id = $1 and user_id = $2`, [id, userId]);
  return rows[0];
}

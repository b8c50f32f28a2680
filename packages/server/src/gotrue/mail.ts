/**
 * The auth emails (confirmation, recovery, magic link, email change, invite): one-time tokens on
 * the user's row and the message through the project's SMTP or BASIN_SMTP_URL.
 * Being written (issue 11): the email flows land with their tests.
 */
import type pg from 'pg';
import type { AuthContext } from './context.ts';
import type { UserRow } from './users.ts';

export type AuthEmailKind = 'confirmation' | 'recovery' | 'magic_link' | 'email_change' | 'invite';

export interface AuthEmailRequest {
  kind: AuthEmailKind;
  user: UserRow;
  /** Where the link lands after verification (already checked against the allow-list). */
  redirectTo: string;
  /** The address an email change moves to. */
  newEmail?: string;
}

export async function sendAuthEmail(_client: pg.ClientBase, _auth: AuthContext, request: AuthEmailRequest): Promise<void> {
  throw new Error(`Auth emails (${request.kind}) are not built yet`);
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../../kernel/secrets.ts';

/** Long enough to start a download, short enough that a leaked link soon stops working. */
export const BACKUP_LINK_LIFETIME_MS = 10 * 60 * 1000;

export type BackupLinkCheck = 'valid' | 'invalid' | 'expired';

/**
 * The download path of one backup for one member, signed with a key only the platform can derive
 * over the backup, the expiry and the member's user id. The id is not in the link: it is the
 * session's that fetches it, so the link opens for that member only (and the route checks their
 * permission again), and the platform secret alone forges none that opens.
 */
export function signedBackupPath(box: SecretBox, ref: string, id: number, userId: string, now = Date.now()): string {
  const expires = Math.floor((now + BACKUP_LINK_LIFETIME_MS) / 1000);
  return `/api/backups/${ref}/${id}?expires=${expires}&signature=${sign(box, ref, id, userId, expires)}`;
}

/** The signature is checked first: an expiry is only believed once it is known to be ours. */
export function checkBackupLink(
  box: SecretBox,
  link: { ref: string; id: number; userId: string; expires: string | undefined; signature: string | undefined },
  now = Date.now(),
): BackupLinkCheck {
  const expires = Number(link.expires);
  if (!link.signature || !Number.isSafeInteger(expires)) return 'invalid';
  const expected = Buffer.from(sign(box, link.ref, link.id, link.userId, expires));
  const given = Buffer.from(link.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 > now ? 'valid' : 'expired';
}

function sign(box: SecretBox, ref: string, id: number, userId: string, expires: number): string {
  return createHmac('sha256', box.derive('backup-download')).update(`${ref}/${id}/${userId}/${expires}`).digest('base64url');
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../kernel/secrets.ts';

/** Long enough to start a download, short enough that a leaked link soon stops working. */
export const BACKUP_LINK_LIFETIME_MS = 10 * 60 * 1000;

export type BackupLinkCheck = 'valid' | 'invalid' | 'expired';

/**
 * The download path of one backup, signed with a key only the platform can derive, so that a
 * browser can fetch it without a session (a plain link, no cookie needed).
 */
export function signedBackupPath(box: SecretBox, ref: string, id: number, now = Date.now()): string {
  const expires = Math.floor((now + BACKUP_LINK_LIFETIME_MS) / 1000);
  return `/api/backups/${ref}/${id}?expires=${expires}&signature=${sign(box, ref, id, expires)}`;
}

/** The signature is checked first: an expiry is only believed once it is known to be ours. */
export function checkBackupLink(
  box: SecretBox,
  link: { ref: string; id: number; expires: string | undefined; signature: string | undefined },
  now = Date.now(),
): BackupLinkCheck {
  const expires = Number(link.expires);
  if (!link.signature || !Number.isSafeInteger(expires)) return 'invalid';
  const expected = Buffer.from(sign(box, link.ref, link.id, expires));
  const given = Buffer.from(link.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 > now ? 'valid' : 'expired';
}

function sign(box: SecretBox, ref: string, id: number, expires: number): string {
  return createHmac('sha256', box.derive('backup-download')).update(`${ref}/${id}/${expires}`).digest('base64url');
}

/**
 * A SCRAM-SHA-256 password verifier as Postgres stores it (RFC 7677, 4096 iterations). Sending
 * it instead of the password keeps the password itself out of every place a statement's text is
 * visible to others, pg_stat_activity included (members hold pg_monitor): the verifier lets
 * nobody log in. Basin's passwords are ASCII, so SASLprep leaves them as they are.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

const ITERATIONS = 4096;

export function scramVerifier(password: string, salt: Buffer = randomBytes(16)): string {
  const salted = pbkdf2Sync(password, salt, ITERATIONS, 32, 'sha256');
  const hmac = (text: string) => createHmac('sha256', salted).update(text).digest();
  const storedKey = createHash('sha256').update(hmac('Client Key')).digest();
  const serverKey = hmac('Server Key');
  return `SCRAM-SHA-256$${ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The platform secret: BASIN_SECRET, or one generated once and kept (mode 600) in the data dir. */
export async function loadOrCreateSecret(dataDir: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secret.key');
  const kept = await readFile(file, 'utf8').catch(() => undefined);
  if (kept !== undefined) {
    await chmod(file, 0o600); // an earlier Basin, or a copy, may have left it readable to others
    return kept.trim();
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * Encrypts stored database passwords (AES-256-GCM), so a dump of the metadata does not leak them,
 * and derives the secrets the platform alone needs, which are then never stored at all.
 */
export class SecretBox {
  private readonly key: Buffer;
  private readonly secret: string;
  private readonly derived = new Map<string, string>();

  constructor(secret: string) {
    this.key = createHash('sha256').update(`basin-secret-box:${secret}`).digest();
    this.secret = secret;
  }

  /**
   * A URL-safe secret for `purpose` (HMAC-SHA256 of the platform secret): the same on every call,
   * so worked out once (the data API's pool asks for its login's on every request).
   */
  derive(purpose: string): string {
    let derived = this.derived.get(purpose);
    if (derived === undefined) this.derived.set(purpose, (derived = createHmac('sha256', this.secret).update(purpose).digest('base64url')));
    return derived;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  open(sealed: string): string {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body) throw new Error('Malformed sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const ALPHANUMERIC = `${LOWER}ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789`;

function randomString(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** 20 lower-case letters, like the hosted platform's refs. */
export const newProjectRef = () => randomString(LOWER, 20);
/** URL-safe so it can sit in a connection string unescaped. */
export const newDatabasePassword = () => randomString(ALPHANUMERIC, 32);

/**
 * S3's wire format as the S3 stand-in (s3-stand-in.ts) speaks it: errors with S3's codes, the XML
 * of its answers and of the bodies it reads, and the byte order its keys are listed in. Apart from
 * the server so that the routes and the stored objects read without escaping details.
 */
import type { IncomingMessage } from 'node:http';

/** An answer S3 would give instead of the operation's: its status and error code. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const noSuchKey = () => new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
const xmlUnescape = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    if (entity[0] === '#')
      return String.fromCodePoint(entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[entity.toLowerCase()]!;
  });
export const xml = (root: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</${root}>`;
export const element = (name: string, value: string | number | boolean) =>
  `<${name}>${typeof value === 'string' ? xmlEscape(value) : String(value)}</${name}>`;
/** Every `<name>…</name>` of a request body, unescaped. */
export const elements = (body: string, name: string) =>
  [...body.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => xmlUnescape(m[1]!));

/** S3 sorts keys by their UTF-8 bytes. */
export const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

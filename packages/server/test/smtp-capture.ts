/**
 * A real SMTP server on a free port that keeps every mail it is sent, parsed as the auth emails'
 * default templates write them (their link and code), for the tests of the auth API's mail flows.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string[];
  /** Who signed in to the SMTP server (the project's SMTP_USER), if anyone. */
  user: string | undefined;
  from: string;
  subject: string;
  html: string;
  /** The link and the code of the default templates. */
  link: string;
  code: string;
}

export const SMTP_USER = 'project-mailer';
export const SMTP_PASS = 'smtp secret 1';

/** Quoted-printable bodies (nodemailer's choice for HTML) read back. */
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function parseMail(raw: string, to: string[], user: string | undefined): Mail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  const body = raw.slice(split + 4);
  const html = /quoted-printable/i.test(header('Content-Transfer-Encoding')) ? decodeQuotedPrintable(body) : body;
  const link = (/href="([^"]+)"/.exec(html)?.[1] ?? '').replaceAll('&amp;', '&');
  const code = /<strong>(\d+)<\/strong>/.exec(html)?.[1] ?? '';
  return { to, user, from: header('From'), subject: header('Subject'), html, link, code };
}

/**
 * A project's auth settings for a mail flow test: its SMTP server is `capture`, confirmations are on,
 * and no frequency or rate limit gets in the way of many mails in a row.
 */
export const mailTestSettings = (capture: SmtpCapture) => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: capture.port,
  SMTP_USER,
  SMTP_PASS,
  SMTP_ADMIN_EMAIL: 'auth@app.test',
  MAILER_AUTOCONFIRM: false,
  SMTP_MAX_FREQUENCY: 0,
  RATE_LIMIT_EMAIL_SENT: 1000,
  RATE_LIMIT_VERIFY: 1000,
  RATE_LIMIT_OTP: 1000,
});

export interface SmtpCapture {
  port: number;
  /** Every mail received, oldest first. */
  mails: Mail[];
  /** The newest mail to `address`. */
  mailTo(address: string): Mail;
  close(): Promise<void>;
}

/** Anyone may send; a login must be SMTP_USER with SMTP_PASS. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to, session.user as string | undefined));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    mailTo(address) {
      const mail = mails.findLast((m) => m.to.includes(address));
      if (!mail) throw new Error(`No mail to ${address}`);
      return mail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

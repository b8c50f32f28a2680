import getPort from 'get-port';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createProject, startTestPlatform, uniqueEmail, waitFor } from './harness.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

const SUPPORT_EMAIL = 'support@basin.test';
const received: ReceivedMail[] = [];
let smtp: SMTPServer;
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let author: ApiClient;
let authorEmail: string;
let slug: string;

/** A real SMTP server on 127.0.0.1 standing in for the support mailbox's. */
async function startSmtp(port: number): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

const ticket = (body: Record<string, unknown> = {}) => ({
  projectRef: 'no-project',
  category: 'Plan_upgrade',
  subject: 'Upgrade to Pro',
  message: 'Please move my organization to the Pro plan.',
  ...body,
});

beforeAll(async () => {
  const smtpPort = await getPort({ host: '127.0.0.1' });
  smtp = await startSmtp(smtpPort);
  platform = await startTestPlatform({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, supportEmail: SUPPORT_EMAIL });
  author = new ApiClient(platform.url);
  authorEmail = (await author.signUp(uniqueEmail('author'))).email;
  slug = (await author.post('/api/platform/organizations', { name: 'Help me' })).body.slug;
});
afterAll(async () => {
  await platform?.destroy();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe('support tickets', () => {
  it('stores a ticket and mails it to the support address, the author as Reply-To', async () => {
    const answer = await author.post('/api/platform/support/tickets', ticket({ organizationSlug: slug }));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      category: 'Plan_upgrade',
      subject: 'Upgrade to Pro',
      message: 'Please move my organization to the Pro plan.',
      projectRef: null,
      organizationSlug: slug,
      created_at: expect.any(String),
      emailed: true,
    });

    const [mail] = await waitFor(
      async () => received,
      (mails) => mails.length === 1,
      10_000,
    );
    expect(mail!.from).toBe(SUPPORT_EMAIL);
    expect(mail!.to).toEqual([SUPPORT_EMAIL]);
    expect(mail!.raw).toMatch(/^Subject: \[Plan upgrade\] Upgrade to Pro\r?$/m);
    expect(mail!.raw).toMatch(new RegExp(`^Reply-To: ${authorEmail.replace(/[.+]/g, '\\$&')}\\r?$`, 'm'));
    expect(mail!.raw).toContain(`Ticket #${answer.body.id} from ${authorEmail}`);
    expect(mail!.raw).toContain(`Organization: ${slug}`);
    expect(mail!.raw).toContain('Please move my organization to the Pro plan.');

    const stored = await platform.ctx.db.query('select emailed, category from support_tickets where id = $1', [answer.body.id]);
    expect(stored.rows).toEqual([{ emailed: true, category: 'Plan_upgrade' }]);
    expect((await author.get(`/api/platform/support/tickets/${answer.body.id}`)).body).toEqual(answer.body);
  });

  it('takes the organization from the project of a Database_unresponsive ticket', async () => {
    const ref = await createProject(author, slug, 'Stuck');
    const answer = await author.post(
      '/api/platform/support/tickets',
      ticket({ projectRef: ref, category: 'Database_unresponsive', subject: 'Restore failed', message: 'It does not come back.' }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ projectRef: ref, organizationSlug: slug, category: 'Database_unresponsive' });

    const otherOrg = (await author.post('/api/platform/organizations', { name: 'Elsewhere' })).body.slug;
    const mismatch = await author.post('/api/platform/support/tickets', ticket({ projectRef: ref, organizationSlug: otherOrg }));
    expect(mismatch).toEqual({ status: 400, body: { message: 'This project does not belong to the chosen organization' } });
  });

  it('lists and shows tickets to their author only', async () => {
    const mine = (await author.get('/api/platform/support/tickets')).body as { id: number; created_at: string }[];
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.map((t) => t.created_at)).toEqual([...mine.map((t) => t.created_at)].sort().reverse());

    const stranger = new ApiClient(platform.url);
    await stranger.signUp(uniqueEmail('stranger'));
    expect((await stranger.get('/api/platform/support/tickets')).body).toEqual([]);
    expect(await stranger.get(`/api/platform/support/tickets/${mine[0]!.id}`)).toEqual({
      status: 404,
      body: { message: 'Support ticket not found' },
    });
    expect((await stranger.post('/api/platform/support/tickets', ticket({ organizationSlug: slug }))).status).toBe(404);
    expect((await stranger.post('/api/platform/support/tickets', ticket({ projectRef: 'abcdefghijklmnopqrst' }))).status).toBe(404);
    expect((await new ApiClient(platform.url).get('/api/platform/support/tickets')).status).toBe(401);
  });

  it('refuses a bad category, an empty subject or a bad project ref (400), storing nothing', async () => {
    const count = async () => (await platform.ctx.db.query('select count(*)::int as n from support_tickets')).rows[0].n as number;
    const before = await count();
    expect(await author.post('/api/platform/support/tickets', ticket({ category: 'Free_pizza' }))).toEqual({
      status: 400,
      body: { message: 'Choose a category from the list' },
    });
    expect(await author.post('/api/platform/support/tickets', ticket({ subject: '   ' }))).toEqual({
      status: 400,
      body: { message: 'Please add a subject' },
    });
    expect((await author.post('/api/platform/support/tickets', ticket({ projectRef: 'nope' }))).status).toBe(400);
    expect((await author.get('/api/platform/support/tickets/abc')).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps the ticket when the mail server is down, with emailed false', async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const mailsBefore = received.length;
    const answer = await author.post('/api/platform/support/tickets', ticket({ subject: 'Mail is down' }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ subject: 'Mail is down', emailed: false });
    expect((await author.get('/api/platform/support/tickets')).body[0]).toMatchObject({ id: answer.body.id, emailed: false });
    expect(received.length).toBe(mailsBefore);
  });
});

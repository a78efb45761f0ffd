// Mail leaves the request (issue 21 §1): with MAIL_QUEUE on, the contact form answers at once while
// the mail server is away; the job is retried by the queue and the message arrives exactly once
// when the server comes back; two processes on one database deliver it once between them.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, openTestDb } from './helpers.ts';

type Received = { to: string; messageId: string; raw: string };

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function smtpServer(received: Received[]): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          messageId: raw.match(/^Message-ID: (.+)$/im)?.[1]?.trim() ?? '',
          raw,
        });
        callback();
      });
    },
  });
}

let opened: Awaited<ReturnType<typeof openTestDb>>;
let a: FastifyInstance;
let b: FastifyInstance;
let port: number;
// A queue schema of this file's own: on PostgreSQL other files' queues live in the same database.
const jobs = `jobs_${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  port = await freePort();
  opened = await openTestDb();
  const env = { JOBS_SCHEMA: jobs, MAIL_QUEUE: 'true', SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: 'suport@grilio.test' };
  a = (await buildTestApp(opened.db, env)).app;
  b = (await buildTestApp(opened.db, env)).app;
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await opened?.db.exec(`drop schema if exists ${jobs} cascade`);
  await opened?.close();
});

describe('mail through the job queue', () => {
  it('answers at once with the mail server away, then delivers once when it is back', async () => {
    const res = await a.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: 'Popescu Ana', email: 'ana@exemplu.ro', message: 'Bună ziua, am o întrebare despre abonament.' },
    });
    expect(res.statusCode).toBe(200);
    expect(a.mailer.sent).toHaveLength(0);

    // The first attempts fail (nothing listens); the job waits for its retry.
    await expect
      .poll(
        async () =>
          (await opened.db.one<{ n: number }>(`select count(*)::int as n from ${jobs}.job where name = 'mail-send' and state = 'retry'`))!.n,
        { timeout: 20_000, interval: 250 },
      )
      .toBe(1);

    const received: Received[] = [];
    const server = smtpServer(received);
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    try {
      await expect.poll(() => received.length, { timeout: 30_000, interval: 250 }).toBe(1);
      expect(received[0]!.to).toBe('suport@grilio.test');
      expect(received[0]!.raw).toMatch(/Reply-To: .*ana@exemplu\.ro/i);
      // Delivered by one of the two processes, and only once.
      await new Promise((r) => setTimeout(r, 3000));
      expect(received).toHaveLength(1);
      expect(a.mailer.sent.length + b.mailer.sent.length).toBe(1);
      const job = await opened.db.one<{ state: string; id: string }>(`select state::text as state, id::text from ${jobs}.job where name = 'mail-send'`);
      expect(job!.state).toBe('completed');
      expect(received[0]!.messageId).toContain(job!.id);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

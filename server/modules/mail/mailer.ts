// Mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written as an
// .eml file under DATA_DIR/outbox/ and its first link is logged, so development needs no mail server.
// With the queue on (MAIL_QUEUE, the default) `send` only queues the message (./queue.ts): it is
// delivered off the request by whichever process takes the job, retried while the mail server is
// away, so a request never waits on SMTP and a mail server down loses nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** nodemailer's List-* headers (RFC 2369), e.g. `{ unsubscribe: url }`. */
  list?: { unsubscribe: string };
  /** Other headers, e.g. RFC 8058's `List-Unsubscribe-Post`. */
  headers?: Record<string, string>;
};
export type SentMail = Mail & { file?: string; links: string[] };
export type MailQueuePort = { enqueue(mail: Mail): Promise<void> };

export class Mailer {
  private transport: Transporter;
  private readonly outbox: string | null;
  /** Last messages sent, newest last (kept for tests and the dev log). */
  readonly sent: SentMail[] = [];
  private readonly opts: { smtpUrl?: string; from: string; dataDir: string | null };
  private readonly log: FastifyBaseLogger;
  constructor(opts: { smtpUrl?: string; from: string; dataDir: string | null }, log: FastifyBaseLogger) {
    this.opts = opts;
    this.log = log;
    if (opts.smtpUrl) {
      this.transport = nodemailer.createTransport(opts.smtpUrl);
      this.outbox = null;
    } else {
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.outbox = opts.dataDir ? join(opts.dataDir, 'outbox') : null;
      if (this.outbox) mkdirSync(this.outbox, { recursive: true });
    }
  }

  /** Set once the mail queue has started (app onReady); until then, and with MAIL_QUEUE off, send delivers. */
  queue: MailQueuePort | null = null;

  /** Queues the message (or delivers it at once without a queue). */
  async send(mail: Mail): Promise<void> {
    if (this.queue) await this.queue.enqueue(mail);
    else await this.deliver(mail);
  }

  /**
   * Hands the message to the transport. `messageId` (the job's id when queued) makes a retry of the
   * same job the same message, so a receiving server can tell a repeat.
   */
  async deliver(mail: Mail, messageId?: string): Promise<SentMail> {
    const info = await this.transport.sendMail({ from: this.opts.from, ...mail, ...(messageId ? { messageId } : {}) });
    const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    const record: SentMail = { ...mail, links };
    if (!this.opts.smtpUrl && this.outbox) {
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
      record.file = join(this.outbox, name);
      writeFileSync(record.file, (info as unknown as { message: Buffer }).message);
      this.log.info({ to: mail.to, subject: mail.subject, link: links[0], file: record.file }, 'mail written to outbox');
    }
    this.sent.push(record);
    if (this.sent.length > 200) this.sent.shift();
    return record;
  }
}
